import { once } from 'node:events';
import { constants as zlibConstants, createGzip } from 'node:zlib';
import type { Request, Response } from 'express';

// How a rendered page goes out to its visitor: whole (gzipped when the browser takes it) or, too large to hold, as it comes.

/** A rendered page kept for every visitor: its HTML once, and once gzipped. */
export interface CachedPage {
  status: number;
  release: string;
  /** What browsers are told of keeping it (the renderer's word; no-cache when it says none). */
  cacheControl: string;
  body: Buffer;
  gzipped: Buffer;
}

/** The visitor a page is rendered for. */
export type Visit = { req: Request; res: Response };

export const acceptsGzip = (req: Request) => /\bgzip\b/i.test(String(req.headers['accept-encoding'] ?? ''));

/** Starts sending a page too large to hold: the rest goes out as it comes, gzipped piece by piece. */
export function startStreaming({ req, res }: Visit, status: number, release: string, cacheControl: string) {
  res.status(status);
  pageHeaders(res, 'miss', release, cacheControl);
  const gzip = acceptsGzip(req);
  if (gzip) res.setHeader('content-encoding', 'gzip');
  res.flushHeaders();
  const out = gzip ? createGzip({ flush: zlibConstants.Z_SYNC_FLUSH }) : null;
  out?.pipe(res);
  return {
    write: (piece: Buffer) => (out ? out.write(piece) : res.write(piece)),
    end: async () => {
      if (!out) return void res.end();
      const ended = once(out, 'end');
      out.end();
      await ended;
    },
  };
}

export function send({ req, res }: Visit, page: CachedPage, cache: 'hit' | 'miss' | 'stale'): void {
  const gzip = acceptsGzip(req);
  const body = gzip ? page.gzipped : page.body;
  res.status(page.status);
  pageHeaders(res, cache, page.release, page.cacheControl);
  if (gzip) res.setHeader('content-encoding', 'gzip');
  res.setHeader('content-length', String(body.length));
  res.end(req.method === 'HEAD' ? undefined : body);
}

function pageHeaders(res: Response, cache: 'hit' | 'miss' | 'stale', release: string, cacheControl: string): void {
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.setHeader('cache-control', cacheControl);
  res.setHeader('vary', 'accept-encoding');
  res.setHeader('x-page-cache', cache);
  if (release) res.setHeader('x-rendered-release', release);
}
