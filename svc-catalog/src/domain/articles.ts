import { BLOG_LIST_LIMIT, type BlogPost, type BlogPostSummary } from '@mealprep/contracts';
import { AppError, type DomainEvents } from '@mealprep/service-kit';
import type { BlogPostRepository } from '../data-access/blog-post-repository';

export interface ArticleDeps {
  articles: BlogPostRepository;
}

export function listArticles(deps: ArticleDeps): Promise<BlogPostSummary[]> {
  return deps.articles.listPublished(BLOG_LIST_LIMIT);
}

export async function getArticle(deps: ArticleDeps, slug: string): Promise<BlogPost> {
  const post = await deps.articles.findPublishedBySlug(slug);
  if (!post) throw AppError.notFound(`There is no article "${slug}".`);
  return post;
}

export async function countArticleView(deps: ArticleDeps, id: string): Promise<void> {
  if (!(await deps.articles.incrementViews(id))) throw AppError.notFound('There is no such article.');
}

/** An admin publishes (dated the first time) or unpublishes a post; the blog's readers hear of it. */
export async function setArticleStatus(deps: ArticleDeps & { events: DomainEvents }, id: string, status: 'published' | 'draft', now: Date): Promise<void> {
  const slug = await deps.articles.setStatus(id, status, now, (slug) => [deps.events.event('catalog.articles.changed', { slugs: [slug] })]);
  if (!slug) throw AppError.notFound('There is no such article.');
  await deps.events.relay();
}
