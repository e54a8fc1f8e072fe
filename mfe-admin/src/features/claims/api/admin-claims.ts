import { apiClient, queryKeys } from '@mealprep/api-client';
import type { AdminClaimList, Claim } from '@mealprep/contracts';
import { queryOptions } from '@mealprep/query';
import { useAdminMutation, type AdminCall } from '../../../lib/admin-actions';

/** The claims waiting for a decision (oldest first), or the latest decided ones, each with its listing as it is now. */
export const adminClaimsQuery = (which: 'waiting' | 'decided') =>
  queryOptions({
    queryKey: queryKeys.claims.admin(which),
    queryFn: async ({ signal }) => (await apiClient.get<AdminClaimList>(`/catalog/admin/claims?status=${which}`, { signal })).items,
  });

/**
 * Approves or rejects one claim, on the listing's owner the admin sees (`expectedOwnerUserId`, null:
 * none): when it has another owner by then the server refuses and says so. Both lists are read again.
 */
export const useDecideClaim = () =>
  useAdminMutation(
    queryKeys.claims.adminAll,
    ({ id, decision, reason, expectedOwnerUserId }: AdminCall & { id: string; decision: 'approve' | 'reject'; reason: string; expectedOwnerUserId: string | null }) =>
      apiClient.post<Claim>(`/catalog/admin/claims/${encodeURIComponent(id)}/decision`, { decision, reason, expectedOwnerUserId }),
  );
