import { Router } from 'express';
import { MAX_IMAGE_BYTES, NoQuerySchema, PhotoFileParamsSchema, PhotoIdParamsSchema, PhotoUploadQuerySchema } from '@mealprep/contracts';
import { parseInput, requireInternal, requireSignIn, route } from '@mealprep/service-kit';
import { TOO_BIG } from '../../domain/uploads';
import { openPhotoFile, photoFacts, uploadPhoto, type PhotoDeps } from '../../domain/photos/listing-photos';
import { matchesIfNoneMatch } from './images-router';
import { rawBodyReader } from './raw-body';

const readBytes = rawBodyReader(MAX_IMAGE_BYTES, TOO_BIG);

/**
 * A listing's photos: the upload (the photo's bytes as the body, for the listing's owner and staff),
 * each file by its content-addressed name, and svc-catalog's signed question about one photo.
 */
export function photosRouter(deps: PhotoDeps & { secret: string }): Router {
  const router = Router();
  router.post(
    '/photos',
    requireSignIn,
    route(async (req, res) => {
      const query = parseInput(PhotoUploadQuerySchema, req.query, 'query');
      res.status(201).json({ photo: await uploadPhoto(deps, req.identity!, { listingId: query.listingId, readBytes: () => readBytes(req, res) }) });
    }),
  );
  router.get(
    '/photos/:photoId/:file',
    route(async (req, res) => {
      const params = parseInput(PhotoFileParamsSchema, req.params, 'photo');
      parseInput(NoQuerySchema, req.query, 'query');
      const file = await openPhotoFile(deps, req.identity ?? undefined, params.photoId, params.file);
      res.set({ 'content-type': file.contentType, 'cache-control': file.cacheControl, etag: file.etag, 'x-content-type-options': 'nosniff' });
      if (matchesIfNoneMatch(req.get('if-none-match'), file.etag)) {
        res.status(304).end();
        return;
      }
      res.send(await file.read());
    }),
  );
  router.get(
    '/internal/media/photos/:photoId',
    requireInternal(deps.secret),
    route(async (req, res) => {
      const { photoId } = parseInput(PhotoIdParamsSchema, req.params, 'photo');
      parseInput(NoQuerySchema, req.query, 'query');
      res.set('cache-control', 'no-store');
      res.json({ photo: await photoFacts(deps, photoId) });
    }),
  );
  return router;
}
