import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { imageUrl, SERVICE_GRID_PAGE_SIZE } from '@mealprep/contracts';
import { z } from 'zod';
import { CITY_PAGE } from './route-meta';

/**
 * Hints that let the browser fetch, in parallel and at once, what a page would otherwise ask for
 * one step after another: the public remote's entry and first chunks, the page's API reads, and
 * the home hero's first image. The URLs must be the very ones the app requests (same query order).
 */
/** A remote's release.json: its current release, paths relative to the file. */
const ReleaseSchema = z.object({ version: z.string().regex(/^[0-9a-f]{12}$/), manifest: z.string().regex(/^releases\/[0-9a-f]{12}\/mf-manifest\.json$/) });

const ManifestSchema = z.object({
  exposes: z.array(
    z.object({
      name: z.string(),
      assets: z.object({
        js: z.object({ sync: z.array(z.string()), async: z.array(z.string()).default([]) }),
        css: z.object({ sync: z.array(z.string()) }).optional(),
      }),
    }),
  ),
  metaData: z.object({ remoteEntry: z.object({ name: z.string(), path: z.string() }) }),
});

const pageParam = (search: URLSearchParams) => {
  const n = Number(search.get('page'));
  return Number.isInteger(n) && n >= 1 ? n : 1;
};

const list = (filter: Record<string, string>, search: URLSearchParams) =>
  `/api/catalog/services?${new URLSearchParams({ ...filter, page: String(pageParam(search)), pageSize: String(SERVICE_GRID_PAGE_SIZE) }).toString()}`;

/**
 * The lazily loaded page chunk a route renders, by the chunk name mfe-public gives it
 * (`webpackChunkName: "page-…"` in mfe-public/src/routes.tsx). Home is in the routes chunk itself.
 */
export function pageChunkFor(pathname: string): string | null {
  const fixed: Record<string, string> = {
    '/find-service': 'find-service-page',
    '/services-by-state': 'services-by-state-page',
    '/services-that-ship': 'services-that-ship-page',
    '/services-by-meal-type': 'services-by-meal-type-page',
    '/services-by-name': 'services-by-name-page',
    '/articles': 'articles-page',
    '/about': 'info-pages',
    '/add-your-service': 'form-pages',
    '/near': 'near-page',
  };
  const name =
    fixed[pathname] ??
    [
      ['/state/', 'state-page'],
      ['/service/', 'service-page'],
      ['/meal-type/', 'meal-type-page'],
      ['/articles/', 'articles-page'],
      ['/paperform/', 'form-pages'],
      ['/near/', 'near-page'],
    ].find(([prefix]) => pathname.startsWith(prefix!) && pathname.length > prefix!.length)?.[1];
  return name ? `page-${name}` : null;
}

/** The API reads a route starts with. */
export function dataFor(pathname: string, search: URLSearchParams): string[] {
  const slug = (prefix: string) => (pathname.startsWith(prefix) ? encodeURIComponent(decodeSafe(pathname.slice(prefix.length))) : null);
  switch (pathname) {
    case '/':
      return ['/api/catalog/regions', '/api/catalog/regions/counts', '/api/media/banners', '/api/catalog/services?featured=true&page=1&pageSize=60'];
    case '/services-by-name':
      return [list({}, search), '/api/catalog/meal-types'];
    case '/services-that-ship':
      return [list({ shipping: 'true' }, search), '/api/catalog/meal-types'];
    case '/services-by-state':
      return ['/api/catalog/regions', '/api/catalog/regions/counts'];
    case '/services-by-meal-type':
      return ['/api/catalog/meal-types'];
    case '/articles':
      return ['/api/catalog/articles'];
  }
  const city = CITY_PAGE.exec(pathname);
  if (city) {
    const [state, name] = [encodeURIComponent(decodeSafe(city[1]!)), encodeURIComponent(decodeSafe(city[2]!))];
    return [`/api/catalog/regions/${state}/cities/${name}`, list({ state: decodeSafe(city[1]!), city: decodeSafe(city[2]!) }, search), '/api/catalog/meal-types'];
  }
  const state = slug('/state/');
  if (state) return [`/api/catalog/regions/${state}`, `/api/catalog/regions/${state}/cities`, list({ state }, search), '/api/catalog/meal-types'];
  const service = slug('/service/');
  if (service) return [`/api/catalog/services/by-slug/${service}`, `/api/catalog/services/by-slug/${service}/nearby`, '/api/catalog/meal-types'];
  const mealType = slug('/meal-type/');
  if (mealType) return [`/api/catalog/meal-types/${mealType}`, list({ mealType }, search), '/api/catalog/meal-types'];
  const article = slug('/articles/');
  if (article) return [`/api/catalog/articles/${article}`];
  return [];
}

function decodeSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

export interface PreloadOptions {
  staticRoot: string;
  /** Where the shell loads the public remote from; only the local default is preloaded. */
  publicRemoteUrl: string;
  /** The first active banner, for the home hero. */
  firstBannerId: () => Promise<string | null>;
}

/** How long the public remote's current release is trusted before release.json is read again. */
const RELEASE_RECHECK_MS = 5_000;

export function preloadHints(options: PreloadOptions) {
  let assets: { at: number; value: Promise<{ base: string; scripts: string[]; styles: string[]; pages: string[] }> } | null = null;
  const remoteRoot = '/remotes/public/';
  const dist = path.join(options.staticRoot, 'mfe-public', 'dist');
  const readAssets = async () => {
    const release = ReleaseSchema.parse(JSON.parse(await readFile(path.join(dist, 'release.json'), 'utf8')));
    const manifest = ManifestSchema.parse(JSON.parse(await readFile(path.join(dist, release.manifest), 'utf8')));
    const base = `${remoteRoot}${path.posix.dirname(release.manifest)}/`;
    const routes = manifest.exposes.find((e) => e.name === 'routes');
    return {
      base,
      scripts: [manifest.metaData.remoteEntry.name, ...(routes?.assets.js.sync ?? [])].map((file) => `${base}${file}`),
      styles: (routes?.assets.css?.sync ?? []).map((file) => `${base}${file}`),
      pages: routes?.assets.js.async ?? [],
    };
  };
  const remoteAssets = () => {
    if (!assets || Date.now() - assets.at > RELEASE_RECHECK_MS) {
      assets = { at: Date.now(), value: readAssets().catch(() => ({ base: remoteRoot, scripts: [], styles: [], pages: [] })) };
    }
    return assets.value;
  };

  return async (pathname: string, search: URLSearchParams): Promise<string> => {
    const tags: string[] = [];
    if (options.publicRemoteUrl === `${remoteRoot}release.json`) {
      // The release pointer and the manifest are not preloaded: a preload answered while the remote
      // was unreachable would be reused by the shell's "Try again".
      const { scripts, styles, pages, base } = await remoteAssets();
      // Styles are fetched early but applied only when the remote adds them (a preload, not a stylesheet).
      for (const href of styles) tags.push(`<link rel="preload" href="${href}" as="style">`);
      const chunk = pageChunkFor(pathname);
      const page = chunk ? pages.find((file) => file.startsWith(`${chunk}.`)) : undefined;
      for (const src of [...scripts, ...(page ? [`${base}${page}`] : [])]) tags.push(`<link rel="prefetch" href="${src}">`);
    }
    for (const url of dataFor(pathname, search)) tags.push(`<link rel="preload" href="${url.replace(/&/g, '&amp;')}" as="fetch" crossorigin="anonymous">`);
    if (pathname === '/') {
      const banner = await options.firstBannerId().catch(() => null);
      if (banner) {
        tags.push(`<link rel="preload" as="image" href="${imageUrl(banner, 'card')}" media="(max-width: 640px)" fetchpriority="high">`);
        tags.push(`<link rel="preload" as="image" href="${imageUrl(banner, 'full')}" media="(min-width: 641px)" fetchpriority="high">`);
      }
    }
    return tags.join('\n    ');
  };
}
