// No zod here: the browser imports these through '@mealprep/contracts/browser'.

/** What pages report of a listing: its page seen, its website, phone and e-mail links followed, and its showing in near-me and search results. */
export const REPORTED_METRICS = ['views', 'website', 'phone', 'email', 'near', 'search'] as const;
export type ReportedMetric = (typeof REPORTED_METRICS)[number];
/**
 * What is counted of a listing: what pages report, and the quote requests it was sent (counted by
 * svc-catalog as they reach the owner, never from a page's report).
 */
export const INSIGHT_METRICS = [...REPORTED_METRICS, 'leads'] as const;
export type InsightMetric = (typeof INSIGHT_METRICS)[number];
export const INSIGHT_METRIC_LABELS: Record<InsightMetric, string> = {
  views: 'Page views',
  website: 'Website clicks',
  phone: 'Phone clicks',
  email: 'E-mail clicks',
  near: 'Near-me appearances',
  search: 'Search appearances',
  leads: 'Quote requests',
};
/** Quote requests per 100 page views, as the insights show it ("2.5%"); none when there were no views. */
export function viewToLeadRate(views: number, leads: number): string | null {
  if (views <= 0) return null;
  const percent = (leads / views) * 100;
  return `${percent >= 10 ? Math.round(percent) : Number(percent.toFixed(1))}%`;
}
/** The periods an owner may look at, in days. */
export const INSIGHT_PERIODS = [30, 90] as const;
export type InsightPeriod = (typeof INSIGHT_PERIODS)[number];
/** At most this many events in one report from a page (a results page shows at most 100 listings). */
export const MAX_INSIGHT_EVENTS = 100;
/** The longest search text kept when a search found nothing. */
export const MAX_INSIGHT_TERM = 100;
