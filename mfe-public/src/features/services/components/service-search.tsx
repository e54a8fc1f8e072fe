import { Button } from '@mealprep/ui';
import { MAX_SEARCH_LENGTH } from '@mealprep/contracts/browser';
import { useId, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from '@mealprep/router';
import { clampSearch } from '../api/get-services';
import { ServiceGrid } from './service-grid';

/** The text box of the page's search forms (the directory search and the near-me search). */
export const SEARCH_INPUT_CLASS =
  'h-10 rounded-md border border-gray-400 bg-white px-3 text-gray-900 placeholder:text-gray-600 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-emerald-600 dark:border-gray-500 dark:bg-gray-900 dark:text-gray-100 dark:placeholder:text-gray-400';

export function searchCountLine(total: number, q: string): string {
  return total === 1 ? `1 service matches "${q}"` : `${total} services match "${q}"`;
}

/** The search box of /find-service; the query lives in the URL (?q=…&page=N). */
export function ServiceSearch({ labelForMealType }: { labelForMealType?: (slug: string) => string }) {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const inputId = useId();
  const q = clampSearch(searchParams.get('q') ?? '');

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = clampSearch(String(new FormData(event.currentTarget).get('q') ?? ''));
    void navigate({ pathname, search: value ? `?${new URLSearchParams({ q: value }).toString()}` : '' });
  }

  return (
    <section aria-labelledby={`${inputId}-heading`} className="flex flex-col gap-6">
      <h2 id={`${inputId}-heading`} className="text-2xl font-bold tracking-tight">
        Search the directory
      </h2>
      {/* A plain GET form too: without JavaScript the browser submits ?q=… to this page by itself. */}
      <form role="search" method="get" action={pathname} onSubmit={onSubmit} className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex flex-1 flex-col gap-1">
          <label htmlFor={inputId} className="text-sm font-medium">
            Search services
          </label>
          <input
            // Re-created when the URL changes so the box shows the query being displayed.
            key={q}
            id={inputId}
            type="search"
            name="q"
            defaultValue={q}
            maxLength={MAX_SEARCH_LENGTH}
            placeholder="Search by name, city, state or meal type"
            className={SEARCH_INPUT_CLASS}
          />
        </div>
        <Button type="submit">Search</Button>
      </form>
      {q ? (
        <ServiceGrid
          filter={{ q }}
          countLine={(total) => searchCountLine(total, q)}
          empty={<p className="text-gray-700 dark:text-gray-200">No services match "{q}".</p>}
          labelForMealType={labelForMealType}
          heading="Search results"
          searchTerm={q}
        />
      ) : null}
    </section>
  );
}
