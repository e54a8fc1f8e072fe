import { Router } from 'express';
import { NoQuerySchema, SlugParamsSchema } from '@mealprep/contracts';
import { parseInput, route } from '@mealprep/service-kit';
import { getMealType, listMealTypes, type ReferenceDataDeps } from '../../domain/reference-data';

export function mealTypesRouter(deps: Pick<ReferenceDataDeps, 'mealTypes'>): Router {
  const router = Router();
  router.get(
    '/meal-types',
    route(async (req, res) => {
      parseInput(NoQuerySchema, req.query, 'query');
      res.set('cache-control', 'public, max-age=60');
      res.json({ items: await listMealTypes(deps) });
    }),
  );
  router.get(
    '/meal-types/:slug',
    route(async (req, res) => {
      const params = parseInput(SlugParamsSchema, req.params, 'meal type');
      res.set('cache-control', 'public, max-age=60');
      res.json(await getMealType(deps, params.slug));
    }),
  );
  return router;
}
