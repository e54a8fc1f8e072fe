import { Router } from 'express';
import { MediaIdParamsSchema, NoQuerySchema } from '@mealprep/contracts';
import { parseInput, requireInternal, route } from '@mealprep/service-kit';
import { mediaItemFacts, type MediaFactsDeps } from '../../domain/media-facts';

/** Routes other services call (signed with the shared secret); the gateway never forwards /internal. */
export function internalRouter(deps: MediaFactsDeps & { secret: string }): Router {
  const router = Router();
  /** svc-catalog asks who uploaded an image before a listing may use it as its logo. */
  router.get(
    '/internal/media/:id',
    requireInternal(deps.secret),
    route(async (req, res) => {
      const { id } = parseInput(MediaIdParamsSchema, req.params, 'media');
      parseInput(NoQuerySchema, req.query, 'query');
      const facts = await mediaItemFacts(deps, id);
      res.set('cache-control', 'no-store');
      res.json({ item: facts });
    }),
  );
  return router;
}
