import { Router } from 'express';
import { MAX_IMAGE_BYTES, UploadQuerySchema } from '@mealprep/contracts';
import { parseInput, requireSignIn, route } from '@mealprep/service-kit';
import { TOO_BIG, uploadImage, type UploadDeps } from '../../domain/uploads';
import { rawBodyReader } from './raw-body';

const readBytes = rawBodyReader(MAX_IMAGE_BYTES, TOO_BIG);

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
