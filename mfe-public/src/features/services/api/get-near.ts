import { apiClient, publicRead, queryKeys } from '@mealprep/api-client';
import type { ListingFilters, NearResult } from '@mealprep/contracts';
import {
  listingFilterParams,
  DEFAULT_NEAR_RADIUS,
  MAX_PLACE_QUERY,
  NEAR_DELIVERY_FILTERS,
  NEAR_RADII,
  SERVICE_GRID_PAGE_SIZE,
  type NearDeliveryFilter,
  type NearRadius,
} from '@mealprep/contracts/browser';
import { keepPreviousData, queryOptions, useQuery } from '@mealprep/query';
import { filtersFromSearch } from '../../../lib/list-filters';
import { parsePageParam } from '../../../lib/use-page-param';

/** A near-me search as its URL holds it: /near/{place}?radius=&mealType=&delivery=&page=&shipPage=. */
export interface NearFilter {
  place: string;
  radius: NearRadius;
  mealType?: string;
  delivery?: NearDeliveryFilter;
  /** The filters every list takes (near-me reaches people its own way: `delivery` above). */
  filters?: ListingFilters;
  page: number;
  shipPage: number;
}

/** What a visitor typed, cut to what the API takes. */
export const clampPlace = (text: string) => text.trim().slice(0, MAX_PLACE_QUERY).trim();

/** The search a near-me URL holds; anything the API would refuse falls back to its default. */
export function nearFilterFrom(place: string, search: URLSearchParams): NearFilter {
  const radius = Number(search.get('radius'));
  const delivery = search.get('delivery');
  const mealType = search.get('mealType') ?? '';
  return {
    place: clampPlace(place),
    radius: (NEAR_RADII as readonly number[]).includes(radius) ? (radius as NearRadius) : DEFAULT_NEAR_RADIUS,
    ...(/^[a-z0-9-]{1,60}$/.test(mealType) ? { mealType } : {}),
    ...((NEAR_DELIVERY_FILTERS as readonly string[]).includes(delivery ?? '') ? { delivery: delivery as NearDeliveryFilter } : {}),
    filters: { ...filtersFromSearch(search).filters, delivery: [] },
    page: parsePageParam(search.get('page')),
    shipPage: parsePageParam(search.get('shipPage')),
  };
}

/** The page of a place: /near/78701 (a city keeps its comma: /near/Austin%2C%20TX). */
export function nearPath(place: string, options: { radius?: number; mealType?: string; delivery?: string } = {}): string {
  const params = new URLSearchParams();
  if (options.radius && options.radius !== DEFAULT_NEAR_RADIUS) params.set('radius', String(options.radius));
  if (options.mealType) params.set('mealType', options.mealType);
  if (options.delivery) params.set('delivery', options.delivery);
  const query = params.toString();
  return `/near/${encodeURIComponent(clampPlace(place))}${query ? `?${query}` : ''}`;
}

function nearParams(filter: NearFilter): URLSearchParams {
  const params = new URLSearchParams({ place: filter.place, radius: String(filter.radius) });
  if (filter.mealType) params.set('mealType', filter.mealType);
  if (filter.delivery) params.set('delivery', filter.delivery);
  if (filter.filters) for (const [name, value] of Object.entries(listingFilterParams({ ...filter.filters, delivery: [] }))) params.set(name, value);
  params.set('facets', 'true');
  params.set('page', String(filter.page));
  params.set('shipPage', String(filter.shipPage));
  params.set('pageSize', String(SERVICE_GRID_PAGE_SIZE));
  return params;
}

export function nearQueryOptions(filter: NearFilter) {
  const params = nearParams(filter);
  const path = `/catalog/services/near?${params.toString()}`;
  return queryOptions({
    meta: publicRead(path),
    retryOnMount: false,
    // Under the 'services' topic: a listing published, moved or given a new radius refreshes open results.
    queryKey: queryKeys.services.near(Object.fromEntries(params)),
    queryFn: ({ signal }) => apiClient.get<NearResult>(path, { signal }),
    // Turning a page, or choosing another place, distance or filter, keeps the results on screen
    // (and the choices, and what was typed, in reach) while the next answer loads.
    placeholderData: keepPreviousData,
  });
}

export function useNear(filter: NearFilter) {
  return useQuery({ ...nearQueryOptions(filter), enabled: filter.place.length > 0 });
}

/** "Use my location": the ZIP code nearest the browser's position (asked for only on a click; the position, rounded to about a kilometre, is sent nowhere else and kept nowhere). */
export async function nearestZip(position: { latitude: number; longitude: number }): Promise<string> {
  const params = new URLSearchParams({ lat: position.latitude.toFixed(2), lng: position.longitude.toFixed(2) });
  return (await apiClient.get<{ zip: string }>(`/catalog/places/nearest?${params.toString()}`)).zip;
}
