import { EventPayloadSchemas, type EventPayload, type ServiceSnapshot } from '@mealprep/contracts';
import type { Broker } from './broker';
import { readServiceSnapshots } from './catalog-snapshots';
import type { Logger } from './logger';

export type ServiceChange = EventPayload<'catalog.service.created' | 'catalog.service.updated' | 'catalog.service.status-changed'>;

/** A service's own copy of the catalogue's services (svc-checker's projection, svc-media's directory): what it does with what it learns. */
export interface CatalogCopy {
  /** What the copy is called in the log ("service projection", "service directory"). */
  name: string;
  /** Takes svc-catalog's whole list, asked at `askedAt`; answers what it did, for the log. */
  loadAll(items: ServiceSnapshot[], askedAt: Date): Promise<object>;
  /** Takes the services an import wrote, read again from svc-catalog. */
  applySnapshots(items: ServiceSnapshot[]): Promise<unknown>;
  /** Takes one change; a change older than the copy's version of the service changes nothing. */
  applyChange(change: ServiceChange): Promise<unknown>;
  /** A deleted service leaves the copy. */
  forget(serviceId: string): Promise<unknown>;
}

/** Where svc-catalog is asked for its services (unset: never asked), and how the service logs. */
export interface CatalogSource {
  catalogUrl?: string;
  identitySecret: string;
  logger: Logger;
}

/**
 * Loads the whole copy from svc-catalog's internal list: at start (its events may predate this
 * service's queue), and after an import too large to name its services. Returns false when
 * svc-catalog could not be asked.
 */
export async function loadCopyFromCatalog(copy: Pick<CatalogCopy, 'name' | 'loadAll'>, source: CatalogSource): Promise<boolean> {
  if (!source.catalogUrl) return false;
  try {
    const askedAt = new Date();
    const items = await readServiceSnapshots({ catalogUrl: source.catalogUrl, identitySecret: source.identitySecret });
    const result = await copy.loadAll(items, askedAt);
    source.logger.info({ ...result, services: items.length }, `${copy.name} loaded from svc-catalog`);
    return true;
  } catch (err) {
    source.logger.warn({ err }, `could not load the ${copy.name} from svc-catalog`);
    return false;
  }
}

/**
 * Keeps the copy from the catalogue's events on a queue of the service's own: each carries the
 * service's version, so they may come in any order; an import names the services it wrote, which
 * are read again from svc-catalog. A handler that fails is tried again later, then dead-lettered
 * (see Broker.subscribe).
 */
export async function followCatalogEvents(broker: Broker, queue: string, copy: CatalogCopy, source: CatalogSource): Promise<void> {
  await broker.subscribe(queue, ['catalog.service.*', 'catalog.services.imported'], async (event) => {
    switch (event.type) {
      case 'catalog.services.imported': {
        const { serviceIds } = EventPayloadSchemas[event.type].parse(event.payload);
        if (!source.catalogUrl) return;
        if (serviceIds.length === 0) {
          if (!(await loadCopyFromCatalog(copy, source))) throw new Error(`the ${copy.name} could not be loaded after an import`);
          return;
        }
        await copy.applySnapshots(await readServiceSnapshots({ catalogUrl: source.catalogUrl, identitySecret: source.identitySecret, ids: serviceIds }));
        return;
      }
      case 'catalog.service.deleted':
        await copy.forget(EventPayloadSchemas[event.type].parse(event.payload).serviceId);
        return;
      case 'catalog.service.created':
      case 'catalog.service.updated':
      case 'catalog.service.status-changed':
        await copy.applyChange(EventPayloadSchemas[event.type].parse(event.payload));
        return;
      default:
        return;
    }
  });
}
