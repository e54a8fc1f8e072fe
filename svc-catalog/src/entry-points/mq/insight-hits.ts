import type { EventPayload } from '@mealprep/contracts';
import type { Broker } from '@mealprep/service-kit';
import { storeHits, type InsightRepository } from '../../domain/insights';

/**
 * Stores the batches of hits the recorders send. A shared durable queue with one active consumer
 * over all instances, taking one batch at a time: the counts are added by one writer only (FerretDB
 * does not keep two increments of one document at once), and another instance takes over when that
 * one goes. A batch delivered again adds nothing twice (a hit's key is unique, and hits are kept
 * HIT_DAYS_KEPT days after theirs).
 */
export async function subscribeInsightHits(broker: Broker, insights: InsightRepository, now: () => Date = () => new Date()): Promise<void> {
  await broker.subscribe(
    'catalog-insights',
    ['insights.hits.batch'],
    async (event) => {
      // Parsed already by the broker's delivery (every known event's payload is checked there against its schema).
      const { hits } = event.payload as EventPayload<'insights.hits.batch'>;
      await storeHits({ insights, now }, hits);
    },
    { prefetch: 1, singleActive: true },
  );
}
