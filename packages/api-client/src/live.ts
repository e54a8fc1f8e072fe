import { LIVE_EVENT_NAME, LIVE_PATH, LIVE_TOPICS } from '@mealprep/contracts/browser';
import type { LiveInvalidation, LiveTopic } from '@mealprep/contracts';

/** How long to wait before reconnecting: 1 s growing 2.2 times to at most 5 minutes, randomised, as the services reconnect to the broker (DEFAULT_BACKOFF in packages/service-kit/src/retry.ts). */
export interface ReconnectPolicy {
  baseMs: number;
  factor: number;
  maxMs: number;
  /** Share of the delay that is random: 0.5 spreads it over ±25%. */
  jitter: number;
}

export const LIVE_RECONNECT_POLICY: ReconnectPolicy = { baseMs: 1000, factor: 2.2, maxMs: 300_000, jitter: 0.5 };

/**
 * delay = min(max, base·factor^attempt), then randomised over [1 - jitter/2, 1 + jitter/2) so that
 * pages cut off together do not all come back in the same second.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random, policy = LIVE_RECONNECT_POLICY): number {
  const capped = Math.min(policy.maxMs, policy.baseMs * policy.factor ** attempt);
  return capped * (1 - policy.jitter / 2 + random() * policy.jitter);
}

/** The part of the EventSource API used here, so tests can pass a fake. */
export interface LiveEventSource {
  readonly readyState: number;
  addEventListener(type: string, listener: (event: MessageEvent) => void): void;
  close(): void;
}
export type LiveEventSourceFactory = new (url: string) => LiveEventSource;

export interface SubscribeToLiveOptions {
  url?: string;
  EventSource?: LiveEventSourceFactory;
  random?: () => number;
  policy?: ReconnectPolicy;
  /**
   * Called when a connection opens again after a drop: invalidations sent while it was down are
   * lost, so the caller should treat everything as possibly stale.
   */
  onReconnect?: () => void;
  /**
   * A server-rendered page's render time (ms): its first connection asks for what changed since,
   * which it could not have heard before its stream opened.
   */
  since?: number;
}

const isLiveTopic = (value: unknown): value is LiveTopic => (LIVE_TOPICS as readonly unknown[]).includes(value);

/** A message in the contract's shape (LiveInvalidationSchema), checked by hand; anything else is null. */
export function parseInvalidation(data: unknown): LiveInvalidation | null {
  if (typeof data !== 'string') return null;
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { topics, slug, version } = value as { topics?: unknown; slug?: unknown; version?: unknown };
  if (!Array.isArray(topics) || !topics.every(isLiveTopic)) return null;
  if (slug !== undefined && typeof slug !== 'string') return null;
  if (version !== undefined && !(Number.isSafeInteger(version) && (version as number) > 0)) return null;
  if (slug === undefined) return { topics };
  return version === undefined ? { topics, slug } : { topics, slug, version: version as number };
}

/**
 * Listens to the gateway's invalidation events over Server-Sent Events. The browser's own retry
 * (a fixed few seconds, forever) is replaced by ours: on any error the source is closed and a new
 * one opened after an exponential back-off, which restarts from the base once a connection opens.
 * Messages that do not match the contract are ignored. Returns the unsubscribe function.
 */
export function subscribeToLive(onInvalidate: (invalidation: LiveInvalidation) => void, options: SubscribeToLiveOptions = {}): () => void {
  const MaybeSource = options.EventSource ?? (globalThis.EventSource as unknown as LiveEventSourceFactory | undefined);
  if (!MaybeSource) return () => {};
  const Source: LiveEventSourceFactory = MaybeSource;
  const { url = LIVE_PATH, random = Math.random, policy = LIVE_RECONNECT_POLICY, onReconnect, since } = options;

  let source: LiveEventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let attempt = 0;
  let hasOpened = false;
  let stopped = false;

  function connect() {
    timer = null;
    // Only the first connection asks for the past: after a drop the caller refetches everything.
    const current = new Source(!hasOpened && since !== undefined ? `${url}${url.includes('?') ? '&' : '?'}since=${Math.floor(since)}` : url);
    source = current;
    current.addEventListener('open', () => {
      if (source !== current) return;
      attempt = 0;
      if (hasOpened) onReconnect?.();
      hasOpened = true;
    });
    current.addEventListener(LIVE_EVENT_NAME, (event) => {
      if (source !== current) return;
      const invalidation = parseInvalidation(event.data);
      if (invalidation) onInvalidate(invalidation);
    });
    current.addEventListener('error', () => {
      if (source !== current || stopped) return;
      current.close();
      source = null;
      timer = setTimeout(connect, reconnectDelay(attempt, random, policy));
      attempt += 1;
    });
  }

  connect();
  return () => {
    stopped = true;
    if (timer !== null) clearTimeout(timer);
    timer = null;
    source?.close();
    source = null;
  };
}
