import express from 'express';
import { LIVE_PATH, PublishedBrandSchema } from '@mealprep/contracts';
import { AppError, brandFollower, Broker, errorHandler, requestContext, metricsEndpoint, serviceMetrics, type Logger } from '@mealprep/service-kit';
import { pinClientAddress } from './auth/client-address';
import { forgetSessionOnLogout } from './auth/logout';
import { localScrapesOnly, noInternalRoutes, resolveIdentity, sameOriginWrites } from './auth/request-guards';
import { SessionResolver } from './auth/session-resolver';
import type { GatewayConfig } from './config';
import { analyticsOrigins, runtimeConfigFrom, siteUrlOf } from './front-end/runtime-config';
import { readShellIndex, securityHeaders } from './front-end/security-headers';
import { stateShapesRoutes } from './front-end/state-shapes';
import { staticSite } from './front-end/static-site';
import { listenForEvents } from './entry-points/mq/event-listening';
import { LiveHub } from './live/live-hub';
import { catalogReader } from './pages/catalog-reader';
import { firstBanner } from './pages/first-banner';
import { preloadHints } from './pages/preloads';
import { publicRelease } from './pages/public-release';
import { brandPreview } from './pages/brand-preview';
import { webManifest } from './front-end/web-manifest';
import { releasePointer, siteVersion } from './pages/site-version';
import { RenderedPages } from './pages/rendered-pages';
import { fallbackMeta } from './pages/route-meta';
import { nearFormRoutes } from './pages/near-form';
import { quoteFormRoutes } from './pages/quote-form-posts';
import { sitemapRoutes } from './pages/sitemap';
import { serviceProxies } from './proxy/service-proxies';
import { createUpstream, SERVICE_NAMES, type Upstream } from './proxy/upstream-proxy';

export interface Gateway {
  app: express.Express;
  live: LiveHub;
  broker: Broker;
  /** Public pages from the renderer (null when no RENDERER_URL is set: the browser renders every page). */
  rendered: RenderedPages | null;
  sessions: SessionResolver;
  /** Whether an instance of svc-catalog answers its health probe (none marked down by a failure of its own). */
  catalogUp: () => boolean;
  /** Starts listening for domain events (in the background when the broker is away). */
  start: () => Promise<void>;
  close: () => Promise<void>;
}

