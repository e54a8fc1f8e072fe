import type { EventPayload, ServiceStatus } from '@mealprep/contracts';
import type { StoredService } from '../data-access/service-repository';

/** What catalog.service.created|updated|deleted say of a service. */
export function serviceChange(service: StoredService): EventPayload<'catalog.service.updated'> {
  return {
    serviceId: service.id,
    slug: service.slug,
    status: service.status,
    logoImageId: service.media.logoImageId,
    name: service.name,
    featuredUntil: service.featuredUntil,
    website: service.contact.website,
    ownerUserId: service.ownerUserId,
  };
}

/** What catalog.service.status-changed says: the owner is told of a publish or a rejection, with the reason. */
export function statusChange(previous: ServiceStatus, after: StoredService, reason: string | null): EventPayload<'catalog.service.status-changed'> {
  return {
    serviceId: after.id,
    slug: after.slug,
    status: after.status,
    previousStatus: previous,
    ownerUserId: after.ownerUserId,
    name: after.name,
    reason,
  };
}
