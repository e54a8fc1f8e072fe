import type { Socket } from 'node:net';
import type { Readable } from 'node:stream';
import type { Request, RequestHandler, Response } from 'express';
import { errors as undiciErrors } from 'undici';
import { InstancePool } from './instance-pool';
import { CLIENT_ADDRESS_HEADER, IDENTITY_HEADER, IDENTITY_SIGNATURE_HEADER, INTERNAL_HEADER, REQUEST_ID_HEADER } from '@mealprep/contracts';

export const SERVICE_NAMES = ['catalog', 'auth', 'media', 'checker'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

// Headers that describe one hop, never forwarded (RFC 9110 §7.6.1; every Proxy-* too), plus the
// Host the gateway sets itself. `Expect: 100-continue` is between the browser and the gateway (Node
// answers it); the upstream client refuses it.
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'host', 'expect']);
// Set by the gateway alone (identity, client address, internal calls), or claims about the client
// that only the gateway decides (TRUST_PROXY) and passes on signed.
const NEVER_FROM_OUTSIDE = new Set([
  IDENTITY_HEADER,
  IDENTITY_SIGNATURE_HEADER,
  INTERNAL_HEADER,
  CLIENT_ADDRESS_HEADER,
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-forwarded-host',
  'forwarded',
  'x-real-ip',
]);

/** The headers of one hop: the fixed ones, every Proxy-*, and whatever the message's Connection header names. */
function hopByHop(headers: Record<string, string | string[] | undefined>): (key: string) => boolean {
  const connection = headers.connection;
  const named = new Set(
    (Array.isArray(connection) ? connection.join(',') : (connection ?? ''))
      .split(',')
      .map((token) => token.trim().toLowerCase())
      .filter(Boolean),
  );
  return (key) => HOP_BY_HOP.has(key) || key.startsWith('proxy-') || named.has(key);
}

// Failures of the service itself: it could not be reached or did not answer. Only these mark it
// down. A request the upstream client will not send, or a browser that went away mid-request, is
// the caller's doing and says nothing about the service.
const UPSTREAM_FAULTS = new Set([
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_SOCKET',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
]);
const CALLER_FAULTS = new Set(['UND_ERR_INVALID_ARG', 'UND_ERR_NOT_SUPPORTED', 'UND_ERR_ABORTED', 'UND_ERR_REQ_CONTENT_LENGTH_MISMATCH']);

type Fault = 'upstream' | 'caller' | 'other';

/**
 * Whose fault a failed proxied request was: never the service's when the caller had gone away (its
 * connection closed, or its body ended early; a body read to its end is destroyed too, normally).
 */
export function faultOf(err: unknown, req: Request, socket: Socket): Fault {
  if (socket.destroyed || (req.destroyed && !req.complete)) return 'caller';
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return 'other';
  return UPSTREAM_FAULTS.has(code) ? 'upstream' : CALLER_FAULTS.has(code) ? 'caller' : 'other';
}

// Headers of an answer the gateway sets for the whole site (security-headers.ts); a service's own are dropped.
const SET_BY_GATEWAY = new Set([
  'x-powered-by',
  'content-security-policy',
  'strict-transport-security',
  'x-frame-options',
  'referrer-policy',
  'x-content-type-options',
  'permissions-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
]);

export interface UpstreamOptions {
  timeoutMs: number;
  connectTimeoutMs: number;
}

export interface Upstream {
  name: ServiceName;
  /** The service's instances: one keep-alive pool and health probe each. */
  pool: InstancePool;
}

