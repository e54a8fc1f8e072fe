import { Router } from 'express';
import {
  AdminServiceQuerySchema,
  AdminStatusBodySchema,
  BulkFeatureBodySchema,
  BulkIdsBodySchema,
  BulkStatusBodySchema,
  FeatureBodySchema,
  NoQuerySchema,
  ServiceIdParamsSchema,
} from '@mealprep/contracts';
import { parseInput, requireRole, route } from '@mealprep/service-kit';
import { adminSetStatus, bulkSetStatus, feature, listForAdmin, remove, unfeature } from '../../domain/listings/admin-services';
import type { OwnerDeps } from '../../domain/listings/owner-services';
import { importServices } from '../../domain/imports/service-import';
import { uploadedFile } from './uploaded-file';

/** Admin-only reads and writes; the role is checked here, whatever the page shows. */
export function adminRouter(deps: OwnerDeps): Router {
  const router = Router();
  router.use('/admin', requireRole('admin'));
  router.get('/admin/services', (req, res) => {
    const query = parseInput(AdminServiceQuerySchema, req.query, 'query');
    res.set('cache-control', 'no-store');
    res.json(listForAdmin(deps, query));
  });
  /** services.importFromCSV: the file's bytes as the body (text/csv), parsed as they arrive. */
  router.post(
    '/admin/import/services',
    route(async (req, res) => {
      parseInput(NoQuerySchema, req.query, 'query');
      res.json(await importServices(deps, req.identity!, uploadedFile(req)));
    }),
  );
  // Bulk routes first: '/admin/services/bulk/…' must not be read as a service id.
  router.post(
    '/admin/services/bulk/status',
    route(async (req, res) => {
      const body = parseInput(BulkStatusBodySchema, req.body, 'body');
      res.json(await bulkSetStatus(deps, req.identity!, body.ids, body.status));
    }),
  );
  router.post(
    '/admin/services/bulk/feature',
    route(async (req, res) => {
      const body = parseInput(BulkFeatureBodySchema, req.body, 'body');
      res.json(await feature(deps, body.ids, body.days, false));
    }),
  );
  router.post(
    '/admin/services/bulk/unfeature',
    route(async (req, res) => {
      const body = parseInput(BulkIdsBodySchema, req.body, 'body');
      res.json(await unfeature(deps, body.ids));
    }),
  );
  router.post(
    '/admin/services/bulk/delete',
    route(async (req, res) => {
      const body = parseInput(BulkIdsBodySchema, req.body, 'body');
      res.json(await remove(deps, body.ids));
    }),
  );
  router.patch(
    '/admin/services/:id/status',
    route(async (req, res) => {
      const params = parseInput(ServiceIdParamsSchema, req.params, 'service');
      const body = parseInput(AdminStatusBodySchema, req.body, 'body');
      res.json(await adminSetStatus(deps, req.identity!, params.id, body.status, body.reason || null));
    }),
  );
  router.post(
    '/admin/services/:id/feature',
    route(async (req, res) => {
      const { id } = parseInput(ServiceIdParamsSchema, req.params, 'service');
      const body = parseInput(FeatureBodySchema, req.body, 'body');
      res.json(await feature(deps, [id], body.days, true));
    }),
  );
  router.post(
    '/admin/services/:id/unfeature',
    route(async (req, res) => {
      const { id } = parseInput(ServiceIdParamsSchema, req.params, 'service');
      parseInput(NoQuerySchema, req.query, 'query');
      res.json(await unfeature(deps, [id]));
    }),
  );
  router.delete(
    '/admin/services/:id',
    route(async (req, res) => {
      const { id } = parseInput(ServiceIdParamsSchema, req.params, 'service');
      res.json(await remove(deps, [id]));
    }),
  );
  return router;
}
