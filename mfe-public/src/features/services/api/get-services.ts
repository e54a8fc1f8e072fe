import { apiClient, publicRead, queryKeys } from '@mealprep/api-client';
import type { ListingFilters, ListSort, ServiceList } from '@mealprep/contracts';
import { FILTER_PARAMS, listingFilterParams, MAX_SEARCH_LENGTH, SERVICE_GRID_PAGE_SIZE } from '@mealprep/contracts/browser';
import { keepPreviousData, queryOptions, useQuery } from '@mealprep/query';

export interface ServiceListFilter {
  state?: string;
  /** A city's slug within `state` (a city page). */
  city?: string;
  mealType?: string;
  shipping?: boolean;
  featured?: boolean;
  q?: string;
  /** The visitor's filters (from the page's URL), the order, and whether to count each filter's choices. */
  filters?: ListingFilters;
  sort?: ListSort;
  facets?: boolean;
  page?: number;
  pageSize?: number;
}

/** The featured services the home page's strip shows. */
export const FEATURED_FILTER = { featured: true, page: 1, pageSize: 60 } as const;

/** The API refuses a longer search, so anything a visitor pastes is cut to fit first. */
export function clampSearch(q: string): string {
  return q.trim().slice(0, MAX_SEARCH_LENGTH).trim();
}

export function serviceListParams(filter: ServiceListFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.state) params.set('state', filter.state);
  if (filter.city) params.set('city', filter.city);
  if (filter.mealType) params.set('mealType', filter.mealType);
  if (filter.shipping) params.set('shipping', 'true');
  if (filter.featured) params.set('featured', 'true');
  const q = filter.q === undefined ? '' : clampSearch(filter.q);
  if (q) params.set('q', q);
  if (filter.filters) for (const [name, value] of Object.entries(listingFilterParams(filter.filters))) params.set(name, value);
  if (filter.sort && filter.sort !== 'name') params.set('sort', filter.sort);
  if (filter.facets) params.set('facets', 'true');
  params.set('page', String(filter.page ?? 1));
  params.set('pageSize', String(filter.pageSize ?? SERVICE_GRID_PAGE_SIZE));
  return params;
}

const servicesPath = (params: URLSearchParams) => `/catalog/services?${params.toString()}`;

export async function getServices(filter: ServiceListFilter, signal?: AbortSignal): Promise<ServiceList> {
  return apiClient.get<ServiceList>(servicesPath(serviceListParams(filter)), { signal });
}

/** What a visitor changes while staying on one list: its page, its filters and its order. */
const VARIANT_PARAMS = ['page', 'sort', ...FILTER_PARAMS];

function sameListOtherVariant(previousKey: unknown, params: URLSearchParams): boolean {
  if (!previousKey || typeof previousKey !== 'object') return false;
  const previous = new URLSearchParams(previousKey as Record<string, string>);
  const current = new URLSearchParams(params);
  for (const name of VARIANT_PARAMS) {
    previous.delete(name);
    current.delete(name);
  }
  return previous.toString() === current.toString();
}

export function servicesQueryOptions(filter: ServiceListFilter) {
  const params = serviceListParams(filter);
  return queryOptions({
    // The same for every visitor: fetched by the server render and handed to the page, its
    // answer included when it is a not-found or refused one (not asked again when the page mounts).
    meta: publicRead(servicesPath(params)),
    retryOnMount: false,
    // Under the 'services' topic, so a published or edited service refreshes every open list.
    queryKey: queryKeys.services.list(Object.fromEntries(params)),
    queryFn: ({ signal }) => getServices(filter, signal),
    // Turning pages or changing filters keeps the previous answer on screen (and the filters in
    // reach) while the next loads; another list does not.
    placeholderData: (previous, previousQuery) => (previousQuery && sameListOtherVariant(previousQuery.queryKey[2], params) ? keepPreviousData(previous) : undefined),
  });
}

export function useServices(filter: ServiceListFilter, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...servicesQueryOptions(filter), enabled });
}
