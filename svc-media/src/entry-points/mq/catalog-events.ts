import { EventPayloadSchemas } from '@mealprep/contracts';
import { readServiceSnapshots, type Broker, type Logger } from '@mealprep/service-kit';
import { applyServiceChange, applySnapshots, loadDirectory, retireService, type DirectoryDeps } from '../../domain/service-directory';

interface CatalogDeps extends DirectoryDeps {
  catalogUrl?: string;
  identitySecret: string;
  logger: Logger;
}

/**
 * Loads the whole directory from svc-catalog's internal list: at start (its events may predate
 * this service's queue). Returns false when svc-catalog could not be asked.
 */
export async function syncFromCatalog(deps: CatalogDeps): Promise<boolean> {
  if (!deps.catalogUrl) return false;
  try {
    const askedAt = new Date();
    const items = await readServiceSnapshots({ catalogUrl: deps.catalogUrl, identitySecret: deps.identitySecret });
    const result = await loadDirectory(deps, items, askedAt);
    deps.logger.info({ ...result, services: items.length }, 'service directory loaded from svc-catalog');
    return true;
  } catch (err) {
    deps.logger.warn({ err }, 'could not load the service directory from svc-catalog');
    return false;
  }
}

/**
 * What svc-media learns from the catalogue (see domain/service-directory.ts). Events carry the
 * service's version and only newer ones are applied, in whatever order they come; an import
 * names the services it wrote, which are read again from svc-catalog.
 */
export async function subscribeCatalogEvents(deps: CatalogDeps & { broker: Broker }): Promise<void> {
  await deps.broker.subscribe('media-catalog-events', ['catalog.service.*', 'catalog.services.imported'], async (event) => {
    switch (event.type) {
      case 'catalog.services.imported': {
        const { serviceIds } = EventPayloadSchemas[event.type].parse(event.payload);
        if (!deps.catalogUrl) return;
        if (serviceIds.length === 0) {
          if (!(await syncFromCatalog(deps))) throw new Error('the directory could not be loaded after an import');
          return;
        }
        await applySnapshots(deps, await readServiceSnapshots({ catalogUrl: deps.catalogUrl, identitySecret: deps.identitySecret, ids: serviceIds }));
        return;
      }
      case 'catalog.service.deleted': {
        const { serviceId } = EventPayloadSchemas[event.type].parse(event.payload);
        await retireService(deps, serviceId, new Date());
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
