import { serverMessage } from '@mealprep/api-client';
import type { WebsiteCheck } from '@mealprep/contracts';
import { useState } from 'react';
import { checkWebsiteNow } from '../api/check-website-now';

export const CHECK_NOW_FAILED = 'Failed to check website';

/**
 * Re-check of one row. A check can take many seconds, so the screen says which site is being
 * checked, then what the check found: the row itself may leave the table (an Unreviewed site that
 * is fine again), so the result is said in words too. A failure is said there and in the alert.
 */
export function useCheckNow(act: (run: () => Promise<unknown>, failure: string) => Promise<void>) {
  const [checking, setChecking] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const checkNow = (check: WebsiteCheck) =>
    act(async () => {
      setChecking(check.serviceId);
      setNote(`Checking ${check.serviceName}…`);
      try {
        const { result, suggestedAction } = await checkWebsiteNow(check.serviceId);
        setNote(`${check.serviceName}: ${result.status}${suggestedAction === 'review' ? ', needs review' : ''}.`);
      } catch (error) {
        setNote(`${check.serviceName} could not be checked: ${serverMessage(error) ?? CHECK_NOW_FAILED}`);
        throw error;
      } finally {
        setChecking(null);
      }
    }, CHECK_NOW_FAILED);
  return { checking, note, checkNow };
}
