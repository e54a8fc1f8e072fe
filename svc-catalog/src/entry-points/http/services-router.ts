import { Router } from 'express';
import { NoQuerySchema, ServiceIdParamsSchema, ServiceListQuerySchema, SlugParamsSchema } from '@mealprep/contracts';
import { parseInput, requireSignIn, route } from '@mealprep/service-kit';
import { getServiceBySlug, listMyServices, listServices, reportStillOpen, type ServiceDeps } from '../../domain/services';

export function servicesRouter(deps: ServiceDeps): Router {
  const router = Router();
  router.get('/services', (req, res) => {
    const query = parseInput(ServiceListQuerySchema, req.query, 'query');
    // Lists change live: browsers revalidate (cheap with the ETag) instead of keeping a copy.
    res.set('cache-control', 'no-cache');
    res.json(listServices(deps, query));
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
    route(async (req, res) => {
      const params = parseInput(SlugParamsSchema, req.params, 'service');
      res.set('cache-control', 'no-cache');
      res.json(getServiceBySlug(deps, params.slug));
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
