import type { MarketingQueue } from './marketing';
import type { PostHogLike } from './product-analytics';

/** The globals the tracking scripts and the shell share; tests pass a plain object instead of window. */
export interface AnalyticsGlobals {
  posthog?: PostHogLike;
  _learnq?: MarketingQueue;
}

export interface AnalyticsEnvironment {
  globals: AnalyticsGlobals;
  document: Document;
}

export function browserEnvironment(): AnalyticsEnvironment {
  return { globals: window as unknown as AnalyticsGlobals, document };
}
