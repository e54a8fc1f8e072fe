import { apiClient, publicRead, queryKeys } from '@mealprep/api-client';
import type { RegionCounts } from '@mealprep/contracts';
import { queryOptions, useQuery } from '@mealprep/query';

const REGION_COUNTS_PATH = '/catalog/regions/counts';

export async function getRegionCounts(signal?: AbortSignal): Promise<Record<string, number>> {
  const { counts } = await apiClient.get<RegionCounts>(REGION_COUNTS_PATH, { signal });
  return counts;
}

export function regionCountsQueryOptions() {
  return queryOptions({
    // The same for every visitor: fetched by the server render and handed to the page, its
    // answer included when it is a not-found or refused one (not asked again when the page mounts).
    meta: publicRead(REGION_COUNTS_PATH),
    retryOnMount: false,
    queryKey: queryKeys.services.regionCounts,
    queryFn: ({ signal }) => getRegionCounts(signal),
  });
}

export function useRegionCounts() {
  return useQuery(regionCountsQueryOptions());
}
