import express from 'express';
import { BannerImageListSchema, LIVE_PATH, PRODUCT_NAME, SESSION_COOKIE, type RuntimeConfig } from '@mealprep/contracts';
import { AppError, Broker, errorHandler, requestContext, metricsEndpoint, serviceMetrics, signClientAddress, signIdentity, sessionHash, readCookie, type Logger } from '@mealprep/service-kit';
import { pinClientAddress } from './auth/client-address';
import { noInternalRoutes, resolveIdentity, sameOriginWrites } from './auth/request-guards';
import { SessionResolver } from './auth/session-resolver';
import { checkNowTimeoutMs, type GatewayConfig } from './config';
import { readShellIndex, securityHeaders } from './front-end/security-headers';
import { staticSite } from './front-end/static-site';
import { subscribeCatalogEvents } from './entry-points/mq/catalog-events';
import { subscribeSessionEvents } from './entry-points/mq/session-events';
import { LiveHub } from './live/live-hub';
import { catalogReader } from './pages/catalog-reader';
import { preloadHints } from './pages/preloads';
import { RenderedPages } from './pages/rendered-pages';
import { fallbackMeta } from './pages/route-meta';
import { robotsTxt, sitemapXml } from './pages/sitemap';
import { EdgeCache } from './proxy/edge-cache';
import { UpstreamHealth } from './proxy/upstream-health';
import { createUpstream, proxyTo, SERVICE_NAMES, type Upstream } from './proxy/upstream-proxy';

export interface Gateway {
  app: express.Express;
  live: LiveHub;
  broker: Broker;
  edgeCache: EdgeCache;
  /** Public pages from the renderer (null when no RENDERER_URL is set: the browser renders every page). */
  rendered: RenderedPages | null;
  sessions: SessionResolver;
  /** Starts listening for domain events (in the background when the broker is away). */
  start: () => Promise<void>;
  close: () => Promise<void>;
}

const CHECK_NOW_PATH = /^\/admin\/checks\/services\/[^/]+\/check$/;
/** svc-catalog's imports and bulk changes (paths inside /api/catalog), and how long the gateway waits for them. */
const MANY_AT_ONCE_PATH = /^\/admin\/(?:import\/[a-z]+|services\/bulk\/[a-z]+)$/;
const MANY_AT_ONCE_TIMEOUT_MS = 120_000;

export function siteUrlOf(config: GatewayConfig): string {
  return (config.SITE_URL ?? `http://${config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST}:${config.PORT}`).replace(/\/$/, '');
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
    forms: { embedScriptSrc: config.FORM_EMBED_SRC, addServiceFormId: config.FORM_ADD_SERVICE_ID ?? null },
  };
}

