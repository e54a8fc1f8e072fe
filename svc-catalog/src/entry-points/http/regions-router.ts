import { Router } from 'express';
import { CityParamsSchema, GeoRegionListQuerySchema, NoQuerySchema, SlugParamsSchema } from '@mealprep/contracts';
import { parseInput, route } from '@mealprep/service-kit';
import type { CatalogIndex } from '../../domain/catalog-index';
import { getRegion, listRegions, type ReferenceDataDeps } from '../../domain/reference-data';
import { getCity, listCities } from '../../domain/services';
import type { KeptAnswers } from './kept-answers';

export function regionsRouter(deps: Pick<ReferenceDataDeps, 'regions'> & { catalog: CatalogIndex }, answers: KeptAnswers): Router {
  const router = Router();
  router.get(
    '/regions/counts',
    route(async (req, res) => {
      res.set('cache-control', 'no-cache');
      await answers.json(req, res, () => ({ counts: deps.catalog.index.counts() }));
    }),
  );
  router.get(
    '/regions',
    route(async (req, res) => {
      const query = parseInput(GeoRegionListQuerySchema, req.query, 'query');
      res.set('cache-control', 'no-cache');
      await answers.json(req, res, async () => ({ items: await listRegions(deps, query.countryCode) }));
    }),
  );
  // A state's cities and a city page follow the catalogue live: revalidated, never kept.
  router.get(
    '/regions/:slug/cities',
    route(async (req, res) => {
      const params = parseInput(SlugParamsSchema, req.params, 'state');
      parseInput(NoQuerySchema, req.query, 'query');
      res.set('cache-control', 'no-cache');
      await answers.json(req, res, () => listCities(deps, params.slug));
    }),
  );
  router.get(
    '/regions/:slug/cities/:city',
    route(async (req, res) => {
      const params = parseInput(CityParamsSchema, req.params, 'city');
      parseInput(NoQuerySchema, req.query, 'query');
      res.set('cache-control', 'no-cache');
      await answers.json(req, res, () => getCity(deps, params.slug, params.city));
    }),
  );
  router.get(
    '/regions/:slug',
    route(async (req, res) => {
      const params = parseInput(SlugParamsSchema, req.params, 'state');
      res.set('cache-control', 'no-cache');
      await answers.json(req, res, () => getRegion(deps, params.slug));
    }),
  );
  return router;
}
