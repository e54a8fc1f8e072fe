import { EventPayloadSchemas } from '@mealprep/contracts';
import type { Broker } from '@mealprep/service-kit';
import type { MediaRepository } from '../../data-access/media-repository';

/**
 * A logo uploaded for a listing becomes that service's media item once the listing uses it; when
 * the service is deleted, its media items are retired (soft-deleted, so an admin can restore them).
 */
export async function subscribeLogoAssociation(deps: { broker: Broker; media: MediaRepository }): Promise<void> {
  await deps.broker.subscribe('media-logo-association', ['catalog.service.created', 'catalog.service.updated', 'catalog.service.deleted'], async (event) => {
    const change = EventPayloadSchemas['catalog.service.created'].parse(event.payload);
    if (event.type === 'catalog.service.deleted') {
      await deps.media.retireForService(change.serviceId, new Date());
      return;
    }
    if (change.logoImageId) await deps.media.associate(change.logoImageId, change.serviceId);
  });
}
