import type { RequestHandler } from 'express';
import { SESSION_COOKIE } from '@mealprep/contracts';
import { AppError, readCookie } from '@mealprep/service-kit';
import type { SessionResolver } from './session-resolver';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Who is calling: the session cookie resolved to an identity (null when signed out). */
export function resolveIdentity(sessions: SessionResolver): RequestHandler {
  return (req, _res, next) => {
    const token = readCookie(req.headers.cookie, SESSION_COOKIE);
    if (!token) return next();
    sessions
      .resolve(token)
      .then((identity) => {
        req.identity = identity;
        next();
      })
      .catch(next);
  };
}

/**
 * Refuses state-changing API calls made from another site (CSRF): a browser always says where a
 * POST comes from (Origin, else Sec-Fetch-Site). Calls without either are not from a browser page.
 */
export function sameOriginWrites(siteOrigin: string, options: { allowRequestHost: boolean }): RequestHandler {
  return (req, _res, next) => {
    if (!STATE_CHANGING.has(req.method)) return next();
    const origin = req.headers.origin;
    if (typeof origin === 'string') {
      const own = origin === siteOrigin || (options.allowRequestHost && origin === `${req.protocol}://${req.headers.host ?? ''}`);
      return next(own ? undefined : AppError.forbidden('Cross-site requests are not allowed.'));
    }
    const fetchSite = req.headers['sec-fetch-site'];
    if (fetchSite === 'cross-site' || fetchSite === 'same-site') return next(AppError.forbidden('Cross-site requests are not allowed.'));
    next();
  };
}

/**
 * Routes under /internal are for the gateway's own calls only, and a service's /metrics, /healthz
 * and /readyz for the machine (its scraper, the start script, the gateway's own probe, which calls
 * the service directly): never proxied from outside.
 */
export const noInternalRoutes: RequestHandler = (req, _res, next) => {
  let path: string;
  try {
    path = decodeURIComponent(req.path).toLowerCase();
  } catch {
    return next(AppError.badRequest('Malformed path.'));
  }
  const normal = path.replace(/\/+/g, '/');
  if (/(^|\/)internal(\/|$)/.test(normal) || /^\/[^/]+\/(metrics|healthz|readyz)(\/|$)/.test(normal)) return next(AppError.notFound(`No API at ${req.baseUrl}${req.path}`));
  next();
};

/** /metrics is scraped from this machine only: a request that came through a proxy, or from elsewhere, is not answered. */
export const localScrapesOnly: RequestHandler = (req, _res, next) => {
  const local = ['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(req.socket.remoteAddress ?? '');
  next(local && !req.headers['x-forwarded-for'] && !req.headers.forwarded ? undefined : AppError.notFound(`Nothing at ${req.path}`));
};
