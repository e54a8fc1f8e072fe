import type { EventPayload } from '@mealprep/contracts';
import { announceStatusChange } from './service-events';
import type { ServiceDeps } from './services';

export type CloseDeps = Pick<ServiceDeps, 'services' | 'catalog' | 'events' | 'now'>;

export const CLOSED_BY_CHECK_REASON = 'Marked closed from its website check';

/** Closes the listing a website check was marked closed for; a second delivery changes nothing. */
export async function closeFromWebsiteCheck(deps: CloseDeps, payload: EventPayload<'checker.service.closed-confirmed'>): Promise<boolean> {
  const service = await deps.services.findById(payload.serviceId);
  if (!service || service.status === 'closed') return false;
  const after = await deps.services.setStatus(
    service.id,
    'closed',
    deps.now?.() ?? new Date(),
    { byUserId: payload.byUserId, byEmail: payload.byEmail, reason: CLOSED_BY_CHECK_REASON },
    { onlyFrom: service.status, announce: announceStatusChange(deps.events, CLOSED_BY_CHECK_REASON) },
  );
  if (!after) return false;
  await deps.catalog.refresh();
  await deps.events.relay();
  return true;
}
