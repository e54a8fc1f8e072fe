import { apiClient, PUBLIC_QUERY, queryKeys } from '@mealprep/api-client';
import type { BannerImage, BannerImageList } from '@mealprep/contracts';
import { queryOptions, useQuery } from '@mealprep/query';

export async function getBanners(signal?: AbortSignal): Promise<BannerImage[]> {
  const list = await apiClient.get<BannerImageList>('/media/banners', { signal });
  return list.items;
}

export function bannersQueryOptions() {
  return queryOptions({
    // The same for every visitor: fetched by the server render and handed to the page, its
    // answer included when it is a not-found or refused one (not asked again when the page mounts).
    meta: PUBLIC_QUERY,
    retryOnMount: false,
    queryKey: queryKeys.banners.active,
    queryFn: ({ signal }) => getBanners(signal),
  });
}

export function useBanners() {
  return useQuery(bannersQueryOptions());
}
