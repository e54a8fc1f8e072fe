import { EventPayloadSchemas } from '@mealprep/contracts';
import { coalesced, retryUntilSuccess, type Broker, type EventHandler, type Logger } from '@mealprep/service-kit';
import type { CatalogIndex } from '../../domain/catalog-index';
import type { ReviewShelf } from '../../domain/review-shelf';

/**
 * Every instance keeps its own indexes, so each listens on a queue of its own for catalogue
 * changes (from itself or another instance) and updates the services they name. Its queue lives
 * only while it is connected: after a reconnect events may have been missed, so the indexes are
 * loaded again whole, as they are when an update cannot be read (the database is away), until a
 * load succeeds.
 */
export async function subscribeIndexRefresher(broker: Broker, catalog: CatalogIndex, logger: Logger): Promise<void> {
  // Asked for while a load runs, it loads once more after it (that load may have read before the change).
  const loadAgain = coalesced(async () => {
    await retryUntilSuccess(() => catalog.refresh(), { onFailedAttempt: (err) => logger.warn({ err }, 'could not load the indexes; trying again') });
    logger.info({ published: catalog.index.size }, 'indexes loaded again');
  });
  const reloadAll = () => void loadAgain();
  let connectedBefore = broker.isConnected();
  broker.onConnectionChange((connected) => {
    if (connected && connectedBefore) reloadAll();
    connectedBefore ||= connected;
  });
  const handler: EventHandler = async (event) => {
    try {
      await applyEvent(catalog, event);
    } catch (err) {
      logger.warn({ err, type: event.type }, 'could not apply a catalogue event to the indexes; loading them again');
      reloadAll();
    }
  };
  await broker.subscribe('catalog-index', ['catalog.service.*', 'catalog.services.imported', 'catalog.meal-types.*', 'catalog.regions.*'], handler, { exclusive: true, prefetch: 1 });
}

async function applyEvent(catalog: CatalogIndex, event: Parameters<EventHandler>[0]): Promise<void> {
  switch (event.type) {
    case 'catalog.service.reported-open':
      return;
    case 'catalog.service.deleted':
      return catalog.remove([EventPayloadSchemas[event.type].parse(event.payload).serviceId]);
    case 'catalog.service.created':
    case 'catalog.service.updated':
    case 'catalog.service.status-changed': {
      const { serviceId, version } = EventPayloadSchemas[event.type].parse(event.payload);
      // The writer applied it already (or a newer one came first).
      if (version > 0 && catalog.versionOf(serviceId) >= version) return;
      return catalog.reload([serviceId]);
    }
    case 'catalog.services.imported': {
      const { serviceIds } = EventPayloadSchemas[event.type].parse(event.payload);
      return serviceIds.length > 0 ? catalog.reload(serviceIds) : catalog.refresh();
    }
    default:
      return catalog.refresh();
  }
}

/**
 * Each instance keeps the order of each listing's published reviews (ReviewShelf): it reads a
 * listing's again when one of its reviews changes, here or in another instance, and forgets them
 * all after a reconnect (events may have been missed).
 */
export async function subscribeReviewShelf(broker: Broker, shelf: ReviewShelf, logger: Logger): Promise<void> {
  let connectedBefore = broker.isConnected();
  broker.onConnectionChange((connected) => {
    if (connected && connectedBefore) shelf.reset();
    connectedBefore ||= connected;
  });
  await broker.subscribe(
    'catalog-reviews',
    ['catalog.review.changed'],
    async (event) => {
      const { serviceId } = EventPayloadSchemas['catalog.review.changed'].parse(event.payload);
      try {
        await shelf.refresh(serviceId);
      } catch (err) {
        logger.warn({ err, serviceId }, "could not read the order of a listing's reviews again; forgetting them all");
        shelf.reset();
      }
    },
    { exclusive: true, prefetch: 1 },
  );
}
