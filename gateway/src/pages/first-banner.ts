import { BannerImageListSchema } from '@mealprep/contracts';
import type { Read } from './catalog-reader';

/**
 * The id of the first active banner, whose image the home page preloads: asked of svc-media once
 * (a read under way is shared) and kept until a banner event drops it, or the event stream breaks;
 * while `eventsHeard` says no event would reach the gateway, it is asked every time. One value, not
 * a map: nothing here to bound or evict.
 */
export function firstBanner(readMedia: Read, eventsHeard: () => boolean) {
  let kept: Promise<string | null> | null = null;
  const read = () => readMedia('/banners', BannerImageListSchema);
  return {
    id(): Promise<string | null> {
      if (kept && eventsHeard()) return kept;
      const reading = read().then((list) => {
        // svc-media did not answer: nothing is kept, the next page asks again.
        if (!list || list === 'unavailable') {
          if (kept === reading) kept = null;
          return null;
        }
        return list.items[0]?.id ?? null;
      });
      if (eventsHeard()) kept = reading;
      return reading;
    },
    drop(): void {
      kept = null;
    },
  };
}
