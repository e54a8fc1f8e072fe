import { followCatalogEvents, loadCopyFromCatalog, type Broker, type CatalogSource } from '@mealprep/service-kit';
import { applyServiceChange, applySnapshots, loadDirectory, retireService, type DirectoryDeps } from '../../domain/service-directory';

type CatalogDeps = DirectoryDeps & CatalogSource;
const NAME = 'service directory';

/**
 * Loads the whole directory from svc-catalog's internal list: at start (its events may predate
 * this service's queue). Returns false when svc-catalog could not be asked.
 */
export function syncFromCatalog(deps: CatalogDeps): Promise<boolean> {
  return loadCopyFromCatalog({ name: NAME, loadAll: (items, askedAt) => loadDirectory(deps, items, askedAt) }, deps);
}

/**
 * What svc-media learns from the catalogue (see domain/service-directory.ts and
 * followCatalogEvents): a deleted service is retired from the directory.
 */
export function subscribeCatalogEvents(deps: CatalogDeps & { broker: Broker }): Promise<void> {
  return followCatalogEvents(
    deps.broker,
    'media-catalog-events',
    {
      name: NAME,
      loadAll: (items, askedAt) => loadDirectory(deps, items, askedAt),
      applySnapshots: (items) => applySnapshots(deps, items),
      applyChange: (change) => applyServiceChange(deps, change),
      forget: (serviceId) => retireService(deps, serviceId, new Date()),
    },
    deps,
  );
}
