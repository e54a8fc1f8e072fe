import { apiClient, publicRead, queryKeys } from '@mealprep/api-client';
import type { BannerImage, BannerImageList } from '@mealprep/contracts';
import { queryOptions, useQuery } from '@mealprep/query';

const BANNERS_PATH = '/media/banners';

export async function getBanners(signal?: AbortSignal): Promise<BannerImage[]> {
  const list = await apiClient.get<BannerImageList>(BANNERS_PATH, { signal });
  return list.items;
}

export function bannersQueryOptions() {
  return queryOptions({
    // The same for every visitor: fetched by the server render and handed to the page, its
    // answer included when it is a not-found or refused one (not asked again when the page mounts).
    meta: publicRead(BANNERS_PATH),
    retryOnMount: false,
    queryKey: queryKeys.banners.active,
    queryFn: ({ signal }) => getBanners(signal),
  });
}

export function useBanners() {
  return useQuery(bannersQueryOptions());
}
