import { z } from 'zod';
import { INSIGHT_METRICS, INSIGHT_PERIODS, MAX_INSIGHT_EVENTS, MAX_INSIGHT_TERM, REPORTED_METRICS } from './insight-constants';
import { ILL_FORMED_TEXT_MESSAGE, isWellFormedText } from './text';

const ObjectId = z.string().regex(/^[0-9a-f]{24}$/, 'must be a service id');

/**
 * POST /insights/events: what a page saw or a visitor followed. The server stamps the day and
 * who (a daily-salted hash): a report carries no date and no identity of its own.
 */
export const InsightReportSchema = z.union([
  z.strictObject({
    // Quote requests are counted where they arrive: a page cannot report one.
    metric: z.enum(REPORTED_METRICS),
    serviceIds: z.array(ObjectId).min(1).max(MAX_INSIGHT_EVENTS, `At most ${MAX_INSIGHT_EVENTS} listings in one report.`),
  }),
  /** A search that found nothing: what was searched for. */
  z.strictObject({ metric: z.literal('empty-search'), term: z.string().trim().min(1).max(MAX_INSIGHT_TERM).refine(isWellFormedText, ILL_FORMED_TEXT_MESSAGE) }),
]);
export type InsightReport = z.infer<typeof InsightReportSchema>;

export const InsightPeriodQuerySchema = z.strictObject({
  days: z
    .enum(INSIGHT_PERIODS.map(String) as [string, ...string[]])
    .default('30')
    .transform(Number),
});

/** GET /services/:id/insights/chart: one kind of count per day, as an SVG picture in the page's theme. */
export const InsightChartQuerySchema = InsightPeriodQuerySchema.extend({
  metric: z.enum(INSIGHT_METRICS).default('views'),
  theme: z.enum(['light', 'dark']).default('light'),
});

const Counts = z.object(Object.fromEntries(INSIGHT_METRICS.map((m) => [m, z.number().int().nonnegative()])) as Record<(typeof INSIGHT_METRICS)[number], z.ZodNumber>);
export type InsightCounts = z.infer<typeof Counts>;

/** GET /services/:id/insights: one listing's counts per day (oldest first), the period's totals and the period before's. */
export const ListingInsightsSchema = z.object({
  serviceId: z.string(),
  days: z.array(Counts.extend({ day: z.string() })),
  totals: Counts,
  previousTotals: Counts,
});
export type ListingInsights = z.infer<typeof ListingInsightsSchema>;

/**
 * GET /admin/insights: the site's page views and quote requests, the most viewed listings (with
 * their requests) and the searches that found nothing, over the period.
 */
export const SiteInsightsSchema = z.object({
  totals: z.object({ views: z.number(), leads: z.number() }),
  mostViewed: z.array(z.object({ serviceId: z.string(), name: z.string(), slug: z.string(), views: z.number(), leads: z.number() })),
  /** The listings sent the most quote requests. */
  mostLeads: z.array(z.object({ serviceId: z.string(), name: z.string(), slug: z.string(), views: z.number(), leads: z.number() })),
  emptySearches: z.array(z.object({ term: z.string(), count: z.number() })),
});
export type SiteInsights = z.infer<typeof SiteInsightsSchema>;

/** One counted event, as the batches on the broker carry it. */
export const InsightHitSchema = z.object({
  /** The day (UTC, YYYY-MM-DD) it happened. */
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  metric: z.enum([...INSIGHT_METRICS, 'empty-search']),
  /** The listing, or the search text of an empty search (it becomes a key of a stored count). */
  key: z.string().min(1).max(MAX_INSIGHT_TERM).refine(isWellFormedText, ILL_FORMED_TEXT_MESSAGE),
  /** The visitor's hash for the day: the day's salt and the client address, whatever the user agent says. */
  visitor: z.string().regex(/^[0-9a-f]{32}$/),
});
export type InsightHit = z.infer<typeof InsightHitSchema>;

/**
 * The hits of a batch as the consumer takes them: each checked on its own, and one that is not a
 * hit is set aside (null) rather than failing the batch with every good hit in it.
 */
export const InsightHitBatchSchema = z.array(InsightHitSchema.nullable().catch(null)).max(5_000);
