import type { EventPayload, ServiceSnapshot } from '@mealprep/contracts';
import type { MediaRepository } from '../data-access/media-repository';
import type { DirectoryState, ServiceDirectoryRepository } from '../data-access/service-directory-repository';

/**
 * What svc-media keeps of the catalogue: each service's name, status and featuring (its own
 * directory, for the media screen's search), a logo uploaded for a listing becoming that service's
 * media item once the listing uses it, and a deleted service's media retired (soft-deleted, so an
 * admin can restore them). Only states newer than the one held are written.
 */
export interface DirectoryDeps {
  media: MediaRepository;
  directory: ServiceDirectoryRepository;
}

const fromSnapshot = ({ serviceId, name, slug, status, featuredUntil, version, ownerUserId, photoIds }: ServiceSnapshot): DirectoryState => ({
  id: serviceId,
  name,
  slug,
  status,
  featuredUntil,
  version,
  ownerUserId,
  photoIds,
});

/** A service now uses a logo uploaded for it: the upload becomes that service's media item. */
async function associateLogo(deps: DirectoryDeps, serviceId: string, logoImageId: string | null | undefined): Promise<void> {
  if (logoImageId) await deps.media.associate(logoImageId, serviceId);
}

/** svc-catalog's whole list, asked for at `askedAt`: the directory is brought in step with it. */
export function loadDirectory(deps: Pick<DirectoryDeps, 'directory'>, snapshots: readonly ServiceSnapshot[], askedAt: Date): Promise<{ written: number; removed: number }> {
  return deps.directory.sync(snapshots.map(fromSnapshot), askedAt);
}

/** The services an import wrote, as svc-catalog says they are now, with the logos they use. */
export async function applySnapshots(deps: DirectoryDeps, snapshots: readonly ServiceSnapshot[]): Promise<void> {
  for (const snapshot of snapshots) {
    await deps.directory.apply(fromSnapshot(snapshot));
    await associateLogo(deps, snapshot.serviceId, snapshot.logoImageId);
  }
}

/** A service was created or changed: its state (fields an older producer left out stay as they were), and the logo it uses. */
export async function applyServiceChange(deps: DirectoryDeps, change: EventPayload<'catalog.service.updated'>): Promise<void> {
  await deps.directory.apply({
    id: change.serviceId,
    version: change.version,
    name: change.name,
    slug: change.slug,
    status: change.status,
    featuredUntil: change.featuredUntil,
    ownerUserId: change.ownerUserId,
    photoIds: change.photoIds,
  });
  await associateLogo(deps, change.serviceId, change.logoImageId);
}

/** A deleted service: its media are retired and it becomes a tombstone. */
export async function retireService(deps: DirectoryDeps, serviceId: string, at: Date): Promise<void> {
  await deps.media.retireForService(serviceId, at);
  await deps.directory.markDeleted(serviceId);
}
