import { Router } from 'express';
import { AdminMediaQuerySchema, MediaAltTextBodySchema, MediaBulkBodySchema, MediaIdParamsSchema, NoQuerySchema } from '@mealprep/contracts';
import { parseInput, requireRole, route } from '@mealprep/service-kit';
import { listMedia, restore, softDelete, updateAltText, type AdminMediaDeps } from '../../domain/admin-media';

/** Media management, for admins only (checked here, whatever the page shows). */
export function adminMediaRouter(deps: AdminMediaDeps): Router {
  const router = Router();
  router.use('/admin/media', requireRole('admin'));
  router.get(
    '/admin/media',
    route(async (req, res) => {
      const query = parseInput(AdminMediaQuerySchema, req.query, 'query');
      res.set('cache-control', 'no-store');
      res.json(await listMedia(deps, query));
    }),
  );
  // Bulk first: '/admin/media/bulk/…' is not a media id.
  router.post(
    '/admin/media/bulk/delete',
    route(async (req, res) => {
      const { ids } = parseInput(MediaBulkBodySchema, req.body, 'body');
      res.json(await softDelete(deps, ids));
    }),
  );
  router.patch(
    '/admin/media/:id',
    route(async (req, res) => {
      const { id } = parseInput(MediaIdParamsSchema, req.params, 'media');
      const { altText } = parseInput(MediaAltTextBodySchema, req.body, 'body');
      await updateAltText(deps, id, altText);
      res.json({ id, altText });
    }),
  );
  router.post(
    '/admin/media/:id/delete',
    route(async (req, res) => {
      const { id } = parseInput(MediaIdParamsSchema, req.params, 'media');
      parseInput(NoQuerySchema, req.query, 'query');
      res.json(await softDelete(deps, [id]));
    }),
  );
  router.post(
    '/admin/media/:id/restore',
    route(async (req, res) => {
      const { id } = parseInput(MediaIdParamsSchema, req.params, 'media');
      await restore(deps, id);
      res.json({ id, restored: true });
    }),
  );
  return router;
}
