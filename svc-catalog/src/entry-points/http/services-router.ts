import { Router } from 'express';
import { CompareQuerySchema, NearestPlaceQuerySchema, NearQuerySchema, NoQuerySchema, ServiceIdParamsSchema, ServiceListQuerySchema, SlugParamsSchema } from '@mealprep/contracts';
import { parseInput, requireSignIn, route } from '@mealprep/service-kit';
import type { KeptAnswers } from './kept-answers';
import { compareServices, findNear, getServiceBySlug, nearbyServices, listMyServices, listServices, nearestPlace, reportStillOpen, type ServiceDeps } from '../../domain/listings/services';

export function servicesRouter(deps: ServiceDeps, answers: KeptAnswers): Router {
  const router = Router();
  // Lists change live: browsers revalidate (cheap with the ETag) instead of keeping a copy.
  router.get(
    '/services',
    answers.read((req) => listServices(deps, parseInput(ServiceListQuerySchema, req.query, 'query'))),
  );
  router.get(
    '/services/compare',
    answers.read((req) => compareServices(deps, parseInput(CompareQuerySchema, req.query, 'query'))),
  );
  router.get('/services/near', (req, res) => {
    const query = parseInput(NearQuerySchema, req.query, 'query');
    const started = performance.now();
    const found = findNear(deps, query);
    // How long the search itself took (bench/near-me.ts reads it; browsers show it in their network panel).
    res.set({ 'cache-control': 'no-cache', 'server-timing': `search;dur=${(performance.now() - started).toFixed(2)}` });
    res.json(found);
  });
  router.get('/places/nearest', (req, res) => {
    const query = parseInput(NearestPlaceQuerySchema, req.query, 'query');
    // A visitor's position: answered, never kept (no log line has it, no cache keeps it).
    res.set('cache-control', 'no-store');
    res.json(nearestPlace(deps, { latitude: query.lat, longitude: query.lng }));
  });
  router.get(
    '/services/mine',
    requireSignIn,
    route(async (req, res) => {
      parseInput(NoQuerySchema, req.query, 'query');
      res.set('cache-control', 'no-store');
      res.json(listMyServices(deps, req.identity!.userId));
    }),
  );
  router.get(
    '/services/by-slug/:slug',
    answers.read((req) => getServiceBySlug(deps, parseInput(SlugParamsSchema, req.params, 'service').slug)),
  );
  router.get(
    '/services/by-slug/:slug/nearby',
    answers.read((req) => {
      const params = parseInput(SlugParamsSchema, req.params, 'service');
      parseInput(NoQuerySchema, req.query, 'query');
      return nearbyServices(deps, params.slug);
    }),
  );
  router.post(
    '/services/:id/report-still-open',
    route(async (req, res) => {
      const params = parseInput(ServiceIdParamsSchema, req.params, 'service');
      await reportStillOpen(deps, { serviceId: params.id, ip: req.ip ?? '', userId: req.identity?.userId ?? null });
      res.status(202).json({ received: true });
    }),
  );
  return router;
}
