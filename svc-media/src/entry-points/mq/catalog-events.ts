import { EventPayloadSchemas, type ServiceSnapshot } from '@mealprep/contracts';
import { readServiceSnapshots, type Broker, type Logger } from '@mealprep/service-kit';
import type { MediaRepository } from '../../data-access/media-repository';
import type { DirectoryState, ServiceDirectoryRepository } from '../../data-access/service-directory-repository';

interface CatalogDeps {
  media: MediaRepository;
  directory: ServiceDirectoryRepository;
  catalogUrl?: string;
  identitySecret: string;
  logger: Logger;
}

const fromSnapshot = ({ serviceId, name, slug, status, featuredUntil, version }: ServiceSnapshot): DirectoryState => ({ id: serviceId, name, slug, status, featuredUntil, version });

/** A service now uses a logo uploaded for it: the upload becomes that service's media item. */
async function associateLogo(deps: CatalogDeps, serviceId: string, logoImageId: string | null | undefined): Promise<void> {
  if (logoImageId) await deps.media.associate(logoImageId, serviceId);
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
    const result = await deps.directory.sync(items.map(fromSnapshot), askedAt);
    deps.logger.info({ ...result, services: items.length }, 'service directory loaded from svc-catalog');
    return true;
  } catch (err) {
    deps.logger.warn({ err }, 'could not load the service directory from svc-catalog');
    return false;
  }
}

/**
 * What svc-media learns from the catalogue: each service's name, status and featuring (its own
 * directory, for the media screen's search), a logo uploaded for a listing becoming that
 * service's media item once the listing uses it, and a deleted service's media retired
 * (soft-deleted, so an admin can restore them). Events carry the service's version and only newer
 * ones are applied, in whatever order they come; an import names the services it wrote, which
 * are read again from svc-catalog.
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
        for (const snapshot of await readServiceSnapshots({ catalogUrl: deps.catalogUrl, identitySecret: deps.identitySecret, ids: serviceIds })) {
          await deps.directory.apply(fromSnapshot(snapshot));
          await associateLogo(deps, snapshot.serviceId, snapshot.logoImageId);
        }
        return;
      }
      case 'catalog.service.deleted': {
        const { serviceId } = EventPayloadSchemas[event.type].parse(event.payload);
        await deps.media.retireForService(serviceId, new Date());
        await deps.directory.markDeleted(serviceId);
        return;
      }
      case 'catalog.service.created':
      case 'catalog.service.updated':
      case 'catalog.service.status-changed': {
        const change = EventPayloadSchemas[event.type].parse(event.payload);
        await deps.directory.apply({ id: change.serviceId, version: change.version, name: change.name, slug: change.slug, status: change.status, featuredUntil: change.featuredUntil });
        await associateLogo(deps, change.serviceId, change.logoImageId);
        return;
      }
      default:
        return;
    }
  });
}
