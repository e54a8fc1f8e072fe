import type { Broker } from '@mealprep/service-kit';
import type { LiveHub } from '../../live/live-hub';
import { invalidationFor } from '../../live/topics';

/**
 * Any change of the catalogue or its media: what the gateway keeps of them is dropped (rendered
 * pages, cached lists, the current banner) and the open live streams are told which topics to
 * refetch. Each gateway hears every such event (its own queue).
 */
export async function subscribeCatalogEvents(broker: Broker, parts: { live: LiveHub; dropPages: () => void; dropLists: () => void; dropBanner: () => void }): Promise<void> {
  await broker.subscribe(
    'gateway-live',
    ['catalog.#', 'media.#'],
    async (event) => {
      parts.dropPages();
      if (event.type.startsWith('media.banners.')) parts.dropBanner();
      if (event.type.startsWith('catalog.') || event.type.startsWith('media.')) parts.dropLists();
      const message = invalidationFor(event);
      if (message) parts.live.broadcast(message);
    },
    { exclusive: true, prefetch: 50 },
  );
}
