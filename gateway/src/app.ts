import express from 'express';
import { PRODUCT_NAME, type RuntimeConfig } from '@mealprep/contracts';
import { AppError, errorHandler, requestContext, type Logger } from '@mealprep/service-kit';
import type { GatewayConfig } from './config';
import { securityHeaders } from './front-end/security-headers';
import { staticSite } from './front-end/static-site';
import { createUpstream, proxyTo, SERVICE_NAMES, type Upstream } from './proxy/upstream-proxy';

export interface Gateway {
  app: express.Express;
  close: () => Promise<void>;
}

export function runtimeConfigFrom(config: GatewayConfig, siteUrl: string): RuntimeConfig {
  return {
    siteName: PRODUCT_NAME,
    siteUrl,
    apiBase: '/api',
    remotes: { public: config.REMOTE_PUBLIC_URL, dashboard: config.REMOTE_DASHBOARD_URL, admin: config.REMOTE_ADMIN_URL },
    analytics: {
      product: config.ANALYTICS_KEY ? { key: config.ANALYTICS_KEY, host: config.ANALYTICS_HOST, scriptSrc: config.ANALYTICS_SCRIPT_SRC } : null,
      site: config.SITE_ANALYTICS_ID ? { siteId: config.SITE_ANALYTICS_ID, scriptSrc: config.SITE_ANALYTICS_SRC } : null,
      marketing: config.MARKETING_SCRIPT_ID ? { scriptId: config.MARKETING_SCRIPT_ID, scriptSrc: config.MARKETING_SCRIPT_SRC } : null,
    },
    forms: { embedScriptSrc: config.FORM_EMBED_SRC, addServiceFormId: config.FORM_ADD_SERVICE_ID },
  };
}

export function createGateway(config: GatewayConfig, logger: Logger): Gateway {
  const urls = { catalog: config.CATALOG_URL, auth: config.AUTH_URL, media: config.MEDIA_URL, checker: config.CHECKER_URL };
  const upstreams: Upstream[] = SERVICE_NAMES.map((name) =>
    createUpstream(name, urls[name], { timeoutMs: config.UPSTREAM_TIMEOUT_MS, connectTimeoutMs: config.UPSTREAM_CONNECT_TIMEOUT_MS }),
  );
  const siteUrl = config.SITE_URL ?? `http://${config.HOST}:${config.PORT}`;

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.use(requestContext(logger));
  app.use(securityHeaders);
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  for (const upstream of upstreams) app.use(`/api/${upstream.name}`, proxyTo(upstream));
  app.use('/api', (req, _res, next) => next(AppError.notFound(`No API at ${req.originalUrl.split('?')[0]}`)));
  app.use(staticSite({ staticRoot: config.STATIC_ROOT, runtimeConfig: runtimeConfigFrom(config, siteUrl) }));
  app.use((req, _res, next) => next(AppError.notFound(`Nothing at ${req.path}`)));
  app.use(errorHandler({ exposeStack: false }));

  return {
    app,
    close: async () => {
      await Promise.all(upstreams.map((u) => u.pool.close()));
    },
  };
}
