import { createHash } from 'node:crypto';
import { BLOG_LIST_LIMIT, type AdminArticleRow, type BlogPost, type BlogPostSummary } from '@mealprep/contracts';
import { AppError, clientOf, type DomainEvents } from '@mealprep/service-kit';
import type { ArticleViewRepository } from '../../data-access/article-view-repository';
import type { BlogPostRepository } from '../../data-access/blog-post-repository';

export interface ArticleDeps {
  articles: BlogPostRepository;
}

export interface ArticleViewDeps extends ArticleDeps {
  views: ArticleViewRepository;
  /** Mixed into the visitor's hash, with the day: yesterday's hashes cannot be matched to today's, nor reversed by trying addresses. */
  visitorSecret: string;
  now?: () => Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;
let prunedAt = 0;

export function listArticles(deps: ArticleDeps): Promise<BlogPostSummary[]> {
  return deps.articles.listPublished(BLOG_LIST_LIMIT);
}

/** The admin's blog screen: every post, published or not. */
export function listArticlesForAdmin(deps: ArticleDeps): Promise<AdminArticleRow[]> {
  return deps.articles.listAll();
}

/** What the sitemap lists of the blog: every published post's slug. */
export async function publishedArticleSlugs(deps: ArticleDeps): Promise<string[]> {
  return (await deps.articles.listPublishedSlugs()).map((a) => a.slug);
}

export async function getArticle(deps: ArticleDeps, slug: string): Promise<BlogPost> {
  const post = await deps.articles.findPublishedBySlug(slug);
  if (!post) throw AppError.notFound(`There is no article "${slug}".`);
  return post;
}

/**
 * blogPosts.incrementViewCount: a reader is counted once a day per article, known only by a hash
 * of the day and their address, salted; nothing that names them is kept, and the records go after
 * two days.
 */
export async function countArticleView(deps: ArticleViewDeps, id: string, visitor: { address: string }): Promise<void> {
  if (!(await deps.articles.isPublished(id))) throw AppError.notFound('There is no such article.');
  const now = deps.now?.() ?? new Date();
  const day = now.toISOString().slice(0, 10);
  // One reader per address (IPv6: per /64) a day, whatever the browser says it is: the user agent is the caller's to choose.
  const reader = createHash('sha256')
    .update(`${deps.visitorSecret}\n${day}\n${clientOf(visitor.address)}`)
    .digest('base64url');
  if (await deps.views.record(`${id}:${day}:${reader}`, now)) await deps.articles.incrementViews(id);
  if (now.getTime() - prunedAt > DAY_MS / 24) {
    prunedAt = now.getTime();
    await deps.views.pruneBefore(new Date(now.getTime() - 2 * DAY_MS));
  }
}

/** An admin publishes (dated the first time) or unpublishes a post; the blog's readers hear of it. */
export async function setArticleStatus(deps: ArticleDeps & { events: DomainEvents }, id: string, status: 'published' | 'draft', now: Date): Promise<void> {
  const slug = await deps.articles.setStatus(id, status, now, (slug) => [deps.events.event('catalog.articles.changed', { slugs: [slug] })]);
  if (!slug) throw AppError.notFound('There is no such article.');
  await deps.events.relay();
}
