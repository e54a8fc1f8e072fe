import { readFile } from 'node:fs/promises';
import path from 'node:path';
import express, { Router, type RequestHandler, type Response } from 'express';
import { brandHeadTags, jsonInScript, REMOTE_NAMES, RUNTIME_CONFIG_ELEMENT_ID, SITE_VERSION_HEADER, type RuntimeConfig } from '@mealprep/contracts';
import { AppError } from '@mealprep/service-kit';
import { literally, renderMeta, type PageMeta } from '../pages/page-meta';
import type { RenderedPages } from '../pages/rendered-pages';
import { precompressed } from './precompressed';

const RUNTIME_CONFIG_MARK = '<!--runtime-config-->';
const FILE_LIKE = /\.[A-Za-z0-9]{1,8}$/;
// Files whose names carry a content hash never change, so browsers may keep them for a year; so
// does everything in a remote's release folder (releases/<version>/, manifest and entry included).
const HASHED = /[.-][0-9a-f]{8,}\.(?:js|css|woff2?|png|svg|webp|jpg)(?:\.br|\.gz)?$/;
const IN_A_RELEASE = /(?:^|\/)releases\/[0-9a-f]{12}\//;
// What a browser must re-check on every load: entry points that name the hashed files (a remote's
// release.json names its current release).
const ALWAYS_FRESH = /(?:^|\/)(?:release\.json|mf-manifest\.json|mf-stats\.json|remoteEntry\.js|index\.html)(?:\.br|\.gz)?$/;

function cacheHeaders(res: Response, filePath: string, cors: boolean) {
  if (IN_A_RELEASE.test(filePath) || HASHED.test(filePath)) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
  else if (ALWAYS_FRESH.test(filePath)) res.setHeader('cache-control', 'no-cache');
  else res.setHeader('cache-control', 'public, max-age=3600');
  // Remotes may be served from another origin than the shell that loads them.
  if (cors) res.setHeader('access-control-allow-origin', '*');
}

/** Embeds the runtime config as inert JSON (`<` is escaped so no value can close the script), and the brand's colours, icons and manifest before it. */
export function injectRuntimeConfig(html: string, config: RuntimeConfig): string {
  return html.replace(RUNTIME_CONFIG_MARK, literally(`${brandHeadTags(config.brand)}<script type="application/json" id="${RUNTIME_CONFIG_ELEMENT_ID}">${jsonInScript(config)}</script>`));
}

/**
 * Serves the built shell and remotes, the runtime config, and the shell's page for every client
 * route. The shell page is read once and kept; a missing build is answered with a clear 503.
 */
export function staticSite(options: {
  staticRoot: string;
  /** The runtime config as it is now (it changes with the published brand). */
  runtimeConfig: () => Promise<RuntimeConfig>;
  /** The site version the runtime config belongs to, sent with it: a renderer that asked for another reads it again. */
  siteVersion?: () => Promise<string>;
  /** The meta of a page the browser renders by itself (the site's defaults, the canonical URL and the status). */
  pageMeta: (path: string) => Promise<PageMeta>;
  /** Preload hints for what the page will fetch first. */
  preloads?: (pathname: string, search: URLSearchParams) => Promise<string>;
  /** Public pages rendered on the server; when it cannot, the page below is served for the browser to render. */
  rendered?: RenderedPages | null;
}): Router {
  const router = Router();
  const shellDist = path.join(options.staticRoot, 'shell', 'dist');
  // The shell's page as read once, and with the runtime config written in (again when it changed).
  let file: Promise<string> | null = null;
  let page: { config: RuntimeConfig; html: Promise<string> } | null = null;
  const shellPage = (config: RuntimeConfig) => {
    if (page?.config === config) return page.html;
    file ??= readFile(path.join(shellDist, 'index.html'), 'utf8');
    const reading = file;
    const html = reading.then((text) => injectRuntimeConfig(text, config));
    // Not built yet: the next page reads again.
    html.catch(() => {
      if (file === reading) file = null;
      if (page?.html === html) page = null;
    });
    page = { config, html };
    return html;
  };

  router.get('/runtime-config.json', async (_req, res) => {
    const config = await options.runtimeConfig();
    const version = await options.siteVersion?.();
    if (version) res.setHeader(SITE_VERSION_HEADER, version);
    res.setHeader('cache-control', 'no-cache');
    res.json(config);
  });

  for (const name of REMOTE_NAMES) {
    const dist = path.join(options.staticRoot, `mfe-${name}`, 'dist');
    router.use(
      `/remotes/${name}`,
      precompressed(dist),
      express.static(dist, {
        index: false,
        redirect: false,
        setHeaders: (res, filePath) => cacheHeaders(res, filePath, true),
      }),
      // A plain 404 of our own: the static handler's errors name the file on this machine's disk.
      (req, _res, next) => next(AppError.notFound(`Nothing at ${req.baseUrl}${req.path}`)),
    );
  }

  // Only a path that names a file can be one of the shell's files: a page route skips the disk.
  const onlyFiles =
    (handler: RequestHandler): RequestHandler =>
    (req, res, next) =>
      FILE_LIKE.test(req.path) ? handler(req, res, next) : next();
  router.use(
    onlyFiles(precompressed(shellDist)),
    onlyFiles(
      express.static(shellDist, {
        index: false,
        setHeaders: (res, filePath) => cacheHeaders(res, filePath, false),
      }),
    ),
  );

  router.get(/.*/, async (req, res, next) => {
    // A path that names a file (letters after a dot) and was not found is a missing file, not a
    // client route; anything else is the app's to answer, even odd slugs like "..%2F..".
    if (FILE_LIKE.test(req.path)) return next();
    // Staff's preview of the brand's draft (pages/brand-preview.ts): rendered in the browser, never kept nor indexed.
    const preview = res.locals.brandPreview as RuntimeConfig | undefined;
    if (!preview && options.rendered?.handles(req.path) && (await options.rendered.serve(req, res))) return;
    const config = preview ?? (await options.runtimeConfig());
    if (preview) res.setHeader('x-robots-tag', 'noindex');
    let html: string;
    try {
      html = preview ? injectRuntimeConfig(await readFile(path.join(shellDist, 'index.html'), 'utf8'), preview) : await shellPage(config);
    } catch {
      res.status(503).type('text').send('The site has not been built yet: run "npm run build" (npm start does it for you).');
      return;
    }
    try {
      const search = new URLSearchParams(req.url.split('?')[1] ?? '');
      const meta = await options.pageMeta(req.path);
      const hints = (await options.preloads?.(req.path, search)) ?? '';
      const page = renderMeta(html, meta, config);
      res.setHeader('cache-control', preview ? 'no-store' : 'no-cache');
      res
        .status(meta.status)
        .type('html')
        .send(meta.status === 200 && hints ? page.replace('</head>', literally(`    ${hints}\n  </head>`)) : page);
    } catch {
      res.setHeader('cache-control', preview ? 'no-store' : 'no-cache');
      res.type('html').send(html);
    }
  });
  return router;
}
