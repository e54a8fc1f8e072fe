import { EventPayloadSchemas } from '@mealprep/contracts';
import { readServiceSnapshots, type Broker, type Logger } from '@mealprep/service-kit';
import { applyServiceChange, applySnapshots, forgetService, loadProjection, type ProjectionDeps } from '../../domain/service-projection';

/** Where svc-catalog is asked for its services (unset: never asked), and how the service logs. */
interface CatalogSource {
  catalogUrl?: string;
  identitySecret: string;
  logger: Logger;
}

/**
 * Loads the whole projection from svc-catalog's internal list: at start (its events may predate
 * this service's queue). Returns false when svc-catalog could not be asked.
 */
export async function syncFromCatalog(deps: Pick<ProjectionDeps, 'services'> & CatalogSource): Promise<boolean> {
  if (!deps.catalogUrl) return false;
  try {
    const askedAt = new Date();
    const items = await readServiceSnapshots({ catalogUrl: deps.catalogUrl, identitySecret: deps.identitySecret });
    const result = await loadProjection(deps, items, askedAt);
    deps.logger.info({ ...result, services: items.length }, 'service projection loaded from svc-catalog');
    return true;
  } catch (err) {
    deps.logger.warn({ err }, 'could not load the service projection from svc-catalog');
    return false;
  }
}

/**
 * Keeps the projection from catalog events: each carries the service's version, and an older
 * one than the projection holds changes nothing, in whatever order they arrive. An import names
 * the services it wrote, which are read again from svc-catalog. A deleted service takes its check
 * with it. A handler that fails is tried again later, then dead-lettered (see Broker.subscribe).
 */
export async function subscribeCatalogEvents(deps: ProjectionDeps & CatalogSource & { broker: Broker }): Promise<void> {
  await deps.broker.subscribe('checker-catalog-events', ['catalog.service.*', 'catalog.services.imported'], async (event) => {
    switch (event.type) {
      case 'catalog.services.imported': {
        const { serviceIds } = EventPayloadSchemas[event.type].parse(event.payload);
        if (!deps.catalogUrl) return;
        if (serviceIds.length === 0) {
          if (!(await syncFromCatalog(deps))) throw new Error('the projection could not be loaded after an import');
          return;
        }
        await applySnapshots(deps, await readServiceSnapshots({ catalogUrl: deps.catalogUrl, identitySecret: deps.identitySecret, ids: serviceIds }));
        return;
      }
      case 'catalog.service.deleted': {
        const { serviceId } = EventPayloadSchemas[event.type].parse(event.payload);
        await forgetService(deps, serviceId);
        return;
      }
      case 'catalog.service.created':
      case 'catalog.service.updated':
      case 'catalog.service.status-changed':
        await applyServiceChange(deps, EventPayloadSchemas[event.type].parse(event.payload));
        return;
      default:
        return;
    }
  });
}
