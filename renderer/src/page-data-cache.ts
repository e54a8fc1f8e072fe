import { LRUCache } from 'lru-cache';
import { z } from 'zod';

/**
 * How the gateway names the state of the catalogue a page request was sent in: its own random id
 * and how many catalogue and media events that change what visitors see it had heard of (RenderedPages). It sends one only while
 * it hears events; a request without one reads everything from the API.
 */
export const DataGenerationSchema = z.string().regex(/^[0-9a-f]{16}\.\d{1,15}$/, 'must be the gateway id and an event count');

/** Keys longer than this (a visitor's 10 KB query string) are read, never kept. */
const MAX_KEY_LENGTH = 1_024;

/** What a render reads from the kept data: one generation's view, for one render. */
export interface PageDataView {
  /** The kept answer, and when it was read (a page rendered with it is as of then). */
  get(queryKey: readonly unknown[]): KeptData | undefined;
  /** Keeps an answer read at `readAt` (when its request left). */
  keep(queryKey: readonly unknown[], data: unknown, readAt: number): void;
}

export interface KeptData {
  data: unknown;
  readAt: number;
}

/**
 * The public data renders read (the answers of the pages' queries), kept between renders while the
 * catalogue has not changed, so a page that is rendered again reads nothing through the API. An
 * answer the API marked no-store or private is never kept (render-page.ts).
 *
 * Why it is never stale: the gateway's generation changes with every catalogue or media event it
 * hears that changes what visitors see, before it sends the next page request. Everything here was read for a request of the
 * current generation, so after the event it names (events are sent after the write); a request of
 * another generation empties it first. A read still under way when an event comes is kept under the
 * generation its request named, which the next request, of the newer one, throws away; and the
 * gateway keeps no page whose generation changed while it rendered. Answers are kept as parsed and
 * frozen (the query cache copies what it changes; a render that changed one in place would fail).
 */
export class PageDataCache {
  private generation: string | null = null;
  /** At most `maxEntries`; the answer kept longest ago goes first (reads do not refresh an answer: peek). */
  private readonly entries: LRUCache<string, KeptData>;

  constructor(private readonly maxEntries: number) {
    // lru-cache wants a size of 1 at least; a size of 0 keeps nothing (see keep).
    this.entries = new LRUCache({ max: Math.max(1, maxEntries) });
  }

  get size(): number {
    return this.entries.size;
  }

  /** The kept data as of a generation; a new generation starts from nothing. */
  view(generation: string): PageDataView {
    if (generation !== this.generation) {
      this.entries.clear();
      this.generation = generation;
    }
    return {
      get: (queryKey) => {
        if (generation !== this.generation) return undefined;
        const key = keyOf(queryKey);
        return key === null ? undefined : this.entries.peek(key);
      },
      keep: (queryKey, data, readAt) => {
        // Read for an older generation: the catalogue may have changed since.
        if (generation !== this.generation || data === undefined || this.maxEntries === 0) return;
        const key = keyOf(queryKey);
        if (key === null) return;
        this.entries.set(key, { data: deepFreeze(data), readAt });
      },
    };
  }
}

/** Kept answers are shared by every render after: one that changed an answer would change it for all, so it cannot. */
function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const inner of Object.values(value)) deepFreeze(inner);
  return value;
}

function keyOf(queryKey: readonly unknown[]): string | null {
  const key = JSON.stringify(queryKey);
  return key.length <= MAX_KEY_LENGTH ? key : null;
}
