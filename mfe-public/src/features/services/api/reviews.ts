import { apiClient, publicRead, queryKeys, sessionQuery } from '@mealprep/api-client';
import type { OwnReview, PublicReview, ReviewBody, ReviewPage, ReviewStanding } from '@mealprep/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@mealprep/query';

const pagePath = (slug: string, page: number) => `/catalog/services/by-slug/${encodeURIComponent(slug)}/reviews${page > 1 ? `?page=${page}` : ''}`;

/** A page of a listing's published reviews, with its rating: the same for every visitor, so the server render reads it. */
export function reviewsQueryOptions(slug: string, page: number) {
  return queryOptions({
    meta: publicRead(pagePath(slug, page)),
    retryOnMount: false,
    queryKey: queryKeys.services.reviews(slug, page),
    queryFn: ({ signal }) => apiClient.get<ReviewPage>(pagePath(slug, page), { signal }),
  });
}

export function useReviews(slug: string, page: number) {
  return useQuery(reviewsQueryOptions(slug, page));
}

/** The signed-in visitor's review of the listing, whether they own it, and which of the shown reviews they reported (nothing when signed out). */
export function useReviewStanding(serviceId: string, shown: readonly string[]) {
  const signedIn = Boolean(useQuery(sessionQuery).data);
  const list = shown.join(',');
  return useQuery({
    queryKey: queryKeys.reviews.standing(serviceId, list),
    queryFn: ({ signal }) => apiClient.get<ReviewStanding>(`/catalog/services/${encodeURIComponent(serviceId)}/reviews/mine${list ? `?shown=${list}` : ''}`, { signal }),
    enabled: signedIn,
    // The reviews shown change under the visitor (another page, a review published meanwhile): the
    // standing on this listing stays on screen while it is read for them, so the visitor's form,
    // and what they typed in it, is never taken away.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === serviceId ? previous : undefined),
  });
}

/** After a change: the listing's pages of reviews, its rating (page and cards) and the visitor's standing are read again. */
function useRefresh(serviceId: string) {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: queryKeys.services.all }), client.invalidateQueries({ queryKey: queryKeys.reviews.standingOf(serviceId) })]).then(() => undefined);
}

/** Writes the visitor's review, or changes the one they wrote. */
export function useSaveReview(serviceId: string, existingId: string | null) {
  const refresh = useRefresh(serviceId);
  return useMutation({
    mutationFn: (body: ReviewBody) =>
      existingId
        ? apiClient.request<OwnReview>(`/catalog/reviews/${encodeURIComponent(existingId)}`, { method: 'PATCH', body })
        : apiClient.post<OwnReview>(`/catalog/services/${encodeURIComponent(serviceId)}/reviews`, body),
    onSuccess: refresh,
  });
}

export function useDeleteReview(serviceId: string) {
  const refresh = useRefresh(serviceId);
  return useMutation({ mutationFn: (reviewId: string) => apiClient.request<void>(`/catalog/reviews/${encodeURIComponent(reviewId)}`, { method: 'DELETE' }), onSuccess: refresh });
}

export function useReplyToReview(serviceId: string) {
  const refresh = useRefresh(serviceId);
  return useMutation({
    mutationFn: ({ reviewId, text }: { reviewId: string; text: string }) => apiClient.post<PublicReview>(`/catalog/reviews/${encodeURIComponent(reviewId)}/reply`, { text }),
    onSuccess: refresh,
  });
}

export function useReportReview(serviceId: string) {
  const refresh = useRefresh(serviceId);
  return useMutation({
    mutationFn: ({ reviewId, reason }: { reviewId: string; reason: string }) => apiClient.post(`/catalog/reviews/${encodeURIComponent(reviewId)}/reports`, { reason }),
    onSuccess: refresh,
  });
}
