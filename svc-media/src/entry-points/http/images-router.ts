import { Router } from 'express';
import { ImageParamsSchema, NoQuerySchema } from '@mealprep/contracts';
import { parseInput, route } from '@mealprep/service-kit';
import { openImage, type ImageDeps } from '../../domain/images';

/**
 * RFC 9110 If-None-Match with weak comparison. Express's `req.fresh` is not used: it treats a
 * request's `cache-control: no-cache` as "send it all", which fetch() adds to every conditional
 * request it makes, so a revalidation would never get its 304.
 */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => opaque(tag) === opaque(etag));
}

export function imagesRouter(deps: ImageDeps): Router {
  const router = Router();
  router.get(
    '/images/:id/:size',
    route(async (req, res) => {
      const params = parseInput(ImageParamsSchema, req.params, 'image');
      parseInput(NoQuerySchema, req.query, 'query');
      const image = await openImage(deps, params.id, params.size, { admin: Boolean(req.identity?.roles.includes('admin')) });
      res.set({
        'content-type': image.contentType,
        // An upload's id is random and its files never change: cached for good. A deleted item's,
        // which only an admin is shown, is kept by no cache.
        'cache-control': image.deleted ? 'private, no-store' : params.id.startsWith('u-') ? 'public, max-age=31536000, immutable' : 'public, max-age=86400',
        etag: image.etag,
        'x-content-type-options': 'nosniff',
      });
      // The stored ETag answers a revalidation without touching the file.
      if (matchesIfNoneMatch(req.get('if-none-match'), image.etag)) {
        res.status(304).end();
        return;
      }
      res.send(await image.read());
    }),
  );
  return router;
}
