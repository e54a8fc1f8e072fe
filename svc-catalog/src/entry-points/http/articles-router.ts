import { Router } from 'express';
import { ArticleIdParamsSchema, NoQuerySchema, SlugParamsSchema } from '@mealprep/contracts';
import { parseInput, route } from '@mealprep/service-kit';
import { countArticleView, getArticle, listArticles, type ArticleDeps } from '../../domain/articles';

export function articlesRouter(deps: ArticleDeps): Router {
  const router = Router();
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
      await countArticleView(deps, params.id);
      res.status(204).end();
    }),
  );
  return router;
}
