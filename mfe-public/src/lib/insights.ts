import { apiClient } from '@mealprep/api-client';
import type { InsightReport } from '@mealprep/contracts';
import { useEffect } from 'react';

/**
 * Tells the directory what the visitor saw or followed, for the owners' insights. No cookie and
 * nothing of the visitor is sent: the server counts a daily hash of the request. Best effort: a
 * report that fails is not tried again, and never shows.
 */
export function reportInsight(report: InsightReport): void {
  if (typeof window === 'undefined') return;
  apiClient.post('/catalog/insights/events', report).catch(() => undefined);
}

/** Reports once per distinct report, after the page has shown it (never while rendering on the server). */
export function useInsightReport(report: InsightReport | null): void {
  const key = report ? JSON.stringify(report) : '';
  useEffect(() => {
    if (key) reportInsight(JSON.parse(key) as InsightReport);
  }, [key]);
}
