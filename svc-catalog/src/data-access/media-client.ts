import { MediaItemLookupSchema, type MediaItemFacts } from '@mealprep/contracts';
import { peerFetch, signInternal } from '@mealprep/service-kit';

/** What svc-catalog may learn of a media item: svc-media's word on it, or null when there is no such item. */
export interface MediaFinder {
  find(id: string): Promise<MediaItemFacts | null>;
}

/**
 * Asks svc-media (one of its instances, when `mediaUrl` names several) through its signed internal
 * route (svc-catalog never reads svc-media's database). Throws when svc-media cannot be asked or
 * answers something else; the caller decides.
 */
export function mediaClient(options: { mediaUrl: string; identitySecret: string; timeoutMs?: number }): MediaFinder {
  return {
    async find(id) {
      const answer = await peerFetch(options.mediaUrl, `/internal/media/${encodeURIComponent(id)}`, { headers: signInternal(options.identitySecret), timeoutMs: options.timeoutMs ?? 5_000 });
      if (!answer.ok) {
        await answer.body?.cancel();
        throw new Error(`svc-media answered ${answer.status}`);
      }
      return MediaItemLookupSchema.parse(await answer.json()).item;
    },
  };
}
