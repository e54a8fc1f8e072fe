import { apiClient, queryKeys } from '@mealprep/api-client';
import type { Claim, ClaimList } from '@mealprep/contracts';
import { queryOptions } from '@mealprep/query';
import { useAdminMutation, type AdminCall } from '../../../lib/admin-actions';

/** The claims waiting for a decision (oldest first), or the latest decided ones. */
export const adminClaimsQuery = (which: 'waiting' | 'decided') =>
  queryOptions({
    queryKey: queryKeys.claims.admin(which),
    queryFn: async ({ signal }) => (await apiClient.get<ClaimList>(`/catalog/admin/claims?status=${which}`, { signal })).items,
  });

/** Approves or rejects one claim; both lists are read again. */
export const useDecideClaim = () =>
  useAdminMutation(queryKeys.claims.adminAll, ({ id, decision, reason }: AdminCall & { id: string; decision: 'approve' | 'reject'; reason: string }) =>
    apiClient.post<Claim>(`/catalog/admin/claims/${encodeURIComponent(id)}/decision`, { decision, reason }),
  );
