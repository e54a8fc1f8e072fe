import { apiClient, queryKeys } from '@mealprep/api-client';
import type { BulkCheckStatus, WebsiteCheckList } from '@mealprep/contracts';
import type { CheckFilter } from '@mealprep/contracts/browser';
import { queryOptions } from '@mealprep/query';
import { useAdminMutation, type AdminCall } from '../../../lib/admin-actions';

/** Every query of the checks screen: an action refreshes them all. */
export const CHECKS_SCOPE = queryKeys.checks.all;
const base = '/checker/admin/checks';

/** serviceUtilities.bulkStatus: the status box. */
export const checkStatusQuery = queryOptions({
  queryKey: queryKeys.checks.status,
  queryFn: ({ signal }) => apiClient.get<BulkCheckStatus>(`${base}/status`, { signal }),
});

/** serviceUtilities.checks: the table, one filter at a time. */
export const checkListQuery = (filter: CheckFilter) =>
  queryOptions({
    queryKey: queryKeys.checks.list(filter),
    queryFn: ({ signal }) => apiClient.get<WebsiteCheckList>(`${base}?filter=${filter}&pageSize=200`, { signal }),
  });

export type CheckRun = 'run-all' | 'run-unchecked';
/** Queues a bulk run: every service, or only those never checked. */
export const useQueueCheckRun = () => useAdminMutation(CHECKS_SCOPE, ({ run }: AdminCall & { run: CheckRun }) => apiClient.request(`${base}/${run}`, { method: 'POST' }));

export type CheckReview = 'recheck' | 'close' | 'ignore';
/** Re-checks, closes or ignores the checks it is about (one row or the selection). */
export const useReviewChecks = (selection: { drop: (ids: readonly string[]) => void }) =>
  useAdminMutation(
    CHECKS_SCOPE,
    ({ review, about }: AdminCall & { review: CheckReview; about: readonly string[] }) => apiClient.request(`${base}/bulk/${review}`, { method: 'POST', body: { ids: about } }),
    selection,
  );
