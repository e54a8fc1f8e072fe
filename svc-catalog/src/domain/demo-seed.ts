import { demoArticles, demoBanners, demoServices } from '@mealprep/demo-data';
import { imageUrl } from '@mealprep/contracts';
import type { BlogPostRepository } from '../data-access/blog-post-repository';
import type { ServiceRepository } from '../data-access/service-repository';

const DAY = 86_400_000;

/**
 * Loads the fictional demo catalogue on a first start (nothing is added when services or articles
 * already exist), so every public screen has something to show.
 */
export async function seedDemoCatalog(
  deps: { services: ServiceRepository; articles: BlogPostRepository },
  now: Date = new Date(),
): Promise<{ services: number; articles: number }> {
  let services = 0;
  let articles = 0;
  if ((await deps.services.count()) === 0) services = await deps.services.insertMany(demoServices(now));
  if ((await deps.articles.count()) === 0) {
    articles = await deps.articles.insertMany(
      demoArticles().map((article, i) => {
        const banner = demoBanners[i % demoBanners.length];
        return {
          id: article.id,
          slug: article.slug,
          title: article.title,
          excerpt: article.excerpt,
          category: article.category,
          tags: article.tags,
          author: article.author,
          content: article.content,
          status: 'published' as const,
          order: i,
          publishedAt: new Date(now.getTime() - article.ageDays * DAY).toISOString(),
          featuredImageUrl: banner && i < 4 ? imageUrl(banner.id, 'card') : null,
          featuredImageUnsplash: banner && i < 4 ? { altDescription: banner.alt, photographerName: '', photographerUrl: '', unsplashUrl: '' } : null,
          metaTitle: article.title,
          metaDescription: article.excerpt,
        };
      }),
    );
  }
  return { services, articles };
}
