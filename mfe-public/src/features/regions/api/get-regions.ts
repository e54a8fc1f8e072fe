import { apiClient } from '@mealprep/api-client';
import type { GeoRegion, GeoRegionList } from '@mealprep/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

// Under the 'regions' live topic so the shell's invalidation reaches it.
export const regionsQueryKey = ['regions', 'list'] as const;

export async function getRegions(signal?: AbortSignal): Promise<GeoRegion[]> {
  const list = await apiClient.get<GeoRegionList>('/catalog/regions', { signal });
  return list.items;
}

export function regionsQueryOptions() {
  return queryOptions({
    queryKey: regionsQueryKey,
    queryFn: ({ signal }) => getRegions(signal),
    staleTime: 10 * 60_000,
  });
}

export function useRegions() {
  return useQuery(regionsQueryOptions());
}
