import { EventPayloadSchemas } from '@mealprep/contracts';
import { coalesced, retryUntilSuccess, type Broker, type EventHandler, type Logger } from '@mealprep/service-kit';
import type { CatalogIndex } from '../../domain/catalogue/catalog-index';
import type { ReviewShelf } from '../../domain/reviews/review-shelf';
import type { ReviewQueues } from '../../domain/reviews/review-queues';
import { settleReview, type ReviewDeps } from '../../domain/reviews/review-ledger';

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
 * Each instance keeps the first pages of listings' reviews (ReviewShelf) and the staff's queues
 * (ReviewQueues): a change of a review, here or in another instance, drops its listing's kept page
 * and reads the review again by its id; after a reconnect (events may have been missed) both are
 * forgotten and the queues loaded again.
 */
export async function subscribeReviewViews(broker: Broker, views: { shelf: ReviewShelf; queues: ReviewQueues }, logger: Logger): Promise<void> {
  let connectedBefore = broker.isConnected();
  broker.onConnectionChange((connected) => {
    if (connected && connectedBefore) {
      views.shelf.reset();
      views.queues.reset();
      void views.queues.load().catch((err: unknown) => logger.warn({ err }, "could not load the staff's queues of reviews; they load on the next read"));
    }
    connectedBefore ||= connected;
  });
  await broker.subscribe(
    'catalog-reviews',
    ['catalog.review.changed'],
    async (event) => {
      const { serviceId, reviewId } = EventPayloadSchemas['catalog.review.changed'].parse(event.payload);
      views.shelf.forget(serviceId);
      try {
        await views.queues.reread([reviewId]);
      } catch (err) {
        logger.warn({ err, reviewId }, "could not read a review again for the staff's queues; loading them again on the next read");
        views.queues.reset();
      }
    },
    { exclusive: true, prefetch: 1 },
  );
}

/**
 * Settles each changed review's bookkeeping (its listing's record and rating, its text's record) on
 * a shared durable queue, once whichever instance takes it: the writer settles it before answering,
 * and this makes it whole when the writer stopped between the review's write and that.
 */
export async function subscribeReviewLedger(broker: Broker, deps: ReviewDeps): Promise<void> {
  await broker.subscribe('catalog-review-ledger', ['catalog.review.changed'], async (event) => {
    const { serviceId, reviewId } = EventPayloadSchemas['catalog.review.changed'].parse(event.payload);
    await settleReview(deps, serviceId, reviewId);
  });
}
