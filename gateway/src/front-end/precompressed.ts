import { existsSync } from 'node:fs';
import path from 'node:path';
import type { RequestHandler } from 'express';
import { LRUCache } from 'lru-cache';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.html': 'text/html; charset=utf-8',
};

/** How many files' answers are kept (the builds hold a few hundred). */
const KNOWN_FILES = 10_000;

/**
 * Serves the .br or .gz copy the build wrote beside a file when the browser accepts it; the
 * static handler after it then sends those bytes with the original file's type and caching.
 */
export function precompressed(root: string): RequestHandler {
  // Whether each file asked for has a compressed copy: a rebuild restarts the gateway, so an answer
  // holds until then. Bounded, since any visitor can ask for any name that ends in .js.
  const known = new LRUCache<string, boolean>({ max: KNOWN_FILES });
  const has = (file: string) => {
    let found = known.get(file);
    if (found === undefined) {
      found = existsSync(file);
      known.set(file, found);
    }
    return found;
  };
  return (req, res, next) => {
    const type = TYPES[path.extname(req.path)];
    if (!type || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    const accepted = String(req.headers['accept-encoding'] ?? '');
    let decoded: string;
    try {
      decoded = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    const file = path.resolve(root, `.${path.posix.normalize(decoded)}`);
    if (!file.startsWith(root + path.sep)) return next();
    res.setHeader('vary', 'accept-encoding');
    for (const [encoding, suffix] of [
      ['br', '.br'],
      ['gzip', '.gz'],
    ] as const) {
      if (accepted.includes(encoding) && has(`${file}${suffix}`)) {
        req.url = `${req.url.split('?')[0]}${suffix}`;
        res.setHeader('content-encoding', encoding);
        res.setHeader('content-type', type);
        return next();
      }
    }
    next();
  };
}
