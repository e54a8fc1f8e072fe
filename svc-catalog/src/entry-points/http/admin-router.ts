import { Router } from 'express';
import { AdminStatusBodySchema, ServiceIdParamsSchema } from '@mealprep/contracts';
import { parseInput, requireRole, route } from '@mealprep/service-kit';
import { changeStatus, type ServiceDeps } from '../../domain/services';

/** Admin-only writes; the role is checked here, whatever the page shows. */
export function adminRouter(deps: ServiceDeps): Router {
  const router = Router();
  router.use('/admin', requireRole('admin'));
  router.patch(
    '/admin/services/:id/status',
    route(async (req, res) => {
      const params = parseInput(ServiceIdParamsSchema, req.params, 'service');
      const body = parseInput(AdminStatusBodySchema, req.body, 'body');
      res.json(await changeStatus(deps, { serviceId: params.id, status: body.status }));
    }),
  );
  return router;
}
