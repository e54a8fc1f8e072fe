import { isDeepStrictEqual } from 'node:util';
import { PUBLIC_SERVICE_STATUSES, type EventPayload, type ServiceStatus } from '@mealprep/contracts';
import type { DomainEvents } from '@mealprep/service-kit';
import { toPublic, type StoredService } from '../../data-access/service-mapping';
import type { Announce } from '../../data-access/service-repository';

/**
 * What visitors can see of a service: nothing unless it is public (published or closed); then its
 * page and card (every field of its public view but when it was last written), whether it may be
 * claimed, and its submission metadata (which places a location without a stored point in near-me
 * search). Not its owner, nor its version.
 */
function seenByVisitors(service: StoredService | null): unknown {
  if (!service || !PUBLIC_SERVICE_STATUSES.includes(service.status)) return null;
  const { updatedAt: _updatedAt, ...visible } = toPublic(service);
  return { ...visible, metadata: service.metadata };
}

/** Whether a write changed what visitors see of a service (`before` null: it is new, or `after` is all there is of it). */
export function changesWhatVisitorsSee(before: StoredService | null, after: StoredService): boolean {
  return !isDeepStrictEqual(seenByVisitors(before), seenByVisitors(after));
}

/**
 * What catalog.service.created|updated|deleted say of a service, and whether visitors see the
 * change (compared with `before`, the service as it was; without it, the service alone: a new
 * service or a deleted one is seen when it is public).
 */
export function serviceChange(service: StoredService, before: StoredService | null = null): EventPayload<'catalog.service.updated'> {
  return {
    serviceId: service.id,
    slug: service.slug,
    status: service.status,
    logoImageId: service.media.logoImageId,
    name: service.name,
    featuredUntil: service.featuredUntil,
    website: service.contact.website,
    ownerUserId: service.ownerUserId,
    photoIds: (service.media.photos ?? []).map((p) => p.id),
    version: service.version,
    publicChange: changesWhatVisitorsSee(before, service),
  };
}

/**
 * What catalog.service.status-changed says: the service as it now is (as the other events), and the
 * owner is told of a publish or a rejection, with the reason. Visitors see it when the listing was
 * or is public (compared with `before` when given).
 */
export function statusChange(previous: ServiceStatus, after: StoredService, reason: string | null, before?: StoredService): EventPayload<'catalog.service.status-changed'> {
  const publicChange = before ? changesWhatVisitorsSee(before, after) : PUBLIC_SERVICE_STATUSES.includes(previous) || PUBLIC_SERVICE_STATUSES.includes(after.status);
  return { ...serviceChange(after), previousStatus: previous, reason, publicChange };
}

/** Announces a status change (nothing when the status stays), with the reason when there is one. */
export function announceStatusChange(events: DomainEvents, reason: string | null): Announce {
  return (before, after) => (before && before.status !== after.status ? [events.event('catalog.service.status-changed', statusChange(before.status, after, reason, before))] : []);
}

/** Announces that a service changed (name, featuring, contact…): catalog.service.updated with what it now is, and whether visitors see the change. */
export function announceUpdate(events: DomainEvents): Announce {
  return (before, after) => [events.event('catalog.service.updated', serviceChange(after, before))];
}
