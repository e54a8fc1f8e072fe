import { Router } from 'express';
import { NoQuerySchema, ServiceSnapshotRequestSchema } from '@mealprep/contracts';
import { parseInput, requireInternal, route } from '@mealprep/service-kit';
import { serviceSnapshots, type SnapshotDeps } from '../../domain/listings/service-snapshots';

/** Routes other services call (signed with the shared secret); the gateway never forwards /internal. */
export function internalRouter(deps: SnapshotDeps & { secret: string }): Router {
  const router = Router();
  /** What svc-checker's and svc-media's projections hold of every service: they load it at start. */
  router.get(
    '/internal/services/snapshots',
    requireInternal(deps.secret),
    route(async (req, res) => {
      parseInput(NoQuerySchema, req.query, 'query');
      res.json({ items: await serviceSnapshots(deps) });
    }),
  );
  /** The same for the services an import named. */
  router.post(
    '/internal/services/snapshots',
    requireInternal(deps.secret),
    route(async (req, res) => {
      const { ids } = parseInput(ServiceSnapshotRequestSchema, req.body, 'body');
      res.json({ items: await serviceSnapshots(deps, ids) });
    }),
  );
  return router;
}
