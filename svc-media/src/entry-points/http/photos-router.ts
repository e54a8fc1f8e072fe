import { Router } from 'express';
import {
  MAX_IMAGE_BYTES,
  NoQuerySchema,
  PhotoFileParamsSchema,
  PhotoIdParamsSchema,
  PhotoRemovalBodySchema,
  PhotoReportBodySchema,
  PhotoUploadQuerySchema,
  ServiceIdParamsSchema,
} from '@mealprep/contracts';
import { parseInput, requireInternal, requireRole, requireSignIn, route } from '@mealprep/service-kit';
import { TOO_BIG } from '../../domain/uploads';
import {
  dismissReports,
  listingPhotosForStaff,
  openPhotoFile,
  photoFacts,
  removePhoto,
  reportedPhotos,
  reportPhoto,
  restorePhoto,
  uploadPhoto,
  type PhotoDeps,
} from '../../domain/photos/listing-photos';
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
  router.post(
    '/photos/:photoId/reports',
    requireSignIn,
    route(async (req, res) => {
      const { photoId } = parseInput(PhotoIdParamsSchema, req.params, 'photo');
      parseInput(NoQuerySchema, req.query, 'query');
      const { reason } = parseInput(PhotoReportBodySchema, req.body, 'body');
      res.status(201).json(await reportPhoto(deps, req.identity!, photoId, reason));
    }),
  );
  // Staff: a listing's photos, and taking one down (the owner is mailed the reason) or putting it back.
  router.use('/admin/photos', requireRole('admin'));
  router.get(
    '/admin/photos/by-listing/:id',
    route(async (req, res) => {
      const { id } = parseInput(ServiceIdParamsSchema, req.params, 'listing');
      parseInput(NoQuerySchema, req.query, 'query');
      res.set('cache-control', 'no-store');
      res.json({ items: await listingPhotosForStaff(deps, id) });
    }),
  );
  router.get(
    '/admin/photos/reported',
    route(async (req, res) => {
      parseInput(NoQuerySchema, req.query, 'query');
      res.set('cache-control', 'no-store');
      res.json({ items: await reportedPhotos(deps) });
    }),
  );
  router.post(
    '/admin/photos/:photoId/dismiss-reports',
    route(async (req, res) => {
      const { photoId } = parseInput(PhotoIdParamsSchema, req.params, 'photo');
      parseInput(NoQuerySchema, req.query, 'query');
      res.json(await dismissReports(deps, photoId));
    }),
  );
  router.post(
    '/admin/photos/:photoId/remove',
    route(async (req, res) => {
      const { photoId } = parseInput(PhotoIdParamsSchema, req.params, 'photo');
      parseInput(NoQuerySchema, req.query, 'query');
      const { reason } = parseInput(PhotoRemovalBodySchema, req.body, 'body');
      res.json({ photo: await removePhoto(deps, req.identity!, photoId, reason) });
    }),
  );
  router.post(
    '/admin/photos/:photoId/restore',
    route(async (req, res) => {
      const { photoId } = parseInput(PhotoIdParamsSchema, req.params, 'photo');
      parseInput(NoQuerySchema, req.query, 'query');
      res.json({ photo: await restorePhoto(deps, photoId) });
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
