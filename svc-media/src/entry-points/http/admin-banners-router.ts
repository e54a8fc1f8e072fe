import { Router } from 'express';
import {
  AddBannerSchema,
  BannerBulkChangesSchema,
  BannerBulkIdsSchema,
  BannerChangesSchema,
  MediaIdParamsSchema,
  NoQuerySchema,
  StockByUrlQuerySchema,
  StockSearchQuerySchema,
} from '@mealprep/contracts';
import { parseInput, requireRole, route } from '@mealprep/service-kit';
import { addBanner, listAllBanners, removeBanners, stockPhotoByUrl, updateBanners, type AdminBannerDeps } from '../../domain/admin-banners';

/** Banner images and stock-photo search, for admins only (checked here, whatever the page shows). */
export function adminBannersRouter(deps: AdminBannerDeps): Router {
  const router = Router();
  router.use(['/admin/banners', '/admin/stock-photos'], requireRole('admin'));
  router.get(
    '/admin/stock-photos',
    route(async (req, res) => {
      const query = parseInput(StockSearchQuerySchema, req.query, 'query');
      res.json(await deps.stock.search(query.query, query.page));
    }),
  );
  router.get(
    '/admin/stock-photos/by-url',
    route(async (req, res) => {
      const { url } = parseInput(StockByUrlQuerySchema, req.query, 'query');
      res.json(await stockPhotoByUrl(deps, url));
    }),
  );
  router.get(
    '/admin/banners',
    route(async (req, res) => {
      parseInput(NoQuerySchema, req.query, 'query');
      res.set('cache-control', 'no-store');
      res.json({ items: await listAllBanners(deps), stockPhotosConfigured: deps.stock.configured });
    }),
  );
  router.post(
    '/admin/banners',
    route(async (req, res) => {
      res.status(201).json(await addBanner(deps, req.identity!.userId, parseInput(AddBannerSchema, req.body, 'banner')));
    }),
  );
  // Bulk first: '/admin/banners/bulk…' is not a banner id.
  router.post(
    '/admin/banners/bulk',
    route(async (req, res) => {
      const { ids, changes } = parseInput(BannerBulkChangesSchema, req.body, 'body');
      res.json(await updateBanners(deps, ids, changes));
    }),
  );
  router.post(
    '/admin/banners/bulk/delete',
    route(async (req, res) => {
      const { ids } = parseInput(BannerBulkIdsSchema, req.body, 'body');
      res.json(await removeBanners(deps, ids));
    }),
  );
  router.patch(
    '/admin/banners/:id',
    route(async (req, res) => {
      const { id } = parseInput(MediaIdParamsSchema, req.params, 'banner');
      res.json(await updateBanners(deps, [id], parseInput(BannerChangesSchema, req.body, 'changes')));
    }),
  );
  router.delete(
    '/admin/banners/:id',
    route(async (req, res) => {
      const { id } = parseInput(MediaIdParamsSchema, req.params, 'banner');
      res.json(await removeBanners(deps, [id]));
    }),
  );
  return router;
}
