import { apiClient } from '@mealprep/api-client';
import type { CheckNowResult } from '@mealprep/contracts';
import { useAdminMutation, type AdminCall } from '../../../lib/admin-actions';
import { CHECKS_SCOPE } from './website-checks';

/**
 * serviceUtilities.checkWebsite: checks one service's website while the admin waits. It may take
 * the checker's whole budget (20 s by default); the gateway waits that long for this call, and so
 * does the screen (no timeout of its own).
 */
export const useCheckWebsiteNow = () =>
  useAdminMutation(CHECKS_SCOPE, ({ serviceId }: AdminCall & { serviceId: string }) => apiClient.post<CheckNowResult>(`/checker/admin/checks/services/${serviceId}/check`));
