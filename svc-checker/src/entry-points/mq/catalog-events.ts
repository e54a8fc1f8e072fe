import { EventPayloadSchemas, type ServiceSnapshot } from '@mealprep/contracts';
import { readServiceSnapshots, type Broker, type Logger } from '@mealprep/service-kit';
import type { CheckRepository } from '../../data-access/check-repository';
import type { ServiceProjectionRepository, VersionedService } from '../../data-access/service-projection-repository';

const fromSnapshot = ({ serviceId, name, slug, website, status, version }: ServiceSnapshot): VersionedService => ({ id: serviceId, name, slug, website, status, version });

/**
 * Loads the whole projection from svc-catalog's internal list: at start (its events may predate
 * this service's queue). Returns false when svc-catalog could not be asked.
 */
export async function syncFromCatalog(deps: { services: ServiceProjectionRepository; catalogUrl?: string; identitySecret: string; logger: Logger }): Promise<boolean> {
  if (!deps.catalogUrl) return false;
  try {
    const askedAt = new Date();
    const items = await readServiceSnapshots({ catalogUrl: deps.catalogUrl, identitySecret: deps.identitySecret });
    const result = await deps.services.sync(items.map(fromSnapshot), askedAt);
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
export async function subscribeCatalogEvents(deps: {
  broker: Broker;
  services: ServiceProjectionRepository;
  checks: CheckRepository;
  catalogUrl?: string;
  identitySecret: string;
  logger: Logger;
}): Promise<void> {
  await deps.broker.subscribe('checker-catalog-events', ['catalog.service.*', 'catalog.services.imported'], async (event) => {
    switch (event.type) {
      case 'catalog.services.imported': {
        const { serviceIds } = EventPayloadSchemas[event.type].parse(event.payload);
        if (!deps.catalogUrl) return;
        if (serviceIds.length === 0) {
          if (!(await syncFromCatalog(deps))) throw new Error('the projection could not be loaded after an import');
          return;
        }
        const snapshots = await readServiceSnapshots({ catalogUrl: deps.catalogUrl, identitySecret: deps.identitySecret, ids: serviceIds });
        for (const snapshot of snapshots) await deps.services.apply(fromSnapshot(snapshot));
        return;
      }
      case 'catalog.service.deleted': {
        const { serviceId } = EventPayloadSchemas[event.type].parse(event.payload);
        await deps.services.markDeleted(serviceId);
        await deps.checks.removeService(serviceId);
        return;
      }
      case 'catalog.service.created':
      case 'catalog.service.updated':
      case 'catalog.service.status-changed': {
        const { serviceId, name, slug, status, website, version } = EventPayloadSchemas[event.type].parse(event.payload);
        // Every change event says the whole state; what an older producer left out stays as it was.
        await deps.services.apply({ id: serviceId, slug, status, version, ...(name === undefined ? {} : { name }), ...(website === undefined ? {} : { website }) });
        return;
      }
      default:
        return;
    }
  });
}
