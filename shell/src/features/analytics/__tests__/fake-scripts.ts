import type { AnalyticsEnvironment, AnalyticsGlobals } from '../scripts/globals';
import type { MarketingCommand } from '../scripts/marketing';
import type { PostHogLike } from '../scripts/product-analytics';

/** What the product analytics script received, in order, after taking over the stub. */
export type ProductCall = ['init', string, Record<string, unknown>] | ['capture', string, Record<string, unknown> | undefined];

/** Plays the product analytics script arriving: the stub's queue is replayed, later calls go straight in. */
export function loadFakeProductScript(globals: AnalyticsGlobals): ProductCall[] {
  const calls: ProductCall[] = [];
  const real: PostHogLike = {
    init: (key, options) => void calls.push(['init', key, options]),
    capture: (event, properties) => void calls.push(['capture', event, properties]),
  };
  const stub = globals.posthog as unknown as (unknown[] & { _i: [string, Record<string, unknown>][] }) | undefined;
  globals.posthog = real;
  for (const [key, options] of stub?._i ?? []) real.init(key, options);
  for (const [method, ...args] of (stub ?? []) as [string, ...unknown[]][]) {
    (real as unknown as Record<string, (...a: unknown[]) => void>)[method]?.(...args);
  }
  return calls;
}

/** Plays the marketing script reporting ready: it takes over `_learnq` and runs what was queued. */
export function readyFakeMarketingScript(globals: AnalyticsGlobals): string[] {
  const views: string[] = [];
  const run = (command: MarketingCommand) => {
    if (command[0] === 'track' && command[1] === 'View') views.push(command[2].url);
  };
  const queued = Array.isArray(globals._learnq) ? (globals._learnq as MarketingCommand[]) : [];
  globals._learnq = { push: run };
  queued.forEach(run);
  return views;
}

export function fakeEnvironment(): AnalyticsEnvironment {
  return { globals: {}, document: document.implementation.createHTMLDocument('analytics test') };
}

export const analyticsConfig = {
  product: { key: 'phc_test', host: 'https://eu.analytics.example', scriptSrc: 'https://eu-assets.analytics.example/array.js' },
  site: { siteId: 'ABCDEF', scriptSrc: 'https://cdn.site-analytics.example/script.js' },
  marketing: { scriptId: 'Xy12Z', scriptSrc: 'https://static.marketing.example/onsite/js/klaviyo.js' },
};
