import type { ComponentType, ReactNode } from 'react';

export type PageItem = number | 'ellipsis-start' | 'ellipsis-end';

/** Spec §9: up to 7 pages every number shows; beyond that first, last, current ±1 and ellipses. */
export const PAGER_COLLAPSE_AFTER = 7;

export function getPageItems(page: number, pageCount: number): PageItem[] {
  if (pageCount <= PAGER_COLLAPSE_AFTER) return Array.from({ length: Math.max(pageCount, 0) }, (_, i) => i + 1);
  const current = Math.min(Math.max(page, 1), pageCount);
  const start = Math.max(2, current - 1);
  const end = Math.min(pageCount - 1, current + 1);
  const items: PageItem[] = [1];
  if (start > 2) items.push('ellipsis-start');
  for (let n = start; n <= end; n += 1) items.push(n);
  if (end < pageCount - 1) items.push('ellipsis-end');
  items.push(pageCount);
  return items;
}

export interface PagerLinkProps {
  href: string;
  className?: string;
  children: ReactNode;
  rel?: string;
  'aria-current'?: 'page';
  'aria-label'?: string;
}

function PlainLink({ href, ...rest }: PagerLinkProps) {
  return <a href={href} {...rest} />;
}

export interface PagerProps {
  page: number;
  pageCount: number;
  /** Where a page lives; the app decides how the page is kept in the URL. */
  hrefForPage: (page: number) => string;
  /** The app's router link, so moving between pages does not reload the site. */
  linkComponent?: ComponentType<PagerLinkProps>;
  className?: string;
  /** The navigation's name (two pagers on one page need two names). */
  label?: string;
}

const cell =
  'inline-flex h-10 min-w-10 items-center justify-center rounded-md px-3 text-sm font-medium ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 dark:focus-visible:outline-emerald-400';
const idle = `${cell} border border-gray-300 text-gray-800 hover:bg-gray-100 dark:border-gray-600 dark:text-gray-100 dark:hover:bg-gray-800`;
const active = `${cell} bg-emerald-700 text-white dark:bg-emerald-500 dark:text-gray-950`;
const disabled = `${cell} border border-gray-200 text-gray-500 dark:border-gray-800 dark:text-gray-400`;

/** Page links for a server-paginated list. Renders nothing for one page or fewer. */
export function Pager({ page, pageCount, hrefForPage, linkComponent: Link = PlainLink, className, label = 'Pagination' }: PagerProps) {
  if (pageCount <= 1) return null;
  const current = Math.min(Math.max(page, 1), pageCount);
  return (
    <nav aria-label={label} className={className}>
      <ul className="flex flex-wrap items-center justify-center gap-2">
        <li>
          {current > 1 ? (
            <Link href={hrefForPage(current - 1)} rel="prev" className={idle}>
              Previous
            </Link>
          ) : (
            <span aria-disabled="true" className={disabled}>
              Previous
            </span>
          )}
        </li>
        {getPageItems(current, pageCount).map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              <Link href={hrefForPage(item)} aria-current={item === current ? 'page' : undefined} className={item === current ? active : idle}>
                {item}
              </Link>
            </li>
          ) : (
            <li key={item} className="px-1 text-gray-600 dark:text-gray-300">
              …
            </li>
          ),
        )}
        <li>
          {current < pageCount ? (
            <Link href={hrefForPage(current + 1)} rel="next" className={idle}>
              Next
            </Link>
          ) : (
            <span aria-disabled="true" className={disabled}>
              Next
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
