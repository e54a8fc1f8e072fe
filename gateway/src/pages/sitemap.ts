import { Router } from 'express';
import { sitemapPaths, type RouteEntry } from '@mealprep/contracts';
import { AppError } from '@mealprep/service-kit';
import { z } from 'zod';
import { SIGNED_IN_AREAS } from './signed-in';
import type { Read } from './catalog-reader';

const SitemapDataSchema = z.object({
  services: z.array(z.string()),
  states: z.array(z.string()),
  mealTypes: z.array(z.string()),
  articles: z.array(z.string()),
  /** City pages, "{state}/{city}". */
  cities: z.array(z.string()).default([]),
});

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Every public page worth indexing; null when the catalogue, or the public remote's release, cannot say. */
export async function sitemapXml(read: Read, siteUrl: string, routes: readonly RouteEntry[] | null): Promise<string | null> {
  if (!routes) return null;
  const data = await read('/sitemap', SitemapDataSchema);
  if (!data || data === 'unavailable') return null;
  // The routes the public remote's release carries say which pages are worth indexing, and where each list's entries are.
  const paths = sitemapPaths(routes, data);
  const urls = paths.map((p) => `  <url><loc>${escapeXml(`${siteUrl}${p}`)}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function robotsTxt(siteUrl: string): string {
  return ['User-agent: *', 'Allow: /', ...SIGNED_IN_AREAS.map((area) => `Disallow: ${area}`), '', `Sitemap: ${siteUrl}/sitemap.xml`, ''].join('\n');
}

/** /robots.txt and /sitemap.xml (503 while the catalogue cannot say what is in it). */
export function sitemapRoutes(read: Read, siteUrl: string, routes: () => Promise<readonly RouteEntry[] | null>): Router {
  const router = Router();
  router.get('/robots.txt', (_req, res) => {
    res.set('cache-control', 'public, max-age=3600').type('text/plain').send(robotsTxt(siteUrl));
  });
  router.get('/sitemap.xml', async (_req, res, next) => {
    const xml = await sitemapXml(read, siteUrl, await routes());
    if (!xml) return next(new AppError('service_unavailable', 'The sitemap is unavailable right now.', { status: 503 }));
    res.set('cache-control', 'public, max-age=300').type('application/xml').send(xml);
  });
  return router;
}
