import type { ServiceSnapshot } from '@mealprep/contracts';
import type { ServiceRepository } from '../../data-access/service-repository';

export interface SnapshotDeps {
  services: ServiceRepository;
}

/**
 * What svc-checker's and svc-media's projections hold of a service (its snapshot): every one, loaded
 * when they start, or those an import named.
 */
export function serviceSnapshots(deps: SnapshotDeps, ids?: readonly string[]): Promise<ServiceSnapshot[]> {
  return ids ? deps.services.snapshotsByIds(ids) : deps.services.listSnapshots();
}
