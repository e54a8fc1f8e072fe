import { serverMessage } from '@mealprep/api-client';
import type { WebsiteCheck } from '@mealprep/contracts';
import { useState } from 'react';
import { useCheckWebsiteNow } from '../api/check-website-now';

export const CHECK_NOW_FAILED = 'Failed to check website';

/**
 * Re-check of one row. A check can take many seconds, so the screen says which site is being
 * checked, then what the check found: the row itself may leave the table (an Unreviewed site that
 * is fine again), so the result is said in words too. A failure is said there and in the alert.
 */
export function useCheckNow() {
  const [note, setNote] = useState<string | null>(null);
  const mutation = useCheckWebsiteNow();
  const checkNow = async (check: WebsiteCheck) => {
    setNote(`Checking ${check.serviceName}…`);
    try {
      const { result, suggestedAction } = await mutation.mutateAsync({ serviceId: check.serviceId, failure: CHECK_NOW_FAILED });
      setNote(`${check.serviceName}: ${result.status}${suggestedAction === 'review' ? ', needs review' : ''}.`);
    } catch (error) {
      setNote(`${check.serviceName} could not be checked: ${serverMessage(error) ?? CHECK_NOW_FAILED}`);
    }
  };
  return { checking: mutation.isPending ? mutation.variables?.serviceId : null, note, checkNow };
}
