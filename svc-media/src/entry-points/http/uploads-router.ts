import express, { Router, type ErrorRequestHandler } from 'express';
import { MAX_IMAGE_BYTES, UploadQuerySchema } from '@mealprep/contracts';
import { AppError, parseInput, requireSignIn, route } from '@mealprep/service-kit';
import { TOO_BIG, uploadImage, type UploadDeps } from '../../domain/uploads';

/** The body-parser's "too large" becomes the spec's message. */
const tooLarge: ErrorRequestHandler = (err: { type?: string }, _req, _res, next) => {
  next(err.type === 'entity.too.large' ? new AppError('too_large', TOO_BIG, { status: 413 }) : err);
};

/**
 * media.uploadImageKit: the image's bytes as the body (any content type: the bytes decide what it
 * is), for signed-in users. Answers the new media id.
 */
export function uploadsRouter(deps: UploadDeps): Router {
  const router = Router();
  router.post(
    '/uploads',
    requireSignIn,
    express.raw({ type: () => true, limit: MAX_IMAGE_BYTES }),
    tooLarge,
    route(async (req, res) => {
      const query = parseInput(UploadQuerySchema, req.query, 'query');
      const bytes = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      res.status(201).json(await uploadImage(deps, req.identity!, { bytes, fileName: query.fileName }));
    }),
  );
  return router;
}
