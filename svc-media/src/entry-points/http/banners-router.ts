import { NoQuerySchema } from '@mealprep/contracts';
import { Router } from 'express';
import { parseInput, route } from '@mealprep/service-kit';
import { listActiveBanners, type BannerDeps } from '../../domain/banners';

export function bannersRouter(deps: BannerDeps): Router {
  const router = Router();
  router.get(
    '/banners',
    route(async (req, res) => {
      parseInput(NoQuerySchema, req.query, 'query');
      // Revalidated on every read: a banner change announced over /api/live must show at once.
      res.set('cache-control', 'no-cache');
      res.json({ items: await listActiveBanners(deps) });
    }),
  );
  return router;
}
