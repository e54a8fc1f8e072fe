import { inject } from 'vitest';
import { signIdentity } from '@mealprep/service-kit';

/**
 * Changes a service's status as an admin would. Sign-in arrives in a later issue, so the test
 * signs an admin identity with the run's secret and calls svc-catalog directly, as the gateway
 * would after resolving a session.
 */
export async function setServiceStatus(serviceId: string, status: string): Promise<void> {
  const headers = signIdentity({ userId: 'e2e-admin', email: 'admin@example.com', roles: ['admin'] }, inject('identitySecret'));
  const response = await fetch(`${inject('catalogUrl')}/admin/services/${serviceId}/status`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ status }),
  });
  if (!response.ok) throw new Error(`status change failed: ${response.status} ${await response.text()}`);
}
