import { MediaItemLookupSchema, type MediaItemFacts } from '@mealprep/contracts';
import { signInternal } from '@mealprep/service-kit';

/** What svc-catalog may learn of a media item: svc-media's word on it, or null when there is no such item. */
export interface MediaFinder {
  find(id: string): Promise<MediaItemFacts | null>;
}

/**
 * Asks svc-media through its signed internal route (svc-catalog never reads svc-media's
 * database). Throws when svc-media cannot be asked or answers something else; the caller decides.
 */
export function mediaClient(options: { mediaUrl: string; identitySecret: string; timeoutMs?: number }): MediaFinder {
  return {
    async find(id) {
      const url = new URL(`/internal/media/${encodeURIComponent(id)}`, options.mediaUrl);
      const answer = await fetch(url, { headers: signInternal(options.identitySecret), signal: AbortSignal.timeout(options.timeoutMs ?? 5_000) });
      if (!answer.ok) {
        await answer.body?.cancel();
        throw new Error(`svc-media answered ${answer.status}`);
      }
      return MediaItemLookupSchema.parse(await answer.json()).item;
    },
  };
}
