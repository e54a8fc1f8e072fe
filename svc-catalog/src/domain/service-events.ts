import type { EventPayload, ServiceStatus } from '@mealprep/contracts';
import type { DomainEvents } from '@mealprep/service-kit';
import type { StoredService } from '../data-access/service-mapping';
import type { Announce } from '../data-access/service-repository';

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
    version: service.version,
  };
}

/** What catalog.service.status-changed says: the service as it now is (as the other events), and the owner is told of a publish or a rejection, with the reason. */
export function statusChange(previous: ServiceStatus, after: StoredService, reason: string | null): EventPayload<'catalog.service.status-changed'> {
  return { ...serviceChange(after), previousStatus: previous, reason };
}

/** Announces a status change (nothing when the status stays), with the reason when there is one. */
export function announceStatusChange(events: DomainEvents, reason: string | null): Announce {
  return (before, after) => (before && before.status !== after.status ? [events.event('catalog.service.status-changed', statusChange(before.status, after, reason))] : []);
}

/** Announces that a service changed (name, featuring, contact…): catalog.service.updated with what it now is. */
export function announceUpdate(events: DomainEvents): Announce {
  return (_before, after) => [events.event('catalog.service.updated', serviceChange(after))];
}
