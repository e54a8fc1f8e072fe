import type { RuntimeConfig } from '@mealprep/contracts';
import type { PageView } from '../page-view';
import type { AnalyticsEnvironment } from './globals';
import { appendScript } from './load-script';

export type MarketingConfig = NonNullable<RuntimeConfig['analytics']['marketing']>;

export type MarketingCommand = ['track', 'View', { url: string; pathname: string }];

/** An array before the script is ready; the script's own object after. */
export interface MarketingQueue {
  push(command: MarketingCommand): unknown;
}

/**
 * The contract with the marketing script (Klaviyo's `_learnq`):
 * - the shell sends a view as `window._learnq.push(['track', 'View', { url, pathname }])`, once per
 *   location, and never anything on "ready";
 * - until the script is ready, `window._learnq` is a plain array and the commands wait in it;
 * - being ready means the script replaces `window._learnq` with an object whose `push` runs a
 *   command at once, after running the queued ones in order (it records nothing by itself).
 * So the first page's view is recorded when the script reports ready, every later one when it is
 * pushed, and no view can be recorded twice: there is one path, not a ready callback plus a
 * navigation handler. The shell reads `window._learnq` at each push, never a kept reference.
 */
export function marketingScriptSrc(config: MarketingConfig, baseUrl: string): string {
  const url = new URL(config.scriptSrc, baseUrl);
  url.searchParams.set('company_id', config.scriptId);
  return url.href;
}

export function startMarketing(config: MarketingConfig, { globals, document }: AnalyticsEnvironment): (view: PageView) => void {
  globals._learnq = globals._learnq || [];
  appendScript(document, { id: 'marketing-script', src: marketingScriptSrc(config, document.baseURI), loading: 'async' });
  return (view) => {
    globals._learnq = globals._learnq || [];
    globals._learnq.push(['track', 'View', { url: view.url, pathname: view.pathname }]);
  };
}
