import type { Broker, Logger } from '@mealprep/service-kit';
import type { CatalogIndex } from '../../domain/catalog-index';

/**
 * Every instance keeps its own public index, so each listens on a queue of its own for service
 * changes (from itself or another instance) and rebuilds.
 */
export async function subscribeIndexRefresher(broker: Broker, catalog: CatalogIndex, logger: Logger): Promise<void> {
  await broker.subscribe(
    'catalog-index',
    ['catalog.service.*', 'catalog.services.imported', 'catalog.meal-types.*', 'catalog.regions.*'],
    async (event) => {
      await catalog.refresh();
      logger.debug({ type: event.type, size: catalog.index.size }, 'public index rebuilt');
    },
    { exclusive: true, prefetch: 1 },
  );
}
