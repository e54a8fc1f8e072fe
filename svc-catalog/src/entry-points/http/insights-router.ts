import { Router, type Request } from 'express';
import { INSIGHT_METRIC_LABELS, InsightChartQuerySchema, InsightPeriodQuerySchema, InsightReportSchema, NoQuerySchema, ServiceIdParamsSchema } from '@mealprep/contracts';
import { clientOf, perClientLimit, parseInput, requireRole, requireSignIn, route } from '@mealprep/service-kit';
import { managedBy } from '../../domain/listings/listing-access';
import { insightsChartSvg } from '../../domain/insights/insights-chart';
import { isPerson, listingInsights, siteInsights, type InsightReadDeps, type InsightRecorder } from '../../domain/insights/insights';

/** What pages report for the insights (anyone), a listing's insights (its owner and admins) and the site's (admins). */
export function insightsRouter(deps: InsightReadDeps & { recorder: InsightRecorder; reportsPerMinute: number }): Router {
  const router = Router();
  const limit = perClientLimit(deps.reportsPerMinute, 60_000, 'Too many reports. Please wait a minute.');
  router.post(
    '/insights/events',
    route(async (req, res) => {
      parseInput(NoQuerySchema, req.query, 'query');
      const report = parseInput(InsightReportSchema, req.body, 'report');
      const ip = req.ip ?? '';
      const userAgent = String(req.headers['user-agent'] ?? '').slice(0, 300);
      // A crawler's reports count nothing and have a limit of their own: they never use up the
      // limit of the people at the same address.
      await limit(isPerson(userAgent) ? clientOf(ip) : `crawler ${clientOf(ip)}`);
      const counted = await deps.recorder.report(report, { ip, userAgent, identity: req.identity ?? null });
      res.status(202).json({ counted });
    }),
  );
  /** Its owner's or an admin's: anyone else is told there is no such listing of theirs. */
  const listingOf = (req: Request): string => {
    const { id } = parseInput(ServiceIdParamsSchema, req.params, 'service');
    managedBy(req.identity!, deps.catalog.admin.row(id));
    return id;
  };
  router.get(
    '/services/:id/insights',
    requireSignIn,
    route(async (req, res) => {
      const id = listingOf(req);
      const { days } = parseInput(InsightPeriodQuerySchema, req.query, 'query');
      res.set('cache-control', 'no-store');
      res.json(await listingInsights(deps, id, days));
    }),
  );
  router.get(
    '/services/:id/insights/chart',
    requireSignIn,
    route(async (req, res) => {
      const id = listingOf(req);
      const { days, metric, theme } = parseInput(InsightChartQuerySchema, req.query, 'query');
      const insights = await listingInsights(deps, id, days);
      res.set('cache-control', 'no-store');
      res.type('image/svg+xml').send(
        insightsChartSvg(
          insights.days.map((d) => ({ day: d.day, value: d[metric] })),
          { label: INSIGHT_METRIC_LABELS[metric], theme },
        ),
      );
    }),
  );
  router.get(
    '/admin/insights',
    requireRole('admin'),
    route(async (req, res) => {
      const { days } = parseInput(InsightPeriodQuerySchema, req.query, 'query');
      res.set('cache-control', 'no-store');
      res.json(await siteInsights(deps, days));
    }),
  );
  return router;
}