/** A service and its instances (one URL, or several). */
export function createUpstream(name: ServiceName, urls: string | readonly string[], options: UpstreamOptions): Upstream {
  return {
    name,
    pool: new InstancePool(typeof urls === 'string' ? [urls] : urls, {
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
  const ofThisHop = hopByHop(req.headers);
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined || ofThisHop(key) || NEVER_FROM_OUTSIDE.has(key)) continue;
    // The session cookie is for svc-auth (log out); other services get the signed identity only.
    if (key === 'cookie' && !forwardCookies) continue;
    headers[key] = Array.isArray(value) ? value.join(', ') : value;
  }
  headers['x-forwarded-proto'] = req.protocol;
  headers[REQUEST_ID_HEADER] = req.id;
  return { ...headers, ...extra };
}

/** What a caller is told when a service did not answer in time: a read may simply be asked again, a write may have been done. */
function timeoutMessage(service: string, method: string): string {
  const late = `The ${service} service did not answer in time.`;
  return method === 'GET' || method === 'HEAD' ? `${late} Please try again in a moment.` : `${late} What you asked may still have been done: please check before trying again.`;
}

function sendUpstreamError(res: Response, upstream: Upstream, err: unknown, requestId: string, fault: Fault, method: string) {
  const timedOut = err instanceof undiciErrors.HeadersTimeoutError || err instanceof undiciErrors.BodyTimeoutError;
  if (res.headersSent || res.destroyed) {
    res.destroy();
    return;
  }
  if (fault === 'caller') {
    res.status(400).json({ error: { code: 'bad_request', message: 'The request could not be forwarded.', requestId } });
    return;
  }
  // Neither says whether the service acted on the request: a write is not sent again, and the caller may retry.
  if (!timedOut) res.setHeader('Retry-After', '1');
  res.status(timedOut ? 504 : 503).json({
    error: {
      code: timedOut ? 'service_timeout' : 'service_unavailable',
      message: timedOut ? timeoutMessage(upstream.name, method) : `The ${upstream.name} service is unavailable. Please try again in a moment.`,
      service: upstream.name,
      requestId,
    },
  });
}

/**
 * Streams an answer's body to the caller, as stream.pipeline does for two streams but without the
 * AbortController and DOMException pipeline makes for every call (7 % of a proxied read's CPU in
 * the gateway). Rejects when the service's body fails; a caller that goes away ends the read.
 */
function relay(body: Readable, res: Response): Promise<void> {
  return new Promise((resolve, reject) => {
    body.once('error', reject);
    res.once('close', () => {
      if (!body.readableEnded) body.destroy();
      resolve();
    });
    body.pipe(res);
  });
}

/**
 * Forwards a request under /api/{service} to one of that service's instances, streaming both ways.
 * A service that is down answers 503 at once (connect timeout), one that hangs 504; neither leaves
 * the browser waiting. A read whose instance fails to connect or answer goes to another instance
 * (InstancePool). Only failures of the service mark its instance down and call `onFailure`: a bad
 * request never marks a service down.
 */
export function proxyTo(
  upstream: Upstream,
  options: {
    extraHeaders?: (req: Request) => Record<string, string>;
    onFailure?: () => void;
    /** A longer wait than the pool's for the routes that need one (undefined: the pool's). */
    timeoutFor?: (req: Request) => number | undefined;
  } = {},
): RequestHandler {
  return async (req, res) => {
    // Kept: a request whose body has been read lets go of its socket.
    const socket = req.socket;
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    try {
      const timeoutMs = options.timeoutFor?.(req);
      const answer = await upstream.pool.request({
        method: req.method as 'GET',
        path: req.url,
        ...(timeoutMs ? { headersTimeout: timeoutMs, bodyTimeout: timeoutMs } : {}),
        headers: forwardedHeaders(req, options.extraHeaders?.(req) ?? {}, upstream.name === 'auth'),
        body: hasBody ? req : null,
      });
      const headers: Record<string, string> = {};
      const ofTheirHop = hopByHop(answer.headers);
      for (const [key, value] of Object.entries(answer.headers)) {
        if (value !== undefined && !ofTheirHop(key) && !SET_BY_GATEWAY.has(key) && key !== 'x-request-id') headers[key] = Array.isArray(value) ? value.join(', ') : value;
      }
      res.status(answer.statusCode);
      for (const [key, value] of Object.entries(headers)) res.setHeader(key, value);
      await relay(answer.body, res);
    } catch (err) {
      const fault = faultOf(err, req, socket);
      if (fault === 'caller') {
        req.log.info({ err, service: upstream.name }, "a request could not be forwarded (the caller's doing)");
      } else {
        req.log.warn({ err, service: upstream.name }, 'upstream request failed');
        if (fault === 'upstream') {
          upstream.pool.markDownFor(err);
          options.onFailure?.();
        }
      }
      sendUpstreamError(res, upstream, err, req.id, fault, req.method);
    }
  };
}
