import express, { Router, type Request, type Response } from 'express';
import { MAX_IMAGE_BYTES, UploadQuerySchema } from '@mealprep/contracts';
import { AppError, parseInput, requireSignIn, route } from '@mealprep/service-kit';
import { TOO_BIG, uploadImage, type UploadDeps } from '../../domain/uploads';

const rawBody = express.raw({ type: () => true, limit: MAX_IMAGE_BYTES });

/**
 * Reads the body when the upload has been admitted, not before: a refused upload (too many at
 * once, the day's limit) costs no memory. The body-parser's "too large" becomes the spec's message.
 */
function readBytes(req: Request, res: Response): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    rawBody(req, res, (err?: unknown) => {
      if (err) return reject((err as { type?: string }).type === 'entity.too.large' ? new AppError('too_large', TOO_BIG, { status: 413 }) : err);
      resolve(Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0));
    });
  });
}

/**
 * media.uploadImageKit: the image's bytes as the body (any content type: the bytes decide what it
 * is), for signed-in users. Answers the new media id.
 */
export function uploadsRouter(deps: UploadDeps): Router {
  const router = Router();
  router.post(
    '/uploads',
    requireSignIn,
    route(async (req, res) => {
      const query = parseInput(UploadQuerySchema, req.query, 'query');
      res.status(201).json(await uploadImage(deps, req.identity!, { fileName: query.fileName, readBytes: () => readBytes(req, res) }));
    }),
  );
  return router;
}
