import type { RuntimeConfig } from '@mealprep/contracts';
import type { PageView } from '../page-view';
import type { AnalyticsEnvironment, AnalyticsGlobals } from './globals';
import { appendScript } from './load-script';

export type ProductAnalyticsConfig = NonNullable<RuntimeConfig['analytics']['product']>;

/** What the shell calls on the product analytics global, stub or real. */
export interface PostHogLike {
  init(key: string, options: Record<string, unknown>, name?: string): unknown;
  capture(event: string, properties?: Record<string, unknown>): unknown;
}

/**
 * The contract with the product analytics script (PostHog's snippet, reduced to the calls used):
 * before the script arrives, `window.posthog` is an array with `__SV = 1`; `init` queues
 * `[key, options, name]` on `posthog._i` and every other method pushes `[method, ...args]` onto the
 * array itself. The script, once loaded, replaces `window.posthog` with the real client, runs each
 * queued init, then replays the queued calls in order. So calls made before it loads are neither
 * lost nor repeated, and the shell always calls whatever `window.posthog` is at the time.
 */
type PostHogStub = unknown[] & PostHogLike & { _i: unknown[][]; __SV: number } & Record<string, unknown>;

const QUEUED_METHODS = ['capture', 'register', 'identify', 'reset', 'opt_in_capturing', 'opt_out_capturing'];

export function installPostHogStub(globals: AnalyticsGlobals): void {
  if (globals.posthog) return;
  const stub = [] as unknown as PostHogStub;
  stub._i = [];
  stub.__SV = 1;
  stub.init = (key, options, name = 'posthog') => void stub._i.push([key, options, name]);
  for (const method of QUEUED_METHODS) {
    stub[method] = (...args: unknown[]) => void stub.push([method, ...args]);
  }
  globals.posthog = stub;
}

/** Options the spec fixes: our own host, no session recording, pageviews sent by the shell only. */
export function productAnalyticsOptions(config: ProductAnalyticsConfig): Record<string, unknown> {
  return { api_host: config.host, disable_session_recording: true, capture_pageview: false };
}

export function startProductAnalytics(config: ProductAnalyticsConfig, { globals, document }: AnalyticsEnvironment): (view: PageView) => void {
  installPostHogStub(globals);
  globals.posthog?.init(config.key, productAnalyticsOptions(config));
  appendScript(document, { id: 'product-analytics-script', src: config.scriptSrc, loading: 'async' });
  return (view) => void globals.posthog?.capture('$pageview', { $current_url: view.url, pathname: view.pathname });
}
