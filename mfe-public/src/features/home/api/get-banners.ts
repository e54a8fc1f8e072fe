import { apiClient } from '@mealprep/api-client';
import type { BannerImage, BannerImageList } from '@mealprep/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

export async function getBanners(signal?: AbortSignal): Promise<BannerImage[]> {
  const list = await apiClient.get<BannerImageList>('/media/banners', { signal });
  return list.items;
}

export function bannersQueryOptions() {
  return queryOptions({
    queryKey: ['banners', 'active'],
    queryFn: ({ signal }) => getBanners(signal),
  });
}

export function useBanners() {
  return useQuery(bannersQueryOptions());
}
