import { Router } from 'express';
import { GeoRegionListQuerySchema, SlugParamsSchema } from '@mealprep/contracts';
import { parseInput, route } from '@mealprep/service-kit';
import type { CatalogIndex } from '../../domain/catalog-index';
import { getRegion, listRegions, type ReferenceDataDeps } from '../../domain/reference-data';

export function regionsRouter(deps: Pick<ReferenceDataDeps, 'regions'> & { catalog: CatalogIndex }): Router {
  const router = Router();
  router.get('/regions/counts', (_req, res) => {
    res.set('cache-control', 'no-cache');
    res.json({ counts: deps.catalog.index.counts() });
  });
  router.get(
    '/regions',
    route(async (req, res) => {
      const query = parseInput(GeoRegionListQuerySchema, req.query, 'query');
      res.set('cache-control', 'public, max-age=60');
      res.json({ items: await listRegions(deps, query.countryCode) });
    }),
  );
  router.get(
    '/regions/:slug',
    route(async (req, res) => {
      const params = parseInput(SlugParamsSchema, req.params, 'state');
      res.set('cache-control', 'public, max-age=60');
      res.json(await getRegion(deps, params.slug));
    }),
  );
  return router;
}
