import { useEffect } from 'react';
import { createPath, useLocation } from '@mealprep/router';
import type { AnalyticsLoader } from '../analytics-loader';

/**
 * Reports every location the visitor lands on, the first one included. The effect may run twice
 * for one location (StrictMode, a re-render with the same URL); the tracker drops the repeat, so
 * each location is counted once per script.
 */
export function PageAnalytics({ load }: { load: AnalyticsLoader }) {
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    const view = { url: `${window.location.origin}${createPath({ pathname, search, hash })}`, pathname };
    void load().then((tracker) => tracker?.trackPage(view));
  }, [load, pathname, search, hash]);
  return null;
}
