import type { Connection } from 'mongoose';
import { RateLimiterMemory, RateLimiterMongo, RateLimiterRes } from 'rate-limiter-flexible';
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

/**
 * A limit of `points` requests per key in each window held across every instance: counted in the
 * service's database by rate-limiter-flexible (RateLimiterMongo, one keyed document per key and
 * window). Its indexes are made here: a unique key (two instances counting the same key meet on
 * one document) and the window's end; a TTL index is not (FerretDB has none), so finished windows
 * are removed by the consumes themselves, now and then, through that index: the collection holds
 * only the keys of the windows running. Refuses with the message and how long until the key may
 * try again (Retry-After).
 */
export function storedLimit(connection: Connection, options: { name: string; points: number; windowMs: number; message: string }): (key: string) => Promise<void> {
  const limiter = new RateLimiterMongo({
    storeClient: connection.getClient(),
    dbName: connection.name,
    tableName: LIMITS_COLLECTION,
    keyPrefix: options.name,
    points: options.points,
    duration: options.windowMs / 1000,
    disableIndexesCreation: true,
  });
  const collection = () => connection.getClient().db(connection.name).collection(LIMITS_COLLECTION);
  let indexed: Promise<unknown> | null = null;
  const ensureIndexes = () =>
    (indexed ??= Promise.all([collection().createIndex({ key: 1 }, { unique: true }), collection().createIndex({ expire: 1 })]).catch((err: unknown) => {
      indexed = null;
      throw err;
    }));
  return async (key) => {
    await ensureIndexes();
    if (Math.random() < 1 / SWEEP_EVERY) await collection().deleteMany({ expire: { $lte: new Date() } });
    try {
      await limiter.consume(key);
    } catch (err) {
      if (!(err instanceof RateLimiterRes)) throw err;
      throw AppError.tooManyRequests(options.message, Math.max(1, Math.ceil(err.msBeforeNext / 1000)));
    }
  };
}
