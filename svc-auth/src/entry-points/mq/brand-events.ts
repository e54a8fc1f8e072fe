import { EventPayloadSchemas } from '@mealprep/contracts';
import type { BrandFollower, Broker } from '@mealprep/service-kit';

/**
 * Every svc-auth instance hears each brand published (a queue of its own), so the next mail is
 * written with it; after the stream was down, the brand is read again (one may have been missed).
 */
export async function subscribeBrandEvents(broker: Broker, brand: Pick<BrandFollower, 'apply' | 'load'>): Promise<void> {
  await broker.subscribe(
    'auth-brand',
    ['catalog.brand.published'],
    async (event) => {
      brand.apply(EventPayloadSchemas['catalog.brand.published'].parse(event.payload));
    },
    { exclusive: true },
  );
  broker.onConnectionChange((connected) => {
    if (connected) void brand.load();
  });
}
