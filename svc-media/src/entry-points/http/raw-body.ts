import express, { type Request, type Response } from 'express';
import { AppError } from '@mealprep/service-kit';

/**
 * A reader of a request's body as bytes (any content type: the bytes decide what they are), called
 * when an upload has its turn and not before, so a refused upload costs no memory. A body over the
 * limit is refused while it arrives, with the given message (413).
 */
export function rawBodyReader(limit: number, tooLarge: string): (req: Request, res: Response) => Promise<Buffer> {
  const parse = express.raw({ type: () => true, limit });
  return (req, res) =>
    new Promise((resolve, reject) => {
      parse(req, res, (err?: unknown) => {
        if (err) return reject((err as { type?: string }).type === 'entity.too.large' ? new AppError('too_large', tooLarge, { status: 413 }) : err);
        resolve(Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0));
      });
    });
}
