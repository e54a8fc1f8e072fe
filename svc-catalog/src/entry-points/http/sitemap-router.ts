import { Router } from 'express';
import { route } from '@mealprep/service-kit';
import type { BlogPostRepository } from '../../data-access/blog-post-repository';
import type { CatalogIndex } from '../../domain/catalog-index';

/** What the gateway's /sitemap.xml lists. */
export function sitemapRouter(deps: { catalog: CatalogIndex; articles: BlogPostRepository }): Router {
  const router = Router();
  router.get(
    '/sitemap',
    route(async (_req, res) => {
      res.set('cache-control', 'no-cache');
      res.json({ ...deps.catalog.index.sitemap(), articles: (await deps.articles.listPublishedSlugs()).map((a) => a.slug) });
    }),
  );
  return router;
}
