import { Router } from 'express';
import { CheckIdParamsSchema, CheckIdsBodySchema, CheckServiceParamsSchema, EmptyBodySchema, NoQuerySchema, WebsiteCheckListQuerySchema, type ReviewAction } from '@mealprep/contracts';
import { parseInput, requireRole, route } from '@mealprep/service-kit';
import { bulkCheckStatus, checkServiceNow, queueBulkCheck, queueRecheck, reviewChecks, type CheckerDomainDeps } from '../../domain/checks';

/** serviceUtilities.* and serviceWebsiteChecks.list: every route is for admins. */
export function adminChecksRouter(deps: CheckerDomainDeps): Router {
  const router = Router();
  router.use('/admin', requireRole('admin'));
  router.get(
    '/admin/checks',
    route(async (req, res) => {
      const query = parseInput(WebsiteCheckListQuerySchema, req.query, 'query');
      res.set('cache-control', 'no-store');
      res.json({ ...(await deps.checks.list(query.filter, query.page, query.pageSize)), page: query.page, pageSize: query.pageSize });
    }),
  );
  router.get(
    '/admin/checks/status',
    route(async (req, res) => {
      parseInput(NoQuerySchema, req.query, 'query');
      res.set('cache-control', 'no-store');
      res.json(await bulkCheckStatus(deps));
    }),
  );
  for (const [path, scope] of [
    ['/admin/checks/run-all', 'all'],
    ['/admin/checks/run-unchecked', 'unchecked'],
  ] as const) {
    router.post(
      path,
      route(async (req, res) => {
        parseInput(NoQuerySchema, req.query, 'query');
        parseInput(EmptyBodySchema, req.body, 'body');
        res.status(202).json(await queueBulkCheck(deps, scope));
      }),
    );
  }
  router.post(
    '/admin/checks/bulk/recheck',
    route(async (req, res) => {
      const { ids } = parseInput(CheckIdsBodySchema, req.body, 'body');
      res.status(202).json(await queueRecheck(deps, ids));
    }),
  );
  router.post(
    '/admin/checks/services/:serviceId/check',
    route(async (req, res) => {
      const { serviceId } = parseInput(CheckServiceParamsSchema, req.params, 'service');
      parseInput(EmptyBodySchema, req.body, 'body');
      res.json(await checkServiceNow(deps, serviceId));
    }),
  );
  const review = (action: ReviewAction) =>
    [
      route(async (req, res) => {
        const { ids } = parseInput(CheckIdsBodySchema, req.body, 'body');
        res.json(await reviewChecks(deps, ids, action, req.identity!));
      }),
      route(async (req, res) => {
        const { id } = parseInput(CheckIdParamsSchema, req.params, 'check');
        parseInput(EmptyBodySchema, req.body, 'body');
        res.json(await reviewChecks(deps, [id], action, req.identity!));
      }),
    ] as const;
  const [bulkClose, close] = review('closed');
  const [bulkIgnore, ignore] = review('ignored');
  router.post('/admin/checks/bulk/close', bulkClose);
  router.post('/admin/checks/bulk/ignore', bulkIgnore);
  router.post('/admin/checks/:id/close', close);
  router.post('/admin/checks/:id/ignore', ignore);
  return router;
}