export function createGateway(config: GatewayConfig, logger: Logger): Gateway {
  const urls = { catalog: config.CATALOG_URL, auth: config.AUTH_URL, media: config.MEDIA_URL, checker: config.CHECKER_URL };
  const upstreams: Upstream[] = SERVICE_NAMES.map((name) => createUpstream(name, urls[name], { timeoutMs: config.UPSTREAM_TIMEOUT_MS, connectTimeoutMs: config.UPSTREAM_CONNECT_TIMEOUT_MS }));
  const upstream = (name: Upstream['name']) => upstreams.find((u) => u.name === name) as Upstream;
  const catalog = upstream('catalog');
  const siteUrl = siteUrlOf(config);
  const read = catalogReader(catalog.pool);
  const pointer = releasePointer(config.STATIC_ROOT);
  // The runtime config changes with the published brand (another object then): pages kept from another are dropped.
  const brand = brandFollower(
    () => read('/brand', PublishedBrandSchema),
    () => {
      runtimeConfig = runtimeConfigFrom(config, siteUrl, brand.current);
      rendered?.clear();
    },
  );
  let runtimeConfig = runtimeConfigFrom(config, siteUrl, null);
  // A page before the brand is known waits for the read under way (one for all of them).
  const currentRuntimeConfig = async () => {
    if (!brand.current) await brand.known();
    return runtimeConfig;
  };
  const release = publicRelease(config.STATIC_ROOT, pointer);
  const routes = async () => (await release()).routes;
  const preloads = preloadHints({
    staticRoot: config.STATIC_ROOT,
    publicRemoteUrl: config.REMOTE_PUBLIC_URL,
    firstBannerId: () => banner.id(),
    release,
    analytics: () => Object.values(runtimeConfig.analytics).some(Boolean),
  });
  const shellIndexHtml = readShellIndex(config.STATIC_ROOT);
  const live = new LiveHub({ maxClients: config.LIVE_MAX_CLIENTS, maxPerIp: config.LIVE_MAX_PER_IP });
  const broker = new Broker({ url: config.AMQP_URL, prefix: config.AMQP_PREFIX, source: 'gateway', logger });
  // Kept answers are served only while events that would drop them arrive.
  let eventsFlowing = false;
  const banner = firstBanner(catalogReader(upstream('media').pool), () => eventsFlowing && broker.isConnected());

  // What the renderer renders with: the shell's page, the runtime config (the brand) and the public release.
  const version = siteVersion({ shellIndexHtml, runtimeConfig: currentRuntimeConfig, pointer });
  const rendered = config.RENDERER_URL
    ? new RenderedPages({
        rendererUrls: config.RENDERER_URL,
        timeoutMs: config.RENDER_TIMEOUT_MS,
        concurrency: config.RENDER_CONCURRENCY,
        ttlMs: config.PAGE_CACHE_TTL_MS,
        maxEntries: 2_000,
        enabled: () => eventsFlowing && broker.isConnected(),
        staleAllowed: () => catalog.pool.up,
        count: (outcome) => pageRenders.inc({ outcome }),
        siteVersion: version,
      })
    : null;

  const sessions = new SessionResolver({ pool: upstream('auth').pool, secret: config.IDENTITY_SECRET });

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.TRUST_PROXY);
  app.use(requestContext(logger));
  app.use(pinClientAddress);
  const { metrics, middleware: countRequests } = serviceMetrics('the gateway', { broker });
  metrics.gauge('live_clients', 'Browsers connected to the live stream.', [], () => [[{}, live.size]]);
  app.use(countRequests);
  const pageRenders = metrics.counter(
    'gateway_pages_total',
    'Public pages the gateway answered, by outcome: rendered, cached, stale (a kept page past its time, served while one render refreshes it), or fallback_* (rendered in the browser).',
    ['outcome'],
  );
  app.use(
    securityHeaders({
      siteUrl,
      remoteUrls: [config.REMOTE_PUBLIC_URL, config.REMOTE_DASHBOARD_URL, config.REMOTE_ADMIN_URL],
      // Until the brand is known (the first answers after a start) each answer waits for its read: a page's policy allows the scripts its runtime config names.
      analytics: () => (brand.current ? analyticsOrigins(runtimeConfig.analytics) : currentRuntimeConfig().then((known) => analyticsOrigins(known.analytics))),
      formEmbedSrc: config.FORM_ADD_SERVICE_ID ? config.FORM_EMBED_SRC : null,
      stockPhotoImageOrigins: config.STOCK_PHOTO_IMAGE_ORIGINS,
      shellIndexHtml,
    }),
  );
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', (_req, res) => {
    const ready = broker.isConnected();
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not ready', checks: { broker: ready } });
  });
  app.get('/metrics', localScrapesOnly, metricsEndpoint(metrics));
  // The stream knows who opened it: a change to a listing that is not public goes only to its owner and the admins.
  // If sessions cannot be resolved just now, the stream is opened as a visitor's rather than refused.
  const identify = resolveIdentity(sessions);
  app.get(LIVE_PATH, (req, res, next) => identify(req, res, () => next()), live.handler());
  const sameOrigin = sameOriginWrites(new URL(siteUrl).origin, { allowRequestHost: !config.SITE_URL });
  app.use('/api', noInternalRoutes, sameOrigin, identify);
  app.post('/api/auth/logout', forgetSessionOnLogout(sessions, live));
  for (const { path, forward } of serviceProxies(upstreams, config)) app.use(path, forward);
  app.use('/api', (req, _res, next) => next(AppError.notFound(`No API at ${req.originalUrl.split('?')[0]}`)));
  app.use(sitemapRoutes(read, siteUrl, routes));
  app.use(nearFormRoutes());
  app.use(quoteFormRoutes({ pool: catalog.pool, secret: config.IDENTITY_SECRET, sameOrigin }));
  app.use(stateShapesRoutes());
  app.use(brandPreview({ identify, pool: catalog.pool, secret: config.IDENTITY_SECRET, configOf: (draft) => runtimeConfigFrom(config, siteUrl, draft) }));
  app.use(webManifest(currentRuntimeConfig));
  app.use(staticSite({ staticRoot: config.STATIC_ROOT, runtimeConfig: currentRuntimeConfig, siteVersion: version, pageMeta: fallbackMeta(routes), preloads, rendered }));
  app.use((req, _res, next) => next(AppError.notFound(`Nothing at ${req.path}`)));
  app.use(errorHandler({ exposeStack: false }));

  return {
    app,
    live,
    broker,
    rendered,
    sessions,
    catalogUp: () => catalog.pool.up,
    start: async () => {
      void brand.load();
      await listenForEvents(broker, {
        sessions,
        live,
        rendered,
        banner,
        brand,
        flowing: (connected) => {
          eventsFlowing = connected;
        },
      });
      for (const u of upstreams) u.pool.start();
      rendered?.start();
      await broker.connectInBackground();
    },
    close: async () => {
      pointer.close();
      brand.close();
      live.close();
      await broker.close();
      await Promise.all([...upstreams.map((u) => u.pool.close()), rendered?.close()]);
    },
  };
}
