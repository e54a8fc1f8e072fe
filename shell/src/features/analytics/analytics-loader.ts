import type { RuntimeConfig } from '@mealprep/contracts';
import type { PageTracker } from './page-view';

export type AnalyticsLoader = () => Promise<PageTracker | null>;

type StartModule = Pick<typeof import('./start-analytics'), 'startAnalytics'>;

/**
 * Starts the tracking scripts on first use and hands every caller the same tracker, so page views
 * reach it in the order they were asked for. The script code sits in its own chunk, fetched only
 * when a setting is present and only after the app has rendered. Analytics never break the page: a
 * failure is logged and tracking is off for the visit.
 */
export function createAnalyticsLoader(getConfig: () => Promise<RuntimeConfig>, importStart: () => Promise<StartModule> = () => import('./start-analytics')): AnalyticsLoader {
  let pending: Promise<PageTracker | null> | null = null;
  return () => {
    pending ??= (async () => {
      const { analytics } = await getConfig();
      if (!analytics.product && !analytics.site && !analytics.marketing) return null;
      const { startAnalytics } = await importStart();
      return startAnalytics(analytics);
    })().catch((error: unknown) => {
      console.warn('Analytics could not be started.', error);
      return null;
    });
    return pending;
  };
}
