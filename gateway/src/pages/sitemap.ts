import { Router } from 'express';
import { AppError } from '@mealprep/service-kit';
import { z } from 'zod';
import type { Read } from './catalog-reader';

const SitemapDataSchema = z.object({
  services: z.array(z.string()),
  states: z.array(z.string()),
  mealTypes: z.array(z.string()),
  articles: z.array(z.string()),
  /** City pages, "{state}/{city}". */
  cities: z.array(z.string()).default([]),
});

const STATIC_PATHS = ['/', '/find-service', '/services-by-state', '/services-that-ship', '/services-by-meal-type', '/services-by-name', '/articles', '/about', '/add-your-service'];

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Every public page worth indexing; null when the catalogue cannot say. */
export async function sitemapXml(read: Read, siteUrl: string): Promise<string | null> {
  const data = await read('/sitemap', SitemapDataSchema);
  if (!data || data === 'unavailable') return null;
  const paths = [
    ...STATIC_PATHS,
    ...data.states.map((s) => `/state/${s}`),
    ...data.cities.map((s) => `/state/${s}`),
    ...data.mealTypes.map((s) => `/meal-type/${s}`),
    ...data.services.map((s) => `/service/${s}`),
    ...data.articles.map((s) => `/articles/${s}`),
  ];
  const urls = paths.map((p) => `  <url><loc>${escapeXml(`${siteUrl}${p}`)}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function robotsTxt(siteUrl: string): string {
  return ['User-agent: *', 'Allow: /', 'Disallow: /dashboard', 'Disallow: /login', '', `Sitemap: ${siteUrl}/sitemap.xml`, ''].join('\n');
}

/** /robots.txt and /sitemap.xml (503 while the catalogue cannot say what is in it). */
export function sitemapRoutes(read: Read, siteUrl: string): Router {
  const router = Router();
  router.get('/robots.txt', (_req, res) => {
    res.set('cache-control', 'public, max-age=3600').type('text/plain').send(robotsTxt(siteUrl));
  });
  router.get('/sitemap.xml', async (_req, res, next) => {
    const xml = await sitemapXml(read, siteUrl);
    if (!xml) return next(new AppError('service_unavailable', 'The sitemap is unavailable right now.', { status: 503 }));
    res.set('cache-control', 'public, max-age=300').type('application/xml').send(xml);
  });
  return router;
}
