import { apiClient, queryKeys } from '@mealprep/api-client';
import type { AdminBannerImage, StockPhoto } from '@mealprep/contracts';
import { queryOptions, useMutation } from '@mealprep/query';
import { useDialogs } from '@mealprep/ui/dialogs';
import { useAdminMutation, type AdminCall } from '../../../lib/admin-actions';

/** Under the 'banners' live topic, like the home hero: an action refreshes both. */
export const BANNERS_SCOPE = ['banners'] as const;
const base = '/media/admin/banners';

export const adminBannersQuery = queryOptions({
  queryKey: queryKeys.banners.admin,
  queryFn: ({ signal }) => apiClient.get<{ items: AdminBannerImage[]; stockPhotosConfigured: boolean }>(base, { signal }),
});

/** Moves a banner one place: the list is renumbered 0, 1, 2… and only changed orders are sent. */
async function move(items: readonly AdminBannerImage[], from: number, to: number): Promise<void> {
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  for (const [order, banner] of next.entries()) {
    if (banner.order !== order) await apiClient.request(`${base}/${banner.id}`, { method: 'PATCH', body: { order } });
  }
}

export type NewBanner = { source: 'unsplash'; unsplashId: string } | { source: 'custom'; url: string; alt: string };
/** Adds a stock photo or a picture by URL; says so when it is in. */
export const useAddBanner = () => {
  const { notify } = useDialogs();
  return useAdminMutation(BANNERS_SCOPE, async ({ banner }: AdminCall & { banner: NewBanner }) => {
    await apiClient.post(base, banner);
    notify('Image added successfully!', 'success');
  });
};

/** Turns one banner on or off. */
export const useSetBannerActive = () =>
  useAdminMutation(BANNERS_SCOPE, ({ id, isActive }: AdminCall & { id: string; isActive: boolean }) => apiClient.request(`${base}/${id}`, { method: 'PATCH', body: { isActive } }));

/** Moves one banner a place earlier or later. */
export const useMoveBanner = () => useAdminMutation(BANNERS_SCOPE, ({ items, from, to }: AdminCall & { items: readonly AdminBannerImage[]; from: number; to: number }) => move(items, from, to));

/** Deletes one banner (`one`) or the selected ones. */
export const useDeleteBanners = (selection: { drop: (ids: readonly string[]) => void }) =>
  useAdminMutation(
    BANNERS_SCOPE,
    ({ about, one }: AdminCall & { about: readonly string[]; one?: boolean }) =>
      one ? apiClient.request(`${base}/${about[0]}`, { method: 'DELETE' }) : apiClient.post(`${base}/bulk/delete`, { ids: about }),
    selection,
  );

/** Activates or deactivates the selected banners in one call. */
export const useSetBannersActive = (selection: { drop: (ids: readonly string[]) => void }) =>
  useAdminMutation(
    BANNERS_SCOPE,
    ({ about, isActive }: AdminCall & { about: readonly string[]; isActive: boolean }) => apiClient.post(`${base}/bulk`, { ids: about, changes: { isActive } }),
    selection,
  );

export interface StockResults {
  images: StockPhoto[];
  hasMore: boolean;
}
/** A page of stock photos for a query (asked on demand, not cached: each search is fresh). */
export const useStockPhotoSearch = () =>
  useMutation({
    mutationFn: ({ query, page }: { query: string; page: number }) => apiClient.get<StockResults>(`/media/admin/stock-photos?${new URLSearchParams({ query, page: String(page) }).toString()}`),
  });
/** One stock photo by its page URL. */
export const useStockPhotoByUrl = () => useMutation({ mutationFn: (url: string) => apiClient.get<StockPhoto>(`/media/admin/stock-photos/by-url?${new URLSearchParams({ url }).toString()}`) });
