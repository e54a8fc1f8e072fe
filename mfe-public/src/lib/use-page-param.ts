import { useCallback } from 'react';
import { useLocation, useSearchParams } from '@mealprep/router';

/** The API refuses pages past this; a larger number simply lands past the end. */
const MAX_PAGE = 10_000;

/** `?page=N` as a page number: anything that is not a positive integer means page 1. */
export function parsePageParam(value: string | null): number {
  if (!value || !/^\d{1,12}$/.test(value)) return 1;
  const page = Number(value);
  return page >= 1 ? Math.min(page, MAX_PAGE) : 1;
}

/** The current list page from the URL (`?page=N`, or another parameter's name), and links to other pages that keep the rest of the query. */
export function usePageParam(name = 'page') {
  const [searchParams] = useSearchParams();
  const { pathname } = useLocation();
  const page = parsePageParam(searchParams.get(name));

  const hrefForPage = useCallback(
    (target: number) => {
      const next = new URLSearchParams(searchParams);
      if (target <= 1) next.delete(name);
      else next.set(name, String(target));
      const query = next.toString();
      return query ? `${pathname}?${query}` : pathname;
    },
    [name, pathname, searchParams],
  );

  return { page, hrefForPage };
}
