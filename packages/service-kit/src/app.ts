import { randomUUID } from 'node:crypto';
import express, { type Express, type Router } from 'express';
import { REQUEST_ID_HEADER } from '@mealprep/contracts';
import type { Logger } from 'pino';
import './express-types';
import { AppError, errorHandler, notFoundHandler } from './errors';
import { verifyClientAddress, verifyIdentity, verifyInternal } from './identity';
import { metricsEndpoint, serviceMetrics, type Metrics } from './metrics';

export type Readiness = () => Record<string, boolean>;

export interface AppOptions {
  /** The service's name, in its metrics' help texts. */
  name?: string;
  logger: Logger;
  /** The key the gateway signs identities and client addresses with; a part that holds none (the renderer) sees neither. */
  identitySecret?: string;
  /** Each dependency the service needs and whether it is connected now. */
  readiness: Readiness;
  /** Mounts the service's routers. */
  mount: (app: Express) => void;
  exposeStack?: boolean;
  bodyLimit?: string;
  /** The broker whose queue depths `/metrics` reports. */
  broker?: NonNullable<Parameters<typeof serviceMetrics>[1]>['broker'];
  /** The outbox whose waiting events `/metrics` reports. */
  outbox?: { readonly queued: number };
  /** Adds the service's own gauges to `/metrics`. */
  metrics?: (metrics: Metrics) => void;
}

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{1,100}$/;

/** Builds a service's express app without listening, so tests start it in-process on port 0. */
export function createApp(options: AppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  // The caller's address comes from the gateway's signed header (below), never from X-Forwarded-For.
  app.set('trust proxy', false);
  app.set('query parser', 'simple');

  app.use(requestContext(options.logger));
  const { metrics, middleware } = serviceMetrics(options.name ?? 'the service', { broker: options.broker, outbox: options.outbox });
  options.metrics?.(metrics);
  app.use(middleware);
  app.use((req, _res, next) => {
    const secret = options.identitySecret;
    req.identity = secret ? verifyIdentity(req.headers, secret) : null;
    // req.ip is the address every limit counts by: the one the gateway signed (it applied TRUST_PROXY),
    // else whoever opened the connection. A forged or copied header is not the gateway's.
    const ip = (secret ? verifyClientAddress(req.headers, secret) : null) ?? req.socket.remoteAddress ?? '';
    Object.defineProperty(req, 'ip', { value: ip, configurable: true, enumerable: true });
    next();
  });

  /** Prometheus text format; the gateway never forwards this path from outside. */
  app.get('/metrics', metricsEndpoint(metrics));

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', (_req, res) => {
    const checks = options.readiness();
    const ready = Object.values(checks).every(Boolean);
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not ready', checks });
  });

  app.use(express.json({ limit: options.bodyLimit ?? '100kb' }));
  options.mount(app);
  app.use(notFoundHandler);
  app.use(errorHandler({ exposeStack: options.exposeStack ?? false }));
  return app;
}

/**
 * Gives each request an id (the caller's when it is well formed, else a new one), a logger that
 * writes it on every line, and a debug line when the response is done.
 */
export function requestContext(logger: Logger): express.RequestHandler {
  const timed = logger.isLevelEnabled('debug');
  return (req, res, next) => {
    const given = req.get(REQUEST_ID_HEADER);
    const id = given && REQUEST_ID_PATTERN.test(given) ? given : randomUUID();
    req.id = id;
    // The child logger is made on first use: most requests (cache hits, static files) never log.
    let child: Logger | undefined;
    Object.defineProperty(req, 'log', {
      configurable: true,
      enumerable: false,
      get: () => (child ??= logger.child({ requestId: id })),
    });
    req.identity = null;
    res.setHeader(REQUEST_ID_HEADER, id);
    if (timed) {
      const started = process.hrtime.bigint();
      res.on('finish', () => {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        req.log.debug({ method: req.method, url: req.originalUrl, status: res.statusCode, ms }, 'request');
      });
    }
    next();
  };
}

/** Wraps an async handler so a rejected promise reaches the error handler. */
export function route(handler: express.RequestHandler): express.RequestHandler {
  return (req, res, next) => {
    Promise.resolve(handler(req, res, next)).catch(next);
  };
}

/** Guards a router: only callers whose signed identity holds the role get through. */
export function requireRole(role: 'admin'): express.RequestHandler {
  return (req, _res, next) => {
    if (!req.identity) return next(AppError.unauthorized());
    if (!req.identity.roles.includes(role)) return next(AppError.forbidden());
    next();
  };
}

/** Guards a route: any signed-in caller gets through. */
export const requireSignIn: express.RequestHandler = (req, _res, next) => {
  next(req.identity ? undefined : AppError.unauthorized());
};

/** Guards the routes only the gateway calls (signed with the shared secret). */
export function requireInternal(secret: string): express.RequestHandler {
  return (req, _res, next) => {
    next(verifyInternal(req.headers, secret) ? undefined : AppError.forbidden('Internal route.'));
  };
}

export type { Router };
