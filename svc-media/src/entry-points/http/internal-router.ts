import { Router } from 'express';
import { MediaIdParamsSchema, NoQuerySchema, type MediaItemFacts } from '@mealprep/contracts';
import { parseInput, requireInternal, route } from '@mealprep/service-kit';
import type { MediaRepository } from '../../data-access/media-repository';

/** Routes other services call (signed with the shared secret); the gateway never forwards /internal. */
export function internalRouter(deps: { media: MediaRepository; secret: string }): Router {
  const router = Router();
  /** svc-catalog asks who uploaded an image before a listing may use it as its logo. */
  router.get(
    '/internal/media/:id',
    requireInternal(deps.secret),
    route(async (req, res) => {
      const { id } = parseInput(MediaIdParamsSchema, req.params, 'media');
      parseInput(NoQuerySchema, req.query, 'query');
      const item = await deps.media.findById(id);
      const facts: MediaItemFacts | null = item && { id: item.id, uploadedBy: item.uploadedBy ?? null, associatedEntityId: item.associatedEntityId, deletedAt: item.deletedAt };
      res.set('cache-control', 'no-store');
      res.json({ item: facts });
    }),
  );
  return router;
}
