// No zod here: the browser imports these through '@mealprep/contracts/browser'.

/** What is counted of a listing: its page seen, its website, phone and e-mail links followed, and its showing in near-me and search results. */
export const INSIGHT_METRICS = ['views', 'website', 'phone', 'email', 'near', 'search'] as const;
export type InsightMetric = (typeof INSIGHT_METRICS)[number];
export const INSIGHT_METRIC_LABELS: Record<InsightMetric, string> = {
  views: 'Page views',
  website: 'Website clicks',
  phone: 'Phone clicks',
  email: 'E-mail clicks',
  near: 'Near-me appearances',
  search: 'Search appearances',
};
/** The periods an owner may look at, in days. */
export const INSIGHT_PERIODS = [30, 90] as const;
export type InsightPeriod = (typeof INSIGHT_PERIODS)[number];
/** At most this many events in one report from a page (a results page shows at most 100 listings). */
export const MAX_INSIGHT_EVENTS = 100;
/** The longest search text kept when a search found nothing. */
export const MAX_INSIGHT_TERM = 100;
