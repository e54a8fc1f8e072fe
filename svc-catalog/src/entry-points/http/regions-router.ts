import { Router } from 'express';
import { CityParamsSchema, GeoRegionListQuerySchema, NoQuerySchema, SlugParamsSchema } from '@mealprep/contracts';
import { parseInput } from '@mealprep/service-kit';
import type { CatalogIndex } from '../../domain/catalogue/catalog-index';
import { getRegion, listRegions, type ReferenceDataDeps } from '../../domain/catalogue/reference-data';
import { getCity, listCities } from '../../domain/listings/services';
import type { KeptAnswers } from './kept-answers';

export function regionsRouter(deps: Pick<ReferenceDataDeps, 'regions'> & { catalog: CatalogIndex }, answers: KeptAnswers): Router {
  const router = Router();
  router.get(
    '/regions/counts',
    answers.read(() => ({ counts: deps.catalog.index.counts() })),
  );
  router.get(
    '/regions',
    answers.read(async (req) => ({ items: await listRegions(deps, parseInput(GeoRegionListQuerySchema, req.query, 'query').countryCode) })),
  );
  // A state's cities and a city page follow the catalogue live: revalidated, kept while it stays as it was.
  router.get(
    '/regions/:slug/cities',
    answers.read((req) => {
      const params = parseInput(SlugParamsSchema, req.params, 'state');
      parseInput(NoQuerySchema, req.query, 'query');
      return listCities(deps, params.slug);
    }),
  );
  router.get(
    '/regions/:slug/cities/:city',
    answers.read((req) => {
      const params = parseInput(CityParamsSchema, req.params, 'city');
      parseInput(NoQuerySchema, req.query, 'query');
      return getCity(deps, params.slug, params.city);
    }),
  );
  router.get(
    '/regions/:slug',
    answers.read((req) => getRegion(deps, parseInput(SlugParamsSchema, req.params, 'state').slug)),
  );
  return router;
}
