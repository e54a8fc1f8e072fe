import type { PublishedBrand } from '@mealprep/contracts';

/** How soon the brand is asked for again while svc-catalog cannot give it (a start before it). */
const RETRY_MS = 1_000;

export interface BrandFollower {
  /** The published brand this gateway serves, or null before svc-catalog first gave it. */
  readonly current: PublishedBrand | null;
  /** A brand heard of (an event, a read): kept when newer than the one held. */
  apply(brand: PublishedBrand): void;
  /** Asks svc-catalog for the published brand (at start, and after the event stream was down); a read under way is shared. */
  load(): Promise<void>;
  /** Done once the brand is known, or the read under way (started if none is) has failed. */
  known(): Promise<void>;
  close(): void;
}

/**
 * The operator's published brand, held in memory by a part that shows it (the gateway's pages,
 * svc-auth's mails): `read` asks svc-catalog for it (GET /brand: the brand, null when it has none
 * to give, 'unavailable' when it cannot answer now), at start (and by the first use, should it come
 * first) and again each time the event stream comes back (a publish may have been missed); each
 * `catalog.brand.published` event the part hears replaces it (no polling: a version only ever
 * grows, so late or repeated events change nothing). While svc-catalog cannot answer it is asked
 * again every RETRY_MS. `changed` runs when the brand held changes.
 */
export function brandFollower(read: () => Promise<PublishedBrand | null | 'unavailable'>, changed: () => void = () => undefined): BrandFollower {
  let current: PublishedBrand | null = null;
  let reading: Promise<void> | null = null;
  let retry: NodeJS.Timeout | undefined;
  let closed = false;
  const apply = (brand: PublishedBrand) => {
    if (current && brand.version <= current.version) return;
    current = brand;
    changed();
  };
  const load = (): Promise<void> => {
    clearTimeout(retry);
    if (closed) return Promise.resolve();
    reading ??= read().then((answer) => {
      reading = null;
      if (answer === 'unavailable') {
        if (!closed) retry = setTimeout(() => void load(), RETRY_MS).unref();
      } else if (answer) apply(answer);
      // null: svc-catalog has no brand to give (one from before brands): the site's host names it.
    });
    return reading;
  };
  return {
    get current() {
      return current;
    },
    apply,
    load,
    known: () => (current ? Promise.resolve() : load()),
    close() {
      closed = true;
      clearTimeout(retry);
    },
  };
}