export function createGateway(config: GatewayConfig, logger: Logger): Gateway {
  const urls = { catalog: config.CATALOG_URL, auth: config.AUTH_URL, media: config.MEDIA_URL, checker: config.CHECKER_URL };
  const upstreams: Upstream[] = SERVICE_NAMES.map((name) =>
    createUpstream(name, urls[name], { timeoutMs: config.UPSTREAM_TIMEOUT_MS, connectTimeoutMs: config.UPSTREAM_CONNECT_TIMEOUT_MS }),
  );
  const catalog = upstreams.find((u) => u.name === 'catalog') as Upstream;
  const siteUrl = siteUrlOf(config);
  const read = catalogReader(catalog.pool);
  const readMedia = catalogReader((upstreams.find((u) => u.name === 'media') as Upstream).pool);
  let banner: { at: number; id: Promise<string | null> } | null = null;
  const firstBannerId = () => {
    if (!banner || Date.now() - banner.at > 60_000) {
      banner = {
        at: Date.now(),
        id: readMedia('/banners', BannerImageListSchema).then((list) => (list && list !== 'unavailable' ? (list.items[0]?.id ?? null) : null)),
      };
    }
    return banner.id;
  };
  const preloads = preloadHints({ staticRoot: config.STATIC_ROOT, publicRemoteUrl: config.REMOTE_PUBLIC_URL, firstBannerId });
  const live = new LiveHub({ maxClients: config.LIVE_MAX_CLIENTS, maxPerIp: config.LIVE_MAX_PER_IP });
  const broker = new Broker({ url: config.AMQP_URL, prefix: config.AMQP_PREFIX, source: 'gateway', logger });
  let eventsFlowing = false;
  const catalogHealth = new UpstreamHealth(catalog.pool);
  const edgeCache = new EdgeCache({
    maxEntries: 2_000,
    ttlMs: 30_000,
    enabled: () => eventsFlowing && broker.isConnected() && catalogHealth.up,
  });

  const rendered = config.RENDERER_URL
    ? new RenderedPages({
        rendererUrl: config.RENDERER_URL,
        timeoutMs: config.RENDER_TIMEOUT_MS,
        concurrency: config.RENDER_CONCURRENCY,
        ttlMs: config.PAGE_CACHE_TTL_MS,
        maxEntries: 2_000,
        enabled: () => eventsFlowing && broker.isConnected(),
        count: (outcome) => pageRenders.inc({ outcome }),
      })
    : null;

  const sessions = new SessionResolver({ pool: (upstreams.find((u) => u.name === 'auth') as Upstream).pool, secret: config.IDENTITY_SECRET });

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.TRUST_PROXY);
  app.use(requestContext(logger));
  app.use(pinClientAddress);
  const { metrics, middleware: countRequests } = serviceMetrics('the gateway', { broker });
  metrics.gauge('live_clients', 'Browsers connected to the live stream.', () => [[{}, live.size]]);
  app.use(countRequests);
  const pageRenders = metrics.counter('gateway_pages_total', 'Public pages the gateway answered, by outcome: rendered, cached, or fallback_* (rendered in the browser).');
  app.use(
    securityHeaders({
      siteUrl,
      remoteUrls: [config.REMOTE_PUBLIC_URL, config.REMOTE_DASHBOARD_URL, config.REMOTE_ADMIN_URL],
      analyticsScriptSrcs: [
        ...(config.ANALYTICS_KEY ? [config.ANALYTICS_SCRIPT_SRC] : []),
        ...(config.SITE_ANALYTICS_ID ? [config.SITE_ANALYTICS_SRC] : []),
        ...(config.MARKETING_SCRIPT_ID ? [config.MARKETING_SCRIPT_SRC] : []),
      ],
      analyticsConnect: config.ANALYTICS_KEY ? [config.ANALYTICS_HOST] : [],
      formEmbedSrc: config.FORM_ADD_SERVICE_ID ? config.FORM_EMBED_SRC : null,
      stockPhotoImageOrigins: config.STOCK_PHOTO_IMAGE_ORIGINS,
      shellIndexHtml: readShellIndex(config.STATIC_ROOT),
    }),
  );
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', (_req, res) => {
    const ready = broker.isConnected();
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not ready', checks: { broker: ready } });
  });
  // Scraped from this machine only: a request that came through a proxy, or from elsewhere, is not answered.
  app.get(
    '/metrics',
    (req, _res, next) => {
      const local = ['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(req.socket.remoteAddress ?? '');
      next(local && !req.headers['x-forwarded-for'] && !req.headers.forwarded ? undefined : AppError.notFound(`Nothing at ${req.path}`));
    },
    metricsEndpoint(metrics),
  );
  // The stream knows who opened it: a change to a listing that is not public goes only to its owner and the admins.
  // If sessions cannot be resolved just now, the stream is opened as a visitor's rather than refused.
  const identify = resolveIdentity(sessions);
  app.get(LIVE_PATH, (req, res, next) => identify(req, res, () => next()), live.handler());
  app.use('/api', noInternalRoutes, sameOriginWrites(new URL(siteUrl).origin, { allowRequestHost: !config.SITE_URL }), identify);
  // A logout takes effect here at once, before svc-auth's event arrives.
  app.post('/api/auth/logout', (req, _res, next) => {
    const token = readCookie(req.headers.cookie, SESSION_COOKIE);
    if (token) {
      const hash = sessionHash(token);
      sessions.dropSession(hash);
      live.endSession(hash);
    }
    next();
  });
  // Who is calling, and from which address (the one every limit in every service counts by), signed.
  const extraHeaders = (req: express.Request) => ({
    ...(req.identity ? signIdentity(req.identity, config.IDENTITY_SECRET) : {}),
    ...signClientAddress(req.ip ?? '', config.IDENTITY_SECRET),
  });
  // "Check now" (svc-checker's POST /admin/checks/services/:serviceId/check) checks a website while
  // the admin waits, which may take the whole check budget: it is given that, and time to store the result.
  const checkNowWait = checkNowTimeoutMs(config);
  const checkNow = (req: express.Request) => (req.method === 'POST' && CHECK_NOW_PATH.test(req.path) ? checkNowWait : undefined);
  // An admin's import or bulk change of up to 1,000 listings is answered when it is done, which on a
  // busy machine may take longer than one request usually may: it gets its own, longer wait.
  const manyAtOnceWait = Math.max(config.UPSTREAM_TIMEOUT_MS, MANY_AT_ONCE_TIMEOUT_MS);
  const manyAtOnce = (req: express.Request) => (req.method === 'POST' && MANY_AT_ONCE_PATH.test(req.path) ? manyAtOnceWait : undefined);
  for (const upstream of upstreams) {
    const options =
      upstream.name === 'catalog'
        ? { cache: edgeCache, onFailure: () => catalogHealth.markDown(), extraHeaders, timeoutFor: manyAtOnce }
        : upstream.name === 'media'
          ? // The banner list is read on every home page; images carry their own long cache headers.
            { cache: edgeCache, cachePaths: /^\/banners$/, extraHeaders }
          : upstream.name === 'checker'
            ? { extraHeaders, timeoutFor: checkNow }
            : { extraHeaders };
    app.use(`/api/${upstream.name}`, proxyTo(upstream, options));
  }
  app.use('/api', (req, _res, next) => next(AppError.notFound(`No API at ${req.originalUrl.split('?')[0]}`)));
  app.get('/robots.txt', (_req, res) => {
    res.set('cache-control', 'public, max-age=3600').type('text/plain').send(robotsTxt(siteUrl));
  });
  app.get('/sitemap.xml', async (_req, res, next) => {
    const xml = await sitemapXml(read, siteUrl);
    if (!xml) return next(new AppError('service_unavailable', 'The sitemap is unavailable right now.', { status: 503 }));
    res.set('cache-control', 'public, max-age=300').type('application/xml').send(xml);
  });
  app.use(staticSite({ staticRoot: config.STATIC_ROOT, runtimeConfig: runtimeConfigFrom(config, siteUrl), pageMeta: fallbackMeta, preloads, rendered }));
  app.use((req, _res, next) => next(AppError.notFound(`Nothing at ${req.path}`)));
  app.use(errorHandler({ exposeStack: false }));

  return {
    app,
    live,
    broker,
    edgeCache,
    rendered,
    sessions,
    start: async () => {
      await subscribeSessionEvents(broker, { sessions, live });
      await subscribeCatalogEvents(broker, {
        live,
        dropPages: () => rendered?.clear(),
        dropLists: () => edgeCache.clear(),
        dropBanner: () => {
          banner = null;
        },
      });
      // Until the stream is up (and again after any reconnect) cached answers could miss a change.
      broker.onConnectionChange((connected) => {
        edgeCache.clear();
        rendered?.clear();
        // A logout announced while the stream was down would be missed.
        sessions.clear();
        eventsFlowing = connected;
      });
      catalogHealth.start();
      await broker.connectInBackground();
    },
    close: async () => {
      catalogHealth.stop();
      live.close();
      await broker.close();
      await Promise.all([...upstreams.map((u) => u.pool.close()), rendered?.close()]);
    },
  };
}
