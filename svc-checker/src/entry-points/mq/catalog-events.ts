import { followCatalogEvents, loadCopyFromCatalog, type Broker, type CatalogSource } from '@mealprep/service-kit';
import { applyServiceChange, applySnapshots, forgetService, loadProjection, type ProjectionDeps } from '../../domain/service-projection';

const NAME = 'service projection';

/**
 * Loads the whole projection from svc-catalog's internal list: at start (its events may predate
 * this service's queue). Returns false when svc-catalog could not be asked.
 */
export function syncFromCatalog(deps: Pick<ProjectionDeps, 'services'> & CatalogSource): Promise<boolean> {
  return loadCopyFromCatalog({ name: NAME, loadAll: (items, askedAt) => loadProjection(deps, items, askedAt) }, deps);
}

/**
 * Keeps the projection the checks are scheduled from with the catalogue's events (see
 * followCatalogEvents): a deleted service takes its check with it.
 */
export function subscribeCatalogEvents(deps: ProjectionDeps & CatalogSource & { broker: Broker }): Promise<void> {
  return followCatalogEvents(
    deps.broker,
    'checker-catalog-events',
    {
      name: NAME,
      loadAll: (items, askedAt) => loadProjection(deps, items, askedAt),
      applySnapshots: (items) => applySnapshots(deps, items),
      applyChange: (change) => applyServiceChange(deps, change),
      forget: (serviceId) => forgetService(deps, serviceId),
    },
    deps,
  );
}
