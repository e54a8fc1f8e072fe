import type { Connection } from 'mongoose';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { KeyedRecords } from './keyed-records';
import { AppError } from './errors';

/**
 * A limit of `points` requests per key (a client address) in each window, kept in memory by
 * rate-limiter-flexible: it holds per instance, so N instances admit up to N times the limit
 * (enough to keep one instance from being flooded; limits that must hold across instances are
 * kept in the database, as the sign-in e-mails are).
 */
export function perClientLimit(points: number, windowMs: number, message: string): (key: string) => Promise<void> {
  const limiter = new RateLimiterMemory({ points, duration: windowMs / 1000 });
  return async (key) => {
    try {
      await limiter.consume(key);
    } catch (err) {
      if (!(err instanceof RateLimiterRes)) throw err;
      throw AppError.tooManyRequests(message, err.msBeforeNext / 1000);
    }
  };
}

/** The collection every stored limit counts in, and how often (one consume in this many) the finished windows are removed. */
const LIMITS_COLLECTION = 'rate_limits';
const SWEEP_EVERY = 50;

/** A key's window: how many it took, and when the window ends (ms). */
interface LimitWindow {
  taken: number;
  ends: number;
}

/**
 * A limit of `points` requests per key in each window held across every instance: one document
 * per limit and key (_id `{name}:{key}`), read and changed by its _id alone with a compare-and-set
 * (KeyedRecords), so instances counting one key meet on it. Our own rather than
 * rate-limiter-flexible's RateLimiterMongo: that one finds its documents by a `key` field, which the
 * embedded FerretDB reads by scanning the whole collection (three scans a quote request). A window
 * starts with its first request (as the library's did). Finished windows are removed by the
 * consumes themselves, now and then (FerretDB has no TTL index): the collection holds only the keys
 * of the windows running. Refuses with the message and how long until the key may try again
 * (Retry-After); a refused request takes nothing.
 */
export function storedLimit(connection: Connection, options: { name: string; points: number; windowMs: number; message: string; now?: () => number }): (key: string) => Promise<void> {
  const clock = options.now ?? Date.now;
  const windows = new KeyedRecords<LimitWindow>(connection, LIMITS_COLLECTION);
  const collection = () => connection.collection(LIMITS_COLLECTION);
  // A database of an earlier release has the library's unique index on `key`, which documents
  // without that field would break on: it goes, once per process (absent: nothing to do).
  let oldIndexGone: Promise<unknown> | null = null;
  return async (key) => {
    await (oldIndexGone ??= collection()
      .dropIndex('key_1')
      .catch((err: unknown) => {
        // Not there (or no collection yet): nothing to do. Anything else: tried again on the next consume.
        const code = (err as { code?: unknown }).code;
        if (code !== 26 && code !== 27) oldIndexGone = null;
      }));
    const now = clock();
    // Finished windows go, and the library's documents of an earlier release (they have no `ends`):
    // in the background, so no request waits for the sweep's read of the collection.
    if (Math.random() < 1 / SWEEP_EVERY)
      void collection()
        .deleteMany({ $or: [{ ends: { $lte: now } }, { ends: { $exists: false } }] })
        .catch(() => undefined);
    await windows.change(`${options.name}:${key}`, (current) => {
      // The time as the window is read (not as the call began): another instance may have opened it meanwhile.
      const at = clock();
      if (!current || current.ends <= at) return { taken: 1, ends: at + options.windowMs };
      if (current.taken >= options.points) throw AppError.tooManyRequests(options.message, Math.max(1, Math.ceil((current.ends - at) / 1000)));
      return { taken: current.taken + 1, ends: current.ends };
    });
  };
}
