import { Router } from 'express';
import { NoQuerySchema, SlugParamsSchema } from '@mealprep/contracts';
import { parseInput, route } from '@mealprep/service-kit';
import { getMealType, listMealTypes, type ReferenceDataDeps } from '../../domain/reference-data';
import type { KeptAnswers } from './kept-answers';

export function mealTypesRouter(deps: Pick<ReferenceDataDeps, 'mealTypes'>, answers: KeptAnswers): Router {
  const router = Router();
  router.get(
    '/meal-types',
    route(async (req, res) => {
      parseInput(NoQuerySchema, req.query, 'query');
      res.set('cache-control', 'no-cache');
      await answers.json(req, res, async () => ({ items: await listMealTypes(deps) }));
    }),
  );
  router.get(
    '/meal-types/:slug',
    route(async (req, res) => {
      const params = parseInput(SlugParamsSchema, req.params, 'meal type');
      res.set('cache-control', 'no-cache');
      await answers.json(req, res, () => getMealType(deps, params.slug));
    }),
  );
  return router;
}
