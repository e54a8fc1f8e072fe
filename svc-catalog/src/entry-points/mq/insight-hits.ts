import type { EventPayload } from '@mealprep/contracts';
import type { Broker, Logger } from '@mealprep/service-kit';
import type { InsightTally } from '../../domain/insights/insight-tally';
import { leadHit } from '../../domain/insights/insights';

/** Batches the tally holds unacknowledged at once while a turn gathers them (each up to 1,000 hits). */
const BATCHES_IN_A_TURN = 50;

/**
 * Counts the batches of hits the recorders send, and the quote requests that reach a listing
 * (taken at once, or approved by staff: their events, from svc-catalog's outbox, so none is lost). A shared durable queue with one active consumer
 * over all instances: the counts have one writer (FerretDB does not keep two increments of one
 * document at once), and another instance takes over when that one goes, reading the ledgers
 * again (a batch is acknowledged only once it is counted, so the next one gets what was not).
 */
export async function subscribeInsightHits(broker: Broker, tally: InsightTally, logger: Logger): Promise<void> {
  await broker.subscribe(
    'catalog-insights',
    ['insights.hits.batch', 'catalog.lead.received', 'catalog.lead.approved'],
    async (event) => {
      if (event.type === 'catalog.lead.received' || event.type === 'catalog.lead.approved') {
        const lead = event.payload as EventPayload<'catalog.lead.received'> | EventPayload<'catalog.lead.approved'>;
        // A held request counts once staff approve it (its own event).
        if ('held' in lead && lead.held) return;
        await tally.add([leadHit(lead.leadId, lead.serviceId, new Date(event.occurredAt))]);
        return;
      }
      // Parsed already by the broker's delivery (every known event's payload is checked there
      // against its schema): each hit on its own, one that is not a hit comes as null and is set
      // aside, so one bad record never fails the batch it came in.
      const { hits } = event.payload as EventPayload<'insights.hits.batch'>;
      const good = hits.filter((hit) => hit !== null);
      if (good.length < hits.length) logger.warn({ eventId: event.id, setAside: hits.length - good.length }, 'insight hits that are not hits set aside; the rest of the batch counts');
      await tally.add(good);
    },
    { prefetch: BATCHES_IN_A_TURN, singleActive: true, onConsume: () => tally.reset() },
  );
}
