import type { RuntimeConfig } from '@mealprep/contracts';
import type { PageTracker, PageView } from './page-view';
import { browserEnvironment, type AnalyticsEnvironment } from './scripts/globals';
import { startMarketing } from './scripts/marketing';
import { startProductAnalytics } from './scripts/product-analytics';
import { startSiteAnalytics } from './scripts/site-analytics';

type Send = (view: PageView) => void;

/** Each script keeps the last URL it was sent, so a repeated report of one location is dropped. */
function skipRepeats(send: Send): Send {
  let lastUrl: string | null = null;
  return (view) => {
    if (view.url === lastUrl) return;
    lastUrl = view.url;
    send(view);
  };
}

/**
 * Lazily loaded (see analytics-loader.ts): adds each tracking script whose setting is present and
 * returns the tracker the shell reports locations to. The site analytics script counts visits on
 * its own, so only the product and marketing scripts are told about locations.
 */
export function startAnalytics(config: RuntimeConfig['analytics'], env: AnalyticsEnvironment = browserEnvironment()): PageTracker {
  const senders: Send[] = [];
  if (config.product) senders.push(skipRepeats(startProductAnalytics(config.product, env)));
  if (config.site) startSiteAnalytics(config.site, env);
  if (config.marketing) senders.push(skipRepeats(startMarketing(config.marketing, env)));
  return {
    trackPage: (view) => {
      for (const send of senders) send(view);
    },
  };
}
