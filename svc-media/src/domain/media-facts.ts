import type { MediaItemFacts } from '@mealprep/contracts';
import type { MediaRepository } from '../data-access/media-repository';

export interface MediaFactsDeps {
  media: Pick<MediaRepository, 'findById'>;
}

/** What svc-catalog needs to know of an image before a listing may use it as its logo: who uploaded it, for which service, and whether it was deleted. */
export async function mediaItemFacts(deps: MediaFactsDeps, id: string): Promise<MediaItemFacts | null> {
  const item = await deps.media.findById(id);
  return item && { id: item.id, uploadedBy: item.uploadedBy ?? null, associatedEntityId: item.associatedEntityId, deletedAt: item.deletedAt };
}
