import { MediaItemLookupSchema, PhotoLookupSchema, type MediaItemFacts, type PhotoFacts } from '@mealprep/contracts';
import { peerFetch, signInternal } from '@mealprep/service-kit';

/** What svc-catalog may learn of a media item: svc-media's word on it, or null when there is no such item. */
export interface MediaFinder {
  find(id: string): Promise<MediaItemFacts | null>;
  /** A listing's photo: which listing it was uploaded for, by whom, its sizes, whether staff removed it. */
  findPhoto(id: string): Promise<PhotoFacts | null>;
}

/**
 * Asks svc-media (one of its instances, when `mediaUrl` names several) through its signed internal
 * route (svc-catalog never reads svc-media's database). Throws when svc-media cannot be asked or
 * answers something else; the caller decides.
 */
export function mediaClient(options: { mediaUrl: string; identitySecret: string; timeoutMs?: number }): MediaFinder {
  const ask = async (path: string): Promise<unknown> => {
    const answer = await peerFetch(options.mediaUrl, path, { headers: signInternal(options.identitySecret), timeoutMs: options.timeoutMs ?? 5_000 });
    if (!answer.ok) {
      await answer.body?.cancel();
      throw new Error(`svc-media answered ${answer.status}`);
    }
    return answer.json();
  };
  return {
    async find(id) {
      return MediaItemLookupSchema.parse(await ask(`/internal/media/${encodeURIComponent(id)}`)).item;
    },
    async findPhoto(id) {
      return PhotoLookupSchema.parse(await ask(`/internal/media/photos/${encodeURIComponent(id)}`)).photo;
    },
  };
}
