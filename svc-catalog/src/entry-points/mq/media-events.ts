import { EventPayloadSchemas } from '@mealprep/contracts';
import type { Broker } from '@mealprep/service-kit';
import { dropRemovedPhoto } from '../../domain/listings/listing-photos';
import type { CloseDeps } from '../../domain/listings/website-check-close';

/** Staff removed a listing's photo in svc-media: it leaves the gallery here. One at a time: the listing is changed from the one read, which FerretDB does not do atomically. */
export async function subscribeMediaEvents(broker: Broker, deps: CloseDeps): Promise<void> {
  await broker.subscribe(
    'catalog-media-events',
    ['media.photo.removed'],
    async (event) => {
      const removed = EventPayloadSchemas['media.photo.removed'].parse(event.payload);
      await dropRemovedPhoto(deps, removed.listingId, removed.photoId);
    },
    { prefetch: 1 },
  );
}
