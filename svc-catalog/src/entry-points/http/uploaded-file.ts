import { PassThrough, pipeline, type Readable } from 'node:stream';
import type { Request } from 'express';

/**
 * An upload's bytes (the request's body, a CSV file) as a stream of their own, for a use case to
 * read as they arrive: the domain is never handed the request. A failed or aborted upload fails
 * the stream; a use case that stops reading early (a file over the limit) ends the body with it.
 */
export function uploadedFile(req: Request): Readable {
  return pipeline(req, new PassThrough(), () => undefined);
}
