import { Router } from 'express';
import { ArticleStatusBodySchema, NoQuerySchema } from '@mealprep/contracts';
import { AppError, parseInput, requireRole, route, type Broker } from '@mealprep/service-kit';
import { z } from 'zod';
import type { BlogPostRepository } from '../../data-access/blog-post-repository';
import { importArticles } from '../../domain/article-import';

const ArticleIdSchema = z.strictObject({ id: z.string().regex(/^[0-9a-f]{24}$/, 'must be an article id') });

/** The blog screen the original lacked: posts arrive by import, admins publish and unpublish them. */
export function adminArticlesRouter(deps: { articles: BlogPostRepository; publish: Broker['publish']; now?: () => Date }): Router {
  const router = Router();
  router.use('/admin/articles', requireRole('admin'));
  router.get(
    '/admin/articles',
    route(async (req, res) => {
      parseInput(NoQuerySchema, req.query, 'query');
      res.set('cache-control', 'no-store');
      res.json({ items: await deps.articles.listAll() });
    }),
  );
  router.patch(
    '/admin/articles/:id/status',
    route(async (req, res) => {
      const { id } = parseInput(ArticleIdSchema, req.params, 'article');
      const { status } = parseInput(ArticleStatusBodySchema, req.body, 'body');
      const slug = await deps.articles.setStatus(id, status, deps.now?.() ?? new Date());
      if (!slug) throw AppError.notFound('There is no such article.');
      await deps.publish('catalog.articles.changed', { slugs: [slug] });
      res.json({ id, status });
    }),
  );
  /** blogPosts.importFromCSV: the file's bytes as the body (text/csv). */
  router.post(
    '/admin/import/articles',
    requireRole('admin'),
    route(async (req, res) => {
      parseInput(NoQuerySchema, req.query, 'query');
      res.json(await importArticles({ articles: deps.articles, publish: (type, payload) => deps.publish(type, payload) }, req));
    }),
  );
  return router;
}
