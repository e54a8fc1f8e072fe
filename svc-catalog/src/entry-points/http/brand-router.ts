import { Router } from 'express';
import { BrandPublishBodySchema, BrandSettingsSchema, BrandVersionParamsSchema, NoQuerySchema } from '@mealprep/contracts';
import { parseInput, requireRole, route } from '@mealprep/service-kit';
import { brandAdminView, brandVersion, currentBrand, publishBrand, saveBrandDraft, type BrandDeps } from '../../domain/brand/brand';

/**
 * The operator's brand: the published one for everyone (the gateways read it at start, then hear
 * of the next by event); the draft, the versions, publishing and rolling back for staff.
 */
export function brandRouter(deps: BrandDeps & { now?: () => Date }): Router {
  const router = Router();
  const now = () => deps.now?.() ?? new Date();
  router.get(
    '/brand',
    route(async (req, res) => {
      parseInput(NoQuerySchema, req.query, 'query');
      res.set('cache-control', 'no-cache');
      res.json(await currentBrand(deps));
    }),
  );
  router.use('/admin/brand', requireRole('admin'));
  router.get(
    '/admin/brand',
    route(async (req, res) => {
      parseInput(NoQuerySchema, req.query, 'query');
      res.set('cache-control', 'no-store');
      res.json(await brandAdminView(deps));
    }),
  );
  router.put(
    '/admin/brand/draft',
    route(async (req, res) => {
      parseInput(NoQuerySchema, req.query, 'query');
      const settings = parseInput(BrandSettingsSchema, req.body, 'brand');
      await saveBrandDraft(deps, settings, req.identity!.email, now());
      res.json({ settings });
    }),
  );
  router.post(
    '/admin/brand/publish',
    route(async (req, res) => {
      parseInput(NoQuerySchema, req.query, 'query');
      const { from } = parseInput(BrandPublishBodySchema, req.body, 'body');
      res.json(await publishBrand(deps, from, req.identity!.email, now()));
    }),
  );
  router.get(
    '/admin/brand/versions/:version',
    route(async (req, res) => {
      parseInput(NoQuerySchema, req.query, 'query');
      const { version } = parseInput(BrandVersionParamsSchema, req.params, 'version');
      res.set('cache-control', 'no-store');
      res.json(await brandVersion(deps, version));
    }),
  );
  return router;
}
