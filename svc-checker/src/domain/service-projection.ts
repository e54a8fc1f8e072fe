import type { EventPayload, ServiceSnapshot } from '@mealprep/contracts';
import type { CheckRepository } from '../data-access/check-repository';
import type { ServiceProjectionRepository, VersionedService } from '../data-access/service-projection-repository';

/**
 * svc-checker's copy of the catalogue (each service's name, slug, website and status, at the
 * version svc-catalog gave it), kept from what svc-catalog says: its whole list, the services an
 * import wrote, and its change events. A state older than the one held changes nothing, in
 * whatever order they come.
 */
export interface ProjectionDeps {
  services: ServiceProjectionRepository;
  checks: CheckRepository;
}

const fromSnapshot = ({ serviceId, name, slug, website, status, version }: ServiceSnapshot): VersionedService => ({ id: serviceId, name, slug, website, status, version });

/** svc-catalog's whole list, asked for at `askedAt`: the copy is brought in step with it. */
export function loadProjection(deps: Pick<ProjectionDeps, 'services'>, snapshots: readonly ServiceSnapshot[], askedAt: Date): Promise<{ written: number; removed: number }> {
  return deps.services.sync(snapshots.map(fromSnapshot), askedAt);
}

/** The services an import wrote, as svc-catalog says they are now. */
export async function applySnapshots(deps: Pick<ProjectionDeps, 'services'>, snapshots: readonly ServiceSnapshot[]): Promise<void> {
  for (const snapshot of snapshots) await deps.services.apply(fromSnapshot(snapshot));
}

/** A service was created or changed: every change event says the whole state; what an older producer left out stays as it was. */
export async function applyServiceChange(deps: Pick<ProjectionDeps, 'services'>, change: EventPayload<'catalog.service.updated'>): Promise<void> {
  const { serviceId, name, slug, status, website, version } = change;
  await deps.services.apply({ id: serviceId, slug, status, version, ...(name === undefined ? {} : { name }), ...(website === undefined ? {} : { website }) });
}

/** A deleted service becomes a tombstone and takes its check with it. */
export async function forgetService(deps: ProjectionDeps, serviceId: string): Promise<void> {
  await deps.services.markDeleted(serviceId);
  await deps.checks.removeService(serviceId);
}
