import { apiClient, queryKeys } from '@mealprep/api-client';
import type { AdminMediaItem, PhotoFacts } from '@mealprep/contracts';
import { queryOptions } from '@mealprep/query';
import { useAdminMutation, type AdminCall } from '../../../lib/admin-actions';

/** Every query of the media screen: an action refreshes them all. */
export const MEDIA_SCOPE = ['media'] as const;
const base = '/media/admin/media';

export interface MediaFilters {
  q: string;
  featuredOnly: boolean;
  includeDeleted: boolean;
}

/** media.adminList: every media item, searched and filtered. */
export const adminMediaQuery = ({ q, featuredOnly, includeDeleted }: MediaFilters) => {
  const params = new URLSearchParams({ featuredOnly: String(featuredOnly), includeDeleted: String(includeDeleted), ...(q ? { q } : {}) });
  return queryOptions({
    queryKey: queryKeys.media.admin(Object.fromEntries(params)),
    queryFn: async ({ signal }) => (await apiClient.get<{ items: AdminMediaItem[] }>(`${base}?${params.toString()}`, { signal })).items,
  });
};

/** A new alt text for one item. */
export const useSetAltText = () =>
  useAdminMutation(MEDIA_SCOPE, ({ id, altText }: AdminCall & { id: string; altText: string }) => apiClient.request(`${base}/${id}`, { method: 'PATCH', body: { altText } }));

/** Brings one deleted item back. */
export const useRestoreMedia = () => useAdminMutation(MEDIA_SCOPE, ({ id }: AdminCall & { id: string }) => apiClient.post(`${base}/${id}/restore`));

/** Deletes the items it is about: one card's (`one`), or the selection's in one call. */
export const useDeleteMedia = (selection: { drop: (ids: readonly string[]) => void }) =>
  useAdminMutation(
    MEDIA_SCOPE,
    ({ about, one }: AdminCall & { about: readonly string[]; one?: boolean }) => (one ? apiClient.post(`${base}/${about[0]}/delete`) : apiClient.post(`${base}/bulk/delete`, { ids: about })),
    selection,
  );

/** Staff's view of one listing's gallery, as svc-media holds it (removed photos included). */
export const listingPhotosQuery = (listingId: string) =>
  queryOptions({
    queryKey: [...MEDIA_SCOPE, 'listing-photos', listingId],
    queryFn: async ({ signal }) => (await apiClient.get<{ items: PhotoFacts[] }>(`/media/admin/photos/by-listing/${encodeURIComponent(listingId)}`, { signal })).items,
  });

/** Takes a photo down with the reason its owner is mailed. */
export const useRemovePhoto = () =>
  useAdminMutation(MEDIA_SCOPE, ({ photoId, reason }: AdminCall & { photoId: string; reason: string }) => apiClient.post(`/media/admin/photos/${encodeURIComponent(photoId)}/remove`, { reason }));

/** Serves a removed photo again. */
export const useRestorePhoto = () => useAdminMutation(MEDIA_SCOPE, ({ photoId }: AdminCall & { photoId: string }) => apiClient.post(`/media/admin/photos/${encodeURIComponent(photoId)}/restore`));

export interface ReportedPhoto {
  photoId: string;
  listingId: string;
  count: number;
  lastReason: string;
  lastAt: string;
  photo: PhotoFacts | null;
}

/** Staff's queue of reported photos, latest report first. */
export const reportedPhotosQuery = () =>
  queryOptions({
    queryKey: [...MEDIA_SCOPE, 'reported-photos'],
    queryFn: async ({ signal }) => (await apiClient.get<{ items: ReportedPhoto[] }>('/media/admin/photos/reported', { signal })).items,
  });

/** Nothing wrong with it: the photo leaves the queue. */
export const useDismissPhotoReports = () =>
  useAdminMutation(MEDIA_SCOPE, ({ photoId }: AdminCall & { photoId: string }) => apiClient.post(`/media/admin/photos/${encodeURIComponent(photoId)}/dismiss-reports`));
