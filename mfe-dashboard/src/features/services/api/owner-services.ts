import { apiClient, MY_SERVICES_QUERY_KEY, newIdempotencyKey, queryKeys, uploadFile, uploadFileWithProgress } from '@mealprep/api-client';
import type { EditableService, OwnedService, PhotoFacts, ServiceInsertInput, ServiceStatus, ServiceUpdate } from '@mealprep/contracts';
import { queryOptions, useMutation, useQueryClient } from '@mealprep/query';

/** Under the 'services' live topic: a change made elsewhere (an admin publishing) refreshes it. */
export const editServiceQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.services.edit(id),
    queryFn: ({ signal }) => apiClient.get<EditableService>(`/catalog/services/${encodeURIComponent(id)}/edit`, { signal }),
  });

export { MY_SERVICES_QUERY_KEY };

export function createService(listing: ServiceInsertInput) {
  return apiClient.post<{ id: string; slug: string; status: ServiceStatus }>('/catalog/services', listing);
}

export function submitForApproval(id: string) {
  return apiClient.post<EditableService>(`/catalog/services/${encodeURIComponent(id)}/submit`);
}

/** A save is sent again, with the same key, when its answer is lost or the site asks to try again: applied once either way. */
export function updateService(id: string, changes: ServiceUpdate) {
  return apiClient.request<EditableService>(`/catalog/services/${encodeURIComponent(id)}`, { method: 'PATCH', body: changes, idempotencyKey: newIdempotencyKey() });
}

export function setServiceStatus(id: string, status: ServiceStatus) {
  return apiClient.request<EditableService>(`/catalog/admin/services/${encodeURIComponent(id)}/status`, { method: 'PATCH', body: { status } });
}

/** services.insert then services.submitForApproval: a new listing, made as a draft and sent for review. */
export function useCreateListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (listing: ServiceInsertInput) => {
      const created = await createService(listing);
      await submitForApproval(created.id);
      return created;
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: MY_SERVICES_QUERY_KEY }),
  });
}

export type EditorCall = { kind: 'save'; changes: ServiceUpdate } | { kind: 'submit' } | { kind: 'status'; status: ServiceStatus };
/** What the editor does to its listing; the answer is the listing as it now stands, kept for the page and the owner's list. */
export function useEditorCall(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (call: EditorCall) => (call.kind === 'save' ? updateService(id, call.changes) : call.kind === 'submit' ? submitForApproval(id) : setServiceStatus(id, call.status)),
    // The answer is the listing as stored: the page takes it as it is (the live stream's news of
    // this save names the same version, so the page is not asked to read it again), and the
    // owner's list, shown on other pages, takes its name, slug and status.
    onSuccess: (updated) => {
      queryClient.setQueryData(editServiceQuery(id).queryKey, updated);
      queryClient.setQueryData<OwnedService[]>(MY_SERVICES_QUERY_KEY, (mine) =>
        mine?.map((item) => (item.id === updated.id ? { id: updated.id, name: updated.name, slug: updated.slug, status: updated.status } : item)),
      );
    },
  });
}

/** media.uploadImageKit: sends the file's bytes; answers the new media id. */
export function uploadLogo(file: File): Promise<{ mediaId: string; url: string }> {
  return uploadFile(`/media/uploads?${new URLSearchParams({ fileName: file.name, folder: 'services' }).toString()}`, file);
}

/** media.uploadPhoto: one photo for a listing, its progress told as it is sent; answers svc-media's drawing of it. */
export async function uploadPhoto(listingId: string, file: File, onProgress: (sent: number) => void, signal?: AbortSignal): Promise<PhotoFacts> {
  const path = `/media/photos?${new URLSearchParams({ listingId, fileName: file.name }).toString()}`;
  return (await uploadFileWithProgress<{ photo: PhotoFacts }>(path, file, onProgress, signal)).photo;
}

export interface GalleryChange {
  photos: Array<{ id: string; alt: string; caption: string | null }>;
  coverId: string | null;
}

/** services.setPhotos: the whole gallery; the answer (the listing as stored) is kept for the page. */
export function useSetPhotos(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: GalleryChange) => apiClient.request<EditableService>(`/catalog/services/${encodeURIComponent(id)}/photos`, { method: 'PUT', body: change }),
    onSuccess: (updated) => queryClient.setQueryData(editServiceQuery(id).queryKey, updated),
  });
}
