import { BannerImageListSchema } from '@mealprep/contracts';
import type { Read } from './catalog-reader';

/** How long the first banner's id is kept before svc-media is asked again. */
const KEEP_MS = 60_000;

/**
 * The id of the first active banner, whose image the home page preloads: asked of svc-media at
 * most once a minute (a read under way is shared), and dropped when a banner event comes. One
 * value with an age, not a map: nothing here to bound or evict.
 */
export function firstBanner(readMedia: Read) {
  let kept: { at: number; id: Promise<string | null> } | null = null;
  return {
    id(): Promise<string | null> {
      if (!kept || Date.now() - kept.at > KEEP_MS) {
        kept = {
          at: Date.now(),
          id: readMedia('/banners', BannerImageListSchema).then((list) => (list && list !== 'unavailable' ? (list.items[0]?.id ?? null) : null)),
        };
      }
      return kept.id;
    },
    drop(): void {
      kept = null;
    },
  };
}
