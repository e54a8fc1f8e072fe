import { useId, type FormEvent } from 'react';
import { useNavigate } from '@mealprep/router';

export const SEARCH_MAX_LENGTH = 100;

/** A 5-digit ZIP code, or a ZIP+4. */
const ZIP = /^(\d{5})(?:-\d{4})?$/;

/** Where a header search leads, or null when there is nothing to search for: a ZIP code goes to the services near it, anything else to the directory search. */
export function searchPath(text: string): string | null {
  const query = text.trim().slice(0, SEARCH_MAX_LENGTH).trim();
  const zip = ZIP.exec(query)?.[1];
  if (zip) return `/near/${zip}`;
  return query ? `/find-service?${new URLSearchParams({ q: query }).toString()}` : null;
}

function SearchIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2">
      <circle cx="11" cy="11" r="7" />
      <path d="M20 20l-3.5-3.5" strokeLinecap="round" />
    </svg>
  );
}

/** The compact search of the header; the same form serves the desktop bar and the mobile menu. */
export function HeaderSearch({ className = '', onSearch }: { className?: string; onSearch?: () => void }) {
  const inputId = useId();
  const navigate = useNavigate();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const path = searchPath(String(new FormData(event.currentTarget).get('q') ?? ''));
    if (!path) return;
    void navigate(path);
    onSearch?.();
  }

  return (
    // A plain GET form too: without JavaScript the browser goes to /find-service?q=… by itself.
    <form role="search" method="get" action="/find-service" onSubmit={submit} className={`flex items-center ${className}`}>
      <label htmlFor={inputId} className="sr-only">
        Search services
      </label>
      <input
        id={inputId}
        type="search"
        name="q"
        // Not held in state: on a server-rendered page, what a visitor types before the page is
        // hydrated stays in the box (a controlled input would be reset to its empty state).
        maxLength={SEARCH_MAX_LENGTH}
        placeholder="Search services or ZIP"
        autoComplete="off"
        className="h-9 w-full min-w-0 rounded-l-md border border-r-0 border-gray-300 bg-white px-3 text-sm text-gray-900 placeholder:text-gray-500 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-emerald-600 lg:w-48 dark:border-gray-700 dark:bg-gray-900 dark:text-white dark:placeholder:text-gray-400"
      />
      <button
        type="submit"
        aria-label="Search"
        className="inline-flex h-9 items-center justify-center rounded-r-md border border-gray-300 bg-gray-50 px-3 text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 dark:border-gray-700 dark:bg-gray-800 dark:text-gray-200 dark:hover:bg-gray-700"
      >
        <SearchIcon />
      </button>
    </form>
  );
}
