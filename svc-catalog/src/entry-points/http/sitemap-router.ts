import { Router } from 'express';
import { route } from '@mealprep/service-kit';
import { publishedArticleSlugs, type ArticleDeps } from '../../domain/articles/articles';
import type { CatalogIndex } from '../../domain/catalogue/catalog-index';

/** What the gateway's /sitemap.xml lists. */
export function sitemapRouter(deps: ArticleDeps & { catalog: CatalogIndex }): Router {
  const router = Router();
  router.get(
    '/sitemap',
    route(async (_req, res) => {
      res.set('cache-control', 'no-cache');
      res.json({ ...deps.catalog.index.sitemap(), articles: await publishedArticleSlugs(deps) });
    }),
  );
  return router;
}
