import { Router } from 'express';
import { BRAND_IMAGE_MAX_BYTES, BrandImageParamsSchema, BrandImageQuerySchema, NoQuerySchema } from '@mealprep/contracts';
import { AppError, parseInput, requireRole, route } from '@mealprep/service-kit';
import { BRAND_TOO_BIG, uploadBrandImage, type BrandImageDeps } from '../../domain/brand/brand-images';
import { matchesIfNoneMatch } from './images-router';
import { rawBodyReader } from './raw-body';

const readBytes = rawBodyReader(BRAND_IMAGE_MAX_BYTES, BRAND_TOO_BIG);

/** What a file of the extension is served as. */
const EXTENSION_OF = { 'image/png': 'png', 'image/webp': 'webp', 'image/jpeg': 'jpeg', 'image/svg+xml': 'svg' } as const;

/**
 * The brand's pictures: staff upload one (the bytes as the body, `?use=logo|icon|share`); anyone
 * loads its files (an id is random and its files never change: kept for good). An SVG is served
 * under a policy that runs nothing and loads nothing, should it be opened on its own.
 */
export function brandImagesRouter(deps: BrandImageDeps): Router {
  const router = Router();
  router.post(
    '/admin/brand-images',
    requireRole('admin'),
    route(async (req, res) => {
      const { use } = parseInput(BrandImageQuerySchema, req.query, 'query');
      res.status(201).json(await uploadBrandImage(deps, req.identity!.userId, use, () => readBytes(req, res)));
    }),
  );
  router.get(
    '/brand-images/:id/:size',
    route(async (req, res) => {
      const { id, size } = parseInput(BrandImageParamsSchema, req.params, 'picture');
      parseInput(NoQuerySchema, req.query, 'query');
      const image = await deps.images.findById(id);
      const byWidth = [...(image?.folder === 'brand' ? image.renditions : [])].sort((a, b) => a.width - b.width);
      const rendition = size === 'full' ? byWidth.at(-1) : byWidth.find((r) => r.width === size);
      if (!image || !rendition) throw AppError.notFound(`There is no brand picture "${id}" at that size.`);
      res.set({
        'content-type': image.contentType,
        'cache-control': 'public, max-age=31536000, immutable',
        etag: rendition.etag,
        'x-content-type-options': 'nosniff',
        ...(image.contentType === 'image/svg+xml' ? { 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox" } : {}),
      });
      if (matchesIfNoneMatch(req.get('if-none-match'), rendition.etag)) {
        res.status(304).end();
        return;
      }
      const bytes = await deps.files.read('brand', image.id, rendition.width, EXTENSION_OF[image.contentType]);
      if (!bytes) throw AppError.notFound(`The file of brand picture "${id}" is missing.`);
      res.send(bytes);
    }),
  );
  return router;
}
