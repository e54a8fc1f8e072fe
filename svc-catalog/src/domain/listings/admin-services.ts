import { DELETED_VERSION, type AdminServiceList, type AdminServiceQuery, type EditableService, type Identity, type ServiceStatus } from '@mealprep/contracts';
import { AppError } from '@mealprep/service-kit';
import type { StoredService } from '../../data-access/service-mapping';
import type { Plan } from '../../data-access/service-repository';
import { setStatus, type OwnerDeps } from './owner-services';
import { announceStatusChange, announceUpdate, serviceChange } from './service-events';

const DAY = 24 * 60 * 60 * 1000;
const now = (deps: OwnerDeps) => deps.now?.() ?? new Date();

/** services.adminManagement: every service, newest first, filtered. */
export function listForAdmin(deps: OwnerDeps, query: AdminServiceQuery): AdminServiceList {
  return deps.catalog.admin.query(query, now(deps).getTime());
}

/** An admin sets any status, with an optional reason; public lists change before the event goes out. */
export async function adminSetStatus(deps: OwnerDeps, identity: Identity, id: string, status: ServiceStatus, reason: string | null): Promise<EditableService> {
  const service = await deps.services.findById(id);
  if (!service) throw AppError.notFound('There is no such service.');
  return setStatus(deps, identity, service, status, reason);
}

/**
 * The services a bulk call names, read from the database (the in-memory index may be a moment
 * behind another instance). Bulk calls act on all of them or on none: an unknown id stops them.
 */
async function named(deps: OwnerDeps, ids: readonly string[]): Promise<StoredService[]> {
  const found = await deps.services.findByIds(ids);
  const unknown = new Set(ids).size - found.length;
  if (unknown > 0) throw AppError.notFound(`${unknown} of the selected services do not exist (any more). Nothing was changed.`);
  return found;
}

export async function bulkSetStatus(deps: OwnerDeps, identity: Identity, ids: readonly string[], status: ServiceStatus): Promise<{ updated: number }> {
  const services = await named(deps, ids);
  const at = now(deps);
  const announce = announceStatusChange(deps.events, null);
  const change = { to: status, at, byUserId: identity.userId, byEmail: identity.email, reason: null };
  const updated = await eachWritten(deps, services, (current) => (current.status === status ? null : { set: {}, status: change, announce }));
  return { updated };
}

/** How many services of a bulk call are written at once (the database takes one write at a time; the rest overlaps). */
const BULK_WRITERS = 4;

/**
 * Writes each service as `plan` decides on it as it is when written (an owner may save meanwhile;
 * see ServiceRepository.modify), a few at a time, updates the indexes by id, then sends the
 * events. Returns how many changed.
 */
async function eachWritten(deps: OwnerDeps, services: readonly StoredService[], plan: Plan): Promise<number> {
  let changed = 0;
  let next = 0;
  try {
    await Promise.all(
      Array.from({ length: Math.min(BULK_WRITERS, services.length) }, async () => {
        while (next < services.length) {
          const service = services[next++]!;
          const written = await deps.services.modify(service.id, plan, service);
          if (!written || written.after === written.before) continue;
          deps.catalog.apply(written.after);
          changed += 1;
        }
      }),
    );
  } finally {
    await deps.events.relay();
  }
  return changed;
}

/** Features services for `days` days; only published ones can be, so any other stops the call. */
export async function feature(deps: OwnerDeps, ids: readonly string[], days: number, single: boolean): Promise<{ updated: number; featuredUntil: string }> {
  const services = await named(deps, ids);
  const notPublished = services.filter((s) => s.status !== 'published').length;
  if (notPublished > 0) {
    const message = single ? 'Only published services can be featured' : `Only published services can be featured. ${notPublished} selected service(s) are not published.`;
    throw new AppError('not_published', message, { status: 409 });
  }
  const until = new Date(now(deps).getTime() + days * DAY);
  const updated = await setFeatured(deps, services, until);
  return { updated, featuredUntil: until.toISOString() };
}

export async function unfeature(deps: OwnerDeps, ids: readonly string[]): Promise<{ updated: number }> {
  return { updated: await setFeatured(deps, await named(deps, ids), null) };
}

/** Lists change before the events go out, as for every other write. */
async function setFeatured(deps: OwnerDeps, services: readonly StoredService[], until: Date | null): Promise<number> {
  const announce = announceUpdate(deps.events);
  const featuredUntil = until ? until.toISOString() : null;
  return eachWritten(deps, services, (current) => (current.featuredUntil === featuredUntil ? null : { set: { featuredUntil: until }, announce }));
}

/** Deletes services; svc-media and svc-checker retire their media and checks on the events. */
export async function remove(deps: OwnerDeps, ids: readonly string[]): Promise<{ deleted: number }> {
  const services = await named(deps, ids);
  const deleted = await deps.services.deleteMany(
    ids,
    services.map((service) => deps.events.event('catalog.service.deleted', { ...serviceChange(service), version: DELETED_VERSION })),
  );
  deps.catalog.remove(ids);
  await deps.events.relay();
  return { deleted };
}
