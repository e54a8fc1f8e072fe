import { apiClient, publicRead, queryKeys } from '@mealprep/api-client';
import type { City, CityList } from '@mealprep/contracts';
import { isSlug } from '@mealprep/contracts/browser';
import { queryOptions, useQuery } from '@mealprep/query';

/** The cities of a state that have published services (its page links each one). */
export function citiesQueryOptions(state: string) {
  return queryOptions({
    meta: publicRead(`/catalog/regions/${encodeURIComponent(state)}/cities`),
    retryOnMount: false,
    // Under 'services': a listing published or moved changes which cities have a page.
    queryKey: queryKeys.services.cities(state),
    queryFn: ({ signal }) => apiClient.get<CityList>(`/catalog/regions/${encodeURIComponent(state)}/cities`, { signal }),
    enabled: isSlug(state),
  });
}

export function useCities(state: string) {
  return useQuery(citiesQueryOptions(state));
}

/** A city page: its name, its state and how many services it has; 404 when it has none. */
export function cityQueryOptions(state: string, city: string) {
  return queryOptions({
    meta: publicRead(`/catalog/regions/${encodeURIComponent(state)}/cities/${encodeURIComponent(city)}`),
    retryOnMount: false,
    queryKey: queryKeys.services.city(state, city),
    queryFn: ({ signal }) => apiClient.get<City>(`/catalog/regions/${encodeURIComponent(state)}/cities/${encodeURIComponent(city)}`, { signal }),
    enabled: isSlug(state) && isSlug(city),
  });
}

export function useCity(state: string, city: string) {
  return useQuery(cityQueryOptions(state, city));
}
