import { ServiceWebsiteSchema, type EventPayload } from '@mealprep/contracts';
import { signInternal, type Broker, type Logger } from '@mealprep/service-kit';
import { z } from 'zod';
import type { CheckRepository } from '../../data-access/check-repository';
import type { ServiceProjectionRepository } from '../../data-access/service-projection-repository';

type ServiceChange = EventPayload<'catalog.service.updated'>;

/**
 * Rebuilds the projection from svc-catalog's internal list: at start and after an import (whose
 * event names no services). Returns false when svc-catalog could not be asked.
 */
export async function syncFromCatalog(deps: { services: ServiceProjectionRepository; catalogUrl?: string; identitySecret: string; logger: Logger }): Promise<boolean> {
  if (!deps.catalogUrl) return false;
  try {
    const answer = await fetch(new URL('/internal/services/websites', deps.catalogUrl), { headers: signInternal(deps.identitySecret), signal: AbortSignal.timeout(30_000) });
    if (!answer.ok) throw new Error(`svc-catalog answered ${answer.status}`);
    const { items } = z.object({ items: z.array(ServiceWebsiteSchema) }).parse(await answer.json());
    const result = await deps.services.replaceAll(items.map(({ serviceId, ...rest }) => ({ id: serviceId, ...rest })));
    deps.logger.info(result, 'service projection rebuilt from svc-catalog');
    return true;
  } catch (err) {
    deps.logger.warn({ err }, 'could not rebuild the service projection from svc-catalog');
    return false;
  }
}

/** Keeps the projection from catalog events; a deleted service takes its check with it. */
export async function subscribeCatalogEvents(deps: {
  broker: Broker;
  services: ServiceProjectionRepository;
  checks: CheckRepository;
  catalogUrl?: string;
  identitySecret: string;
  logger: Logger;
}): Promise<void> {
  await deps.broker.subscribe('checker-catalog-events', ['catalog.service.*', 'catalog.services.imported'], async (event) => {
    if (event.type === 'catalog.services.imported') {
      if (!(await syncFromCatalog(deps))) throw new Error('the projection could not be rebuilt after an import');
      return;
    }
    if (event.type === 'catalog.service.reported-open') return;
    const change = event.payload as ServiceChange;
    if (event.type === 'catalog.service.deleted') {
      await deps.services.remove(change.serviceId);
      await deps.checks.removeService(change.serviceId);
      return;
    }
    await deps.services.upsert(change.serviceId, { name: change.name, slug: change.slug, status: change.status, website: change.website });
  });
}
