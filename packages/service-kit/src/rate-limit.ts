/**
 * Counts requests per key (a client address) in fixed windows, in memory: enough to keep one
 * instance from being flooded; the counts of several instances add up to at most N times the limit.
 */
export class FixedWindowLimiter {
  private counts = new Map<string, number>();
  private windowStart = 0;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request; false when the key has used up its window (retry after `retryAfterMs`). */
  take(key: string): boolean {
    const now = this.now();
    if (now - this.windowStart >= this.windowMs) {
      this.counts = new Map();
      this.windowStart = now;
    }
    const used = this.counts.get(key) ?? 0;
    if (used >= this.limit) return false;
    this.counts.set(key, used + 1);
    return true;
  }

  get retryAfterMs(): number {
    return Math.max(0, this.windowStart + this.windowMs - this.now());
  }
}
