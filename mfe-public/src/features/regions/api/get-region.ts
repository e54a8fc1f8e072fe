import { apiClient, publicRead, queryKeys } from '@mealprep/api-client';
import type { GeoRegion } from '@mealprep/contracts';
import { isSlug } from '@mealprep/contracts/browser';
import { queryOptions, useQuery } from '@mealprep/query';

export async function getRegion(slug: string, signal?: AbortSignal): Promise<GeoRegion> {
  return apiClient.get<GeoRegion>(`/catalog/regions/${encodeURIComponent(slug)}`, { signal });
}

/** A slug that cannot exist is not worth a request: the page shows "State Not Found" at once. */
export function isPossibleSlug(slug: string): boolean {
  return isSlug(slug);
}

export function regionQueryOptions(slug: string) {
  return queryOptions({
    // The same for every visitor: fetched by the server render and handed to the page, its
    // answer included when it is a not-found or refused one (not asked again when the page mounts).
    meta: publicRead(`/catalog/regions/${encodeURIComponent(slug)}`),
    retryOnMount: false,
    queryKey: queryKeys.regions.detail(slug),
    queryFn: ({ signal }) => getRegion(slug, signal),
    enabled: isPossibleSlug(slug),
    staleTime: 10 * 60_000,
  });
}

export function useRegion(slug: string) {
  return useQuery(regionQueryOptions(slug));
}
