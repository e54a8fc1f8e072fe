import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
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
