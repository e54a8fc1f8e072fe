import { apiClient } from '@mealprep/api-client';
import { useMutation } from '@mealprep/query';

/** photos.report: a signed-in person reports a listing's photo, with what is wrong with it. */
export function useReportPhoto() {
  return useMutation({
    mutationFn: ({ photoId, reason }: { photoId: string; reason: string }) => apiClient.post(`/media/photos/${encodeURIComponent(photoId)}/reports`, { reason }),
  });
}
