import { apiClient, PUBLIC_QUERY } from '@mealprep/api-client';
import type { GeoRegion, GeoRegionList } from '@mealprep/contracts';
import { queryOptions, useQuery } from '@mealprep/query';

// Under the 'regions' live topic so the shell's invalidation reaches it.
export const regionsQueryKey = ['regions', 'list'] as const;

export async function getRegions(signal?: AbortSignal): Promise<GeoRegion[]> {
  const list = await apiClient.get<GeoRegionList>('/catalog/regions', { signal });
  return list.items;
}

export function regionsQueryOptions() {
  return queryOptions({
    // The same for every visitor: fetched by the server render and handed to the page, its
    // answer included when it is a not-found or refused one (not asked again when the page mounts).
    meta: PUBLIC_QUERY,
    retryOnMount: false,
    queryKey: regionsQueryKey,
    queryFn: ({ signal }) => getRegions(signal),
    staleTime: 10 * 60_000,
  });
}

export function useRegions() {
  return useQuery(regionsQueryOptions());
}
