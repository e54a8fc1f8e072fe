import { apiClient, publicRead, queryKeys } from '@mealprep/api-client';
import type { NearbyServices } from '@mealprep/contracts';
import { queryOptions, useQuery } from '@mealprep/query';
import { isPossibleServiceSlug } from './get-service';

/** "Also near {city}" on a service's page: the nearest other services, and the page of its city. */
export function nearbyQueryOptions(slug: string) {
  return queryOptions({
    meta: publicRead(`/catalog/services/by-slug/${encodeURIComponent(slug)}/nearby`),
    retryOnMount: false,
    // Under 'services': a listing published or moved nearby refreshes the section.
    queryKey: queryKeys.services.nearby(slug),
    queryFn: ({ signal }) => apiClient.get<NearbyServices>(`/catalog/services/by-slug/${encodeURIComponent(slug)}/nearby`, { signal }),
    enabled: isPossibleServiceSlug(slug),
  });
}

export function useNearby(slug: string) {
  return useQuery(nearbyQueryOptions(slug));
}

/** The path of a city page. */
export const cityPath = (city: { stateSlug: string; slug: string }) => `/state/${encodeURIComponent(city.stateSlug)}/${encodeURIComponent(city.slug)}`;
