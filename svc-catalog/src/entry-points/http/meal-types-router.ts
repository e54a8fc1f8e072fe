import { Router } from 'express';
import { NoQuerySchema, SlugParamsSchema } from '@mealprep/contracts';
import { parseInput } from '@mealprep/service-kit';
import { getMealType, listMealTypes, type ReferenceDataDeps } from '../../domain/catalogue/reference-data';
import type { KeptAnswers } from './kept-answers';

export function mealTypesRouter(deps: Pick<ReferenceDataDeps, 'mealTypes'>, answers: KeptAnswers): Router {
  const router = Router();
  router.get(
    '/meal-types',
    answers.read(async (req) => {
      parseInput(NoQuerySchema, req.query, 'query');
      return { items: await listMealTypes(deps) };
    }),
  );
  router.get(
    '/meal-types/:slug',
    answers.read((req) => getMealType(deps, parseInput(SlugParamsSchema, req.params, 'meal type').slug)),
  );
  return router;
}
