import { apiClient, queryKeys } from '@mealprep/api-client';
import type { AdminReview, AdminReviewList, ReviewQueue } from '@mealprep/contracts';
import { queryOptions } from '@mealprep/query';
import { useAdminMutation, type AdminCall } from '../../../lib/admin-actions';

export type { ReviewQueue };

/** A page of one queue: the held and the owners' replies the checks held (oldest first), the reported (most reports first), or the decided of a status (newest first). */
export const adminReviewsQuery = (queue: ReviewQueue, page: number) =>
  queryOptions({
    queryKey: queryKeys.reviews.admin(queue, page),
    queryFn: ({ signal }) => apiClient.get<AdminReviewList>(`/catalog/admin/reviews?status=${queue}${page > 1 ? `&page=${page}` : ''}`, { signal }),
  });

/** Approves, rejects or removes one review (a rejection or removal with the reason the reviewer reads); every queue is read again. */
export const useDecideReview = () =>
  useAdminMutation(queryKeys.reviews.adminAll, ({ id, decision, reason }: AdminCall & { id: string; decision: 'approve' | 'reject' | 'remove'; reason: string }) =>
    apiClient.post<AdminReview>(`/catalog/admin/reviews/${encodeURIComponent(id)}/decision`, { decision, reason }),
  );

/** Shows an owner's reply the checks held, or takes a reply down (with the reason the owner reads); every queue is read again. */
export const useDecideReply = () =>
  useAdminMutation(queryKeys.reviews.adminAll, ({ id, decision, reason }: AdminCall & { id: string; decision: 'approve' | 'remove'; reason: string }) =>
    apiClient.post<AdminReview>(`/catalog/admin/reviews/${encodeURIComponent(id)}/reply-decision`, { decision, reason }),
  );
