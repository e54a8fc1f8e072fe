import { Router } from 'express';
import { ArticleIdParamsSchema, NoQuerySchema, SlugParamsSchema } from '@mealprep/contracts';
import { clientOf, perClientLimit, parseInput, route } from '@mealprep/service-kit';
import { countArticleView, getArticle, listArticles, type ArticleViewDeps } from '../../domain/articles/articles';

/** A client address may send this many view counts a minute (each reader counts once a day anyway). */
export const VIEW_COUNTS_PER_MINUTE = 30;

export function articlesRouter(deps: ArticleViewDeps): Router {
  const router = Router();
  const viewLimit = perClientLimit(VIEW_COUNTS_PER_MINUTE, 60_000, 'Too many requests. Please wait a minute and try again.');
  router.get(
    '/articles',
    route(async (req, res) => {
      parseInput(NoQuerySchema, req.query, 'query');
      res.set('cache-control', 'no-cache');
      res.json({ items: await listArticles(deps) });
    }),
  );
  router.get(
    '/articles/:slug',
    route(async (req, res) => {
      const params = parseInput(SlugParamsSchema, req.params, 'article');
      res.set('cache-control', 'no-cache');
      res.json(await getArticle(deps, params.slug));
    }),
  );
  router.post(
    '/articles/:id/views',
    route(async (req, res) => {
      const params = parseInput(ArticleIdParamsSchema, req.params, 'article');
      const address = req.ip ?? '';
      await viewLimit(clientOf(address));
      await countArticleView(deps, params.id, { address });
      res.status(204).end();
    }),
  );
  return router;
}
