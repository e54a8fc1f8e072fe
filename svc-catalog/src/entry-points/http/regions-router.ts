import { Router } from 'express';
import { CityParamsSchema, GeoRegionListQuerySchema, NoQuerySchema, SlugParamsSchema } from '@mealprep/contracts';
import { parseInput, route } from '@mealprep/service-kit';
import type { CatalogIndex } from '../../domain/catalog-index';
import { getRegion, listRegions, type ReferenceDataDeps } from '../../domain/reference-data';
import { getCity, listCities } from '../../domain/services';

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
  // A state's cities and a city page follow the catalogue live: revalidated, never kept.
  router.get('/regions/:slug/cities', (req, res) => {
    const params = parseInput(SlugParamsSchema, req.params, 'state');
    parseInput(NoQuerySchema, req.query, 'query');
    res.set('cache-control', 'no-cache');
    res.json(listCities(deps, params.slug));
  });
  router.get('/regions/:slug/cities/:city', (req, res) => {
    const params = parseInput(CityParamsSchema, req.params, 'city');
    parseInput(NoQuerySchema, req.query, 'query');
    res.set('cache-control', 'no-cache');
    res.json(getCity(deps, params.slug, params.city));
  });
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
