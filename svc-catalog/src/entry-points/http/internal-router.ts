import { Router } from 'express';
import { NoQuerySchema } from '@mealprep/contracts';
import { parseInput, requireInternal, route } from '@mealprep/service-kit';
import type { ServiceRepository } from '../../data-access/service-repository';

/** Routes other services call (signed with the shared secret); the gateway never forwards /internal. */
export function internalRouter(deps: { services: ServiceRepository; secret: string }): Router {
  const router = Router();
  /** Every service's name, slug, website and status: svc-checker rebuilds its projection from it. */
  router.get(
    '/internal/services/websites',
    requireInternal(deps.secret),
    route(async (req, res) => {
      parseInput(NoQuerySchema, req.query, 'query');
      res.json({ items: await deps.services.listWebsites() });
    }),
  );
  return router;
}
