import { createHash } from 'node:crypto';

/** A stable 24-hex id (the shape of a MongoDB ObjectId) for a demo record, the same on every machine. */
export function demoId(kind: string, key: string): string {
  return createHash('sha1').update(`${kind}:${key}`).digest('hex').slice(0, 24);
}
