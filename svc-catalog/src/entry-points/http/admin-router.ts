import { Router } from 'express';
import { AdminStatusBodySchema, ServiceIdParamsSchema } from '@mealprep/contracts';
import { parseInput, requireRole, route } from '@mealprep/service-kit';
import { adminSetStatus, type OwnerDeps } from '../../domain/owner-services';

/** Admin-only writes; the role is checked here, whatever the page shows. */
export function adminRouter(deps: OwnerDeps): Router {
  const router = Router();
  router.use('/admin', requireRole('admin'));
  router.patch(
    '/admin/services/:id/status',
    route(async (req, res) => {
      const params = parseInput(ServiceIdParamsSchema, req.params, 'service');
      const body = parseInput(AdminStatusBodySchema, req.body, 'body');
      res.json(await adminSetStatus(deps, req.identity!, params.id, body.status, body.reason || null));
    }),
  );
  return router;
}
