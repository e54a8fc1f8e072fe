import { Router } from 'express';
import { ArticleIdParamsSchema, ArticleStatusBodySchema, NoQuerySchema } from '@mealprep/contracts';
import { parseInput, requireRole, route, type DomainEvents } from '@mealprep/service-kit';
import { importArticles } from '../../domain/articles/article-import';
import { listArticlesForAdmin, setArticleStatus, type ArticleDeps } from '../../domain/articles/articles';
import { uploadedFile } from './uploaded-file';

/** The blog screen the original lacked: posts arrive by import, admins publish and unpublish them. */
export function adminArticlesRouter(deps: ArticleDeps & { events: DomainEvents; now?: () => Date }): Router {
  const router = Router();
  router.use('/admin/articles', requireRole('admin'));
  router.get(
    '/admin/articles',
    route(async (req, res) => {
      parseInput(NoQuerySchema, req.query, 'query');
      res.set('cache-control', 'no-store');
      res.json({ items: await listArticlesForAdmin(deps) });
    }),
  );
  router.patch(
    '/admin/articles/:id/status',
    route(async (req, res) => {
      const { id } = parseInput(ArticleIdParamsSchema, req.params, 'article');
      const { status } = parseInput(ArticleStatusBodySchema, req.body, 'body');
      await setArticleStatus(deps, id, status, deps.now?.() ?? new Date());
      res.json({ id, status });
    }),
  );
  /** blogPosts.importFromCSV: the file's bytes as the body (text/csv). */
  router.post(
    '/admin/import/articles',
    requireRole('admin'),
    route(async (req, res) => {
      parseInput(NoQuerySchema, req.query, 'query');
      res.json(await importArticles(deps, uploadedFile(req)));
    }),
  );
  return router;
}
