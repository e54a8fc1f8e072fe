import { EventPayloadSchemas } from '@mealprep/contracts';
import type { Broker } from '@mealprep/service-kit';
import type { MediaRepository } from '../../data-access/media-repository';
import type { ServiceDirectoryRepository } from '../../data-access/service-directory-repository';

/**
 * What svc-media learns from the catalogue: each service's name, status and featuring (its own
 * directory, for the media screen), a logo uploaded for a listing becoming that service's media
 * item once the listing uses it, and a deleted service's media retired (soft-deleted, so an admin
 * can restore them).
 */
export async function subscribeCatalogEvents(deps: { broker: Broker; media: MediaRepository; directory: ServiceDirectoryRepository }): Promise<void> {
  await deps.broker.subscribe('media-catalog-events', ['catalog.service.*'], async (event) => {
    if (event.type === 'catalog.service.reported-open') return;
    const change = EventPayloadSchemas['catalog.service.created'].parse(event.payload);
    if (event.type === 'catalog.service.deleted') {
      await deps.media.retireForService(change.serviceId, new Date());
      await deps.directory.remove(change.serviceId);
      return;
    }
    await deps.directory.upsert(change.serviceId, { name: change.name, slug: change.slug, status: change.status, featuredUntil: change.featuredUntil });
    if (change.logoImageId) await deps.media.associate(change.logoImageId, change.serviceId);
  });
}
