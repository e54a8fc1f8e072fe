import { EventPayloadSchemas } from '@mealprep/contracts';
import type { Broker } from '@mealprep/service-kit';
import { mailOwnerOfStatusChange, type StatusMailDeps } from '../../domain/status-change-mail';

/**
 * Owners hear by e-mail when an admin publishes or rejects their listing. A shared durable queue:
 * with several svc-auth instances each event is mailed once; a failed send is retried (the use
 * case claims the event id and gives it back when the send fails).
 */
export async function subscribeStatusMail(deps: StatusMailDeps & { broker: Broker }): Promise<void> {
  await deps.broker.subscribe('auth-owner-status-mail', ['catalog.service.status-changed'], async (event) => {
    const change = EventPayloadSchemas['catalog.service.status-changed'].parse(event.payload);
    await mailOwnerOfStatusChange(deps, event.id, change);
  });
}
