import type { EventPayload } from '@mealprep/contracts';
import type { Broker } from '@mealprep/service-kit';
import { closeFromWebsiteCheck, type CloseDeps } from '../../domain/listings/website-check-close';

/**
 * An admin marked a service closed from its website check: the listing is closed here. One event
 * at a time: the status is changed only from the status read, which MongoDB does atomically but
 * FerretDB does not, so two deliveries handled at once could both close and announce.
 */
export async function subscribeCheckerEvents(broker: Broker, deps: CloseDeps): Promise<void> {
  await broker.subscribe(
    'catalog-checker-events',
    ['checker.service.closed-confirmed'],
    async (event) => {
      await closeFromWebsiteCheck(deps, event.payload as EventPayload<'checker.service.closed-confirmed'>);
    },
    { prefetch: 1 },
  );
}
