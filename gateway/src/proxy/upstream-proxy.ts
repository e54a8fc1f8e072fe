import { pipeline } from 'node:stream/promises';
import type { Request, RequestHandler, Response } from 'express';
import { Pool, errors as undiciErrors } from 'undici';
import type { CachedResponse, EdgeCache } from './edge-cache';
import { IDENTITY_HEADER, IDENTITY_SIGNATURE_HEADER, INTERNAL_HEADER, REQUEST_ID_HEADER } from '@mealprep/contracts';

export const SERVICE_NAMES = ['catalog', 'auth', 'media', 'checker'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

// Headers that describe one hop, never forwarded (RFC 9110 §7.6.1), plus what the gateway sets itself.
const HOP_BY_HOP = new Set([
  'connection', 'keep-alive', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer',
  'transfer-encoding', 'upgrade', 'host', 'proxy-connection',
]);
const NEVER_FROM_OUTSIDE = new Set([IDENTITY_HEADER, IDENTITY_SIGNATURE_HEADER, INTERNAL_HEADER, 'x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host']);

// Headers of an answer the gateway sets for the whole site (security-headers.ts); a service's own are dropped.
const SET_BY_GATEWAY = new Set([
  'x-powered-by', 'content-security-policy', 'strict-transport-security', 'x-frame-options', 'referrer-policy',
  'x-content-type-options', 'permissions-policy', 'cross-origin-opener-policy', 'cross-origin-resource-policy',
  'origin-agent-cluster', 'x-dns-prefetch-control', 'x-download-options', 'x-permitted-cross-domain-policies', 'x-xss-protection',
]);

export interface UpstreamOptions {
  timeoutMs: number;
  connectTimeoutMs: number;
}

export interface Upstream {
  name: ServiceName;
  pool: Pool;
}

/** One keep-alive connection pool per service. */
export function createUpstream(name: ServiceName, url: string, options: UpstreamOptions): Upstream {
  return {
    name,
    pool: new Pool(new URL(url).origin, {
      connections: 64,
      keepAliveTimeout: 30_000,
      connect: { timeout: options.connectTimeoutMs },
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
    }),
  };
}

function forwardedHeaders(req: Request, extra: Record<string, string>, forwardCookies: boolean): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined || HOP_BY_HOP.has(key) || NEVER_FROM_OUTSIDE.has(key)) continue;
    // The session cookie is for svc-auth (log out); other services get the signed identity only.
    if (key === 'cookie' && !forwardCookies) continue;
    headers[key] = Array.isArray(value) ? value.join(', ') : value;
  }
  headers['x-forwarded-for'] = req.socket.remoteAddress ?? '';
  headers['x-forwarded-proto'] = req.protocol;
  headers[REQUEST_ID_HEADER] = req.id;
  return { ...headers, ...extra };
}

function sendUpstreamError(res: Response, upstream: Upstream, err: unknown, requestId: string) {
  const timedOut = err instanceof undiciErrors.HeadersTimeoutError || err instanceof undiciErrors.BodyTimeoutError;
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.status(timedOut ? 504 : 503).json({
    error: {
      code: timedOut ? 'service_timeout' : 'service_unavailable',
      message: timedOut
        ? `The ${upstream.name} service did not answer in time.`
        : `The ${upstream.name} service is unavailable.`,
      service: upstream.name,
      requestId,
    },
  });
}

/**
 * Forwards a request under /api/{service} to that service, streaming both ways. A service that is
 * down answers 503 at once (connect timeout), one that hangs 504; neither leaves the browser waiting.
 */
export function proxyTo(
  upstream: Upstream,
  options: {
    extraHeaders?: (req: Request) => Record<string, string>;
    cache?: EdgeCache;
    /** Which of the service's paths the edge cache may keep (all, when not given). */
    cachePaths?: RegExp;
    onFailure?: () => void;
  } = {},
): RequestHandler {
  const cache = options.cache;
  return async (req, res) => {
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    const cacheable = (cache?.cacheable(req) ?? false) && (!options.cachePaths || options.cachePaths.test(req.path));
    // Keyed by the full URL: services share one cache.
    const key = req.originalUrl;
    if (cache && cacheable) {
      const hit = cache.get(key);
      if (hit) return sendCached(req, res, hit);
    }
    const generation = cache?.generation ?? 0;
    try {
      const answer = await upstream.pool.request({
        method: req.method as 'GET',
        path: req.url,
        headers: forwardedHeaders(req, options.extraHeaders?.(req) ?? {}, upstream.name === 'auth'),
        body: hasBody ? req : null,
      });
      const headers: Record<string, string> = {};
      for (const [key, value] of Object.entries(answer.headers)) {
        if (value !== undefined && !HOP_BY_HOP.has(key) && !SET_BY_GATEWAY.has(key) && key !== 'x-request-id') headers[key] = Array.isArray(value) ? value.join(', ') : value;
      }
      if (cache && cacheable && answer.statusCode === 200 && !headers['set-cookie']) {
        const body = Buffer.from(await answer.body.arrayBuffer());
        const stored = { status: 200, headers, body };
        cache.set(key, stored, generation);
        return sendCached(req, res, stored);
      }
      res.status(answer.statusCode);
      for (const [key, value] of Object.entries(headers)) res.setHeader(key, value);
      await pipeline(answer.body, res);
    } catch (err) {
      req.log.warn({ err, service: upstream.name }, 'upstream request failed');
      options.onFailure?.();
      sendUpstreamError(res, upstream, err, req.id);
    }
  };
}

function sendCached(req: Request, res: Response, cached: CachedResponse): void {
  for (const [key, value] of Object.entries(cached.headers)) res.setHeader(key, value);
  const etag = cached.headers.etag;
  if (etag && req.headers['if-none-match'] === etag) {
    res.status(304).end();
    return;
  }
  res.status(cached.status).end(cached.body);
}
