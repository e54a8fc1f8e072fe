import type { AdminServiceList, AdminServiceQuery, Identity, ServiceStatus } from '@mealprep/contracts';
import { AppError } from '@mealprep/service-kit';
import type { OwnerDeps } from './owner-services';

const DAY = 24 * 60 * 60 * 1000;
const now = (deps: OwnerDeps) => deps.now?.() ?? new Date();

/** services.adminManagement: every service, newest first, filtered. */
export function listForAdmin(deps: OwnerDeps, query: AdminServiceQuery): AdminServiceList {
  return deps.catalog.admin.query(query, now(deps).getTime());
}

/** Bulk calls act on all the services they name or on none: an unknown id stops them first. */
function known(deps: OwnerDeps, ids: readonly string[]): void {
  const { unknown } = deps.catalog.admin.lookup(ids);
  if (unknown.length > 0) throw AppError.notFound(`${unknown.length} of the selected services do not exist (any more). Nothing was changed.`);
}

export async function bulkSetStatus(deps: OwnerDeps, identity: Identity, ids: readonly string[], status: ServiceStatus): Promise<{ updated: number }> {
  await deps.catalog.refresh();
  known(deps, ids);
  let updated = 0;
  const at = now(deps);
  for (const id of ids) {
    const before = await deps.services.findById(id);
    if (!before || before.status === status) continue;
    const after = await deps.services.setStatus(id, status, at, { byUserId: identity.userId, byEmail: identity.email, reason: null });
    if (!after) continue;
    updated += 1;
    await deps.publish('catalog.service.status-changed', {
      serviceId: after.id,
      slug: after.slug,
      status: after.status,
      previousStatus: before.status,
      ownerUserId: after.ownerUserId,
      name: after.name,
      reason: null,
    });
  }
  await deps.catalog.refresh();
  return { updated };
}

/** Features services for `days` days; only published ones can be, so any other stops the call. */
export async function feature(deps: OwnerDeps, ids: readonly string[], days: number, single: boolean): Promise<{ updated: number; featuredUntil: string }> {
  await deps.catalog.refresh();
  known(deps, ids);
  const { notPublished } = deps.catalog.admin.lookup(ids);
  if (notPublished.length > 0) {
    const message = single ? 'Only published services can be featured' : `Only published services can be featured. ${notPublished.length} selected service(s) are not published.`;
    throw new AppError('not_published', message, { status: 409 });
  }
  const until = new Date(now(deps).getTime() + days * DAY);
  const updated = await deps.services.setFeatured(ids, until);
  await announce(deps, ids);
  return { updated, featuredUntil: until.toISOString() };
}

export async function unfeature(deps: OwnerDeps, ids: readonly string[]): Promise<{ updated: number }> {
  await deps.catalog.refresh();
  known(deps, ids);
  const updated = await deps.services.setFeatured(ids, null);
  await announce(deps, ids);
  return { updated };
}

/** Deletes services; svc-media and svc-checker retire their media and checks on the events. */
export async function remove(deps: OwnerDeps, ids: readonly string[]): Promise<{ deleted: number }> {
  await deps.catalog.refresh();
  known(deps, ids);
  const deleted = await deps.services.deleteMany(ids);
  await deps.catalog.refresh();
  for (const service of deleted) {
    await deps.publish('catalog.service.deleted', { serviceId: service.id, slug: service.slug, status: service.status, logoImageId: service.media.logoImageId, name: service.name, featuredUntil: service.featuredUntil });
  }
  return { deleted: deleted.length };
}

async function announce(deps: OwnerDeps, ids: readonly string[]): Promise<void> {
  await deps.catalog.refresh();
  for (const id of ids) {
    const service = await deps.services.findById(id);
    if (service) await deps.publish('catalog.service.updated', { serviceId: service.id, slug: service.slug, status: service.status, logoImageId: service.media.logoImageId, name: service.name, featuredUntil: service.featuredUntil });
  }
}
