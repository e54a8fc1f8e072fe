import type { EventPayload } from '@mealprep/contracts';
import { announceStatusChange } from './service-events';
import type { ServiceDeps } from './services';

export type CloseDeps = Pick<ServiceDeps, 'services' | 'catalog' | 'events' | 'now'>;

export const CLOSED_BY_CHECK_REASON = 'Marked closed from its website check';

/** Closes the listing a website check was marked closed for; a second delivery changes nothing. */
export async function closeFromWebsiteCheck(deps: CloseDeps, payload: EventPayload<'checker.service.closed-confirmed'>): Promise<boolean> {
  const at = deps.now?.() ?? new Date();
  const announce = announceStatusChange(deps.events, CLOSED_BY_CHECK_REASON);
  const written = await deps.services.modify(payload.serviceId, (service) =>
    service.status === 'closed' ? null : { set: {}, status: { to: 'closed', at, byUserId: payload.byUserId, byEmail: payload.byEmail, reason: CLOSED_BY_CHECK_REASON }, announce },
  );
  if (!written || written.after === written.before) return false;
  deps.catalog.apply(written.after);
  await deps.events.relay();
  return true;
}
