import { isApiError } from '@mealprep/api-client';
import { SERVICE_GRID_PAGE_SIZE } from '@mealprep/contracts/browser';
import { ErrorState, Loading, Pager, buttonClassName } from '@mealprep/ui';
import type { ReactNode } from 'react';
import { Link } from '@mealprep/router';
import { useInsightReport } from '../../../lib/insights';
import { RouterPagerLink } from '../../../lib/router-link';
import { serviceItemList, StructuredData } from '../../../lib/structured-data';
import { usePageParam } from '../../../lib/use-page-param';
import { useServices, type ServiceListFilter } from '../api/get-services';
import { humanizeSlug } from '../../../lib/text';
import { useListFilters } from '../../../lib/list-filters';
import { useKeptAnswer } from '../../../lib/use-kept-answer';
import { ListFilters } from './list-filters';
import { ServiceCard } from './service-card';

export const EMPTY_SERVICES_TEXT = 'No services found yet. Be the first to add your service!';
export const PAGE_MISSING_TEXT = 'This page does not exist.';

export function EmptyServices() {
  return (
    <div className="rounded-xl border border-dashed border-gray-300 px-6 py-12 text-center dark:border-gray-700">
      <p className="text-gray-700 dark:text-gray-200">{EMPTY_SERVICES_TEXT}</p>
      <Link to="/add-your-service" className={buttonClassName({ className: 'mt-6' })}>
        Add Your Service
      </Link>
    </div>
  );
}

export interface ServiceGridProps {
  /** Which services; the page comes from the URL. */
  filter: Omit<ServiceListFilter, 'page' | 'pageSize'>;
  /** Shown above the grid once the total is known. */
  countLine?: (total: number) => ReactNode;
  /** Shown instead of the grid when nothing matches at all. */
  empty?: ReactNode;
  labelForMealType?: (slug: string) => string;
  /**
   * The grid's own heading, for assistive technology only (visually hidden): it sits between the
   * page's heading and the cards' h3 titles so heading levels go one step at a time.
   */
  heading?: string;
  /** The search the grid answers: its listings are counted as shown in a search (an empty answer, as a search that found nothing). */
  searchTerm?: string;
}

export const NO_MATCH_TEXT = 'No services match these filters.';
export const LIST_NOT_UPDATED_TEXT = 'The list could not be updated, so your last choice is undone. Try again in a moment.';

/** Said when a choice's answer failed and the page went back to the list it showed before. */
export function ListNotUpdated() {
  return (
    <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm font-medium text-red-800 dark:bg-red-950 dark:text-red-200">
      {LIST_NOT_UPDATED_TEXT}
    </p>
  );
}

export const DEFAULT_GRID_HEADING = 'Meal prep services';

/** A server-paginated grid of service cards, six to a page, the page kept as ?page=N. */
export function ServiceGrid({ filter, countLine, empty = <EmptyServices />, labelForMealType = humanizeSlug, heading = DEFAULT_GRID_HEADING, searchTerm }: ServiceGridProps) {
  const { page, hrefForPage } = usePageParam();
  const { filters, sort, active } = useListFilters();
  const { data: answer, error, isError, isFetching, isPlaceholderData, refetch } = useServices({ ...filter, filters, sort, facets: true, page, pageSize: SERVICE_GRID_PAGE_SIZE });
  const refused = isError && isApiError(error) && error.status === 400;
  // The list is the page's filter (its place, meal type or search); its URL adds the visitor's choices.
  const { data, goingBack, wentBack } = useKeptAnswer({ data: answer, isError: isError && !refused, isFetching, isPlaceholderData }, JSON.stringify(filter));
  useInsightReport(
    !searchTerm || !data ? null : data.total === 0 ? { metric: 'empty-search', term: searchTerm } : data.items.length ? { metric: 'search', serviceIds: data.items.map((s) => s.id) } : null,
  );

  // A refused query (odd input the server will not take) is simply an empty result.
  if (refused) return <>{empty}</>;
  if (isError && !isFetching && !goingBack) return <ErrorState onRetry={() => void refetch()} />;
  if (!data) return <Loading />;
  const filtered = active > 0 || sort !== 'name';
  if (data.total === 0 && !filtered) return <>{empty}</>;
  const keep = filter.q ? { q: filter.q } : undefined;

  return (
    <div className="flex flex-col gap-6">
      <ListFilters filters={filters} sort={sort} counts={data.facets} labelForMealType={labelForMealType} withMealTypes={!filter.mealType} keep={keep} />
      {wentBack ? <ListNotUpdated /> : null}
      <h2 className="sr-only">{heading}</h2>
      {data.total === 0 ? (
        <div className="rounded-xl border border-dashed border-gray-300 px-6 py-12 text-center dark:border-gray-700">
          <p className="text-gray-700 dark:text-gray-200">{NO_MATCH_TEXT}</p>
        </div>
      ) : countLine ? (
        <p className="text-gray-700 dark:text-gray-200">{countLine(data.total)}</p>
      ) : null}
      {data.total === 0 ? null : data.items.length === 0 ? (
        <div className="rounded-xl border border-dashed border-gray-300 px-6 py-12 text-center dark:border-gray-700">
          <p className="text-gray-700 dark:text-gray-200">{PAGE_MISSING_TEXT}</p>
          <Link to={hrefForPage(1)} className={buttonClassName({ variant: 'outline', className: 'mt-6' })}>
            Go to page 1
          </Link>
        </div>
      ) : (
        <StructuredData build={(origin) => serviceItemList(origin, data.items, (page - 1) * SERVICE_GRID_PAGE_SIZE + 1)} />
      )}
      {data.items.length === 0 ? null : (
        <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3" aria-busy={isFetching || undefined}>
          {data.items.map((service, index) => (
            <li key={service.id}>
              <ServiceCard service={service} labelForMealType={labelForMealType} coverPriority={index === 0} />
            </li>
          ))}
        </ul>
      )}
      {data.items.length ? <Pager page={page} pageCount={data.pageCount} hrefForPage={hrefForPage} linkComponent={RouterPagerLink} /> : null}
    </div>
  );
}
