import { EventPayloadSchemas } from '@mealprep/contracts';
import type { Broker } from '@mealprep/service-kit';
import type { MediaRepository } from '../../data-access/media-repository';

/** A logo uploaded for a listing becomes that service's media item once the listing uses it. */
export async function subscribeLogoAssociation(deps: { broker: Broker; media: MediaRepository }): Promise<void> {
  await deps.broker.subscribe('media-logo-association', ['catalog.service.created', 'catalog.service.updated'], async (event) => {
    const change = EventPayloadSchemas['catalog.service.created'].parse(event.payload);
    if (change.logoImageId) await deps.media.associate(change.logoImageId, change.serviceId);
  });
}
