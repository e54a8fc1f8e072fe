/** Reconnect delays as the original's framework used them: base 1 s, factor 2.2, max 5 min, jitter 0.5. */
export interface BackoffOptions {
  baseMs: number;
  factor: number;
  maxMs: number;
  jitter: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 1_000, factor: 2.2, maxMs: 300_000, jitter: 0.5 };

/** Delay before retry number `attempt` (0-based), randomised within ±jitter/2 of the nominal. */
export function backoffDelay(attempt: number, options: BackoffOptions = DEFAULT_BACKOFF, random = Math.random): number {
  const nominal = Math.min(options.maxMs, options.baseMs * options.factor ** attempt);
  const spread = nominal * options.jitter;
  return Math.round(Math.min(options.maxMs, nominal - spread / 2 + random() * spread));
}
