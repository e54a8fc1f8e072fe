import type { Request, RequestHandler, Response } from 'express';
import { route } from '@mealprep/service-kit';
import { LRUCache } from 'lru-cache';

/** Keys longer than this (a visitor's long query string) are answered, never kept. */
const MAX_KEY_LENGTH = 1_024;

export interface KeptAnswersOptions {
  /** What the answers are built from: while its version and the featured listings hold, so do they. */
  catalog: { readonly version: number; readonly index: { nextFeaturedEnd(now: number): number } };
  now?: () => Date;
  /** At most this many bytes of answers are kept; the least recently read go first. */
  maxBytes?: number;
}

/**
 * The public reads' answers as they were sent (JSON text and its ETag), kept while the catalogue's
 * indexes they were built from stay as they were: any change to them (a load, a service applied or
 * removed, whatever instance wrote it) and the moment a featured listing stops being featured drop
 * them all. They are part of the indexes' state, not a cache of their own: nothing is kept past a
 * change, and nothing is kept by time. Only anonymous reads are kept, and only an answer built
 * while the indexes did not change.
 */
export class KeptAnswers {
  private readonly answers: LRUCache<string, { body: string; etag: string }>;
  private keptAt = -1;
  private validUntil = -Infinity;
  /** Counts the times the kept answers were dropped: an answer is kept only if none happened while it was built. */
  private epoch = 0;

  constructor(private readonly options: KeptAnswersOptions) {
    this.answers = new LRUCache({ maxSize: options.maxBytes ?? 32 * 1024 * 1024, sizeCalculation: (answer) => answer.body.length + 64 });
  }

  get size(): number {
    return this.answers.size;
  }

  /** Sends `answer()` as JSON, or the same answer kept from an earlier read (304 when the client has it). */
  async json(req: Request, res: Response, answer: () => unknown): Promise<void> {
    const epoch = this.current();
    const key = req.originalUrl;
    const keep = !req.identity && key.length <= MAX_KEY_LENGTH;
    const kept = keep ? this.answers.get(key) : undefined;
    res.type('json');
    if (kept) {
      res.set('etag', kept.etag);
      res.send(kept.body);
      return;
    }
    const body = JSON.stringify(await answer());
    res.send(body);
    const etag = res.get('etag');
    if (keep && etag && res.statusCode === 200 && this.current() === epoch) this.answers.set(key, { body, etag });
  }

  /**
   * A public read's handler: `build` reads the request (its parameters parsed, which throws on bad
   * input) and gives the answer; it is sent `no-cache` (browsers revalidate with the ETag) and kept
   * as json() keeps it. A kept answer was built for the same URL, which parses the same.
   */
  read(build: (req: Request) => unknown): RequestHandler {
    return route(async (req, res) => {
      res.set('cache-control', 'no-cache');
      await this.json(req, res, () => build(req));
    });
  }

  /** The epoch of the kept answers, after dropping them if the catalogue moved on or a featured listing's time ended. */
  private current(): number {
    const now = (this.options.now?.() ?? new Date()).getTime();
    const version = this.options.catalog.version;
    if (version !== this.keptAt || now > this.validUntil) {
      this.answers.clear();
      this.keptAt = version;
      this.validUntil = this.options.catalog.index.nextFeaturedEnd(now);
      this.epoch += 1;
    }
    return this.epoch;
  }
}
