import { Readable } from 'node:stream';
import { demoArticles, demoBanners, demoId, demoReviews, demoServices, readDemoCsv } from '@mealprep/demo-data';
import { imageUrl } from '@mealprep/contracts';
import type { DomainEvents } from '@mealprep/service-kit';
import type { BlogPostRepository } from '../data-access/blog-post-repository';
import type { MealTypeRepository } from '../data-access/meal-type-repository';
import type { ReviewRecords } from '../data-access/review-records';
import { newReviewId, type ReviewRepository } from '../data-access/review-repository';
import { keepRecordsOf } from './reviews/review-migration';
import type { ServiceRepository } from '../data-access/service-repository';
import { importArticles } from './articles/article-import';
import type { Places } from './catalogue/places';
import { textKey } from './reviews/review-checks';
import { importServices } from './imports/service-import';

/** Who the seed's imports are recorded as in each service's status history. */
const SEED_ACTOR = { userId: 'demo-seed', email: 'demo-seed@localhost' };

export interface DemoSeedDeps {
  services: ServiceRepository;
  articles: BlogPostRepository;
  mealTypes: MealTypeRepository;
  reviews: ReviewRepository;
  reviewRecords: ReviewRecords;
  events: DomainEvents;
  places: Places;
}

/**
 * Loads the fictional demo catalogue on a first start (nothing is added when services or articles
 * already exist), so every public screen has something to show. It goes through the admin CSV
 * import with the committed files in `@mealprep/demo-data/csv`, so the demo proves the import,
 * then sets what the import columns cannot carry: the status mix, featuring (relative to `now`),
 * logos, descriptions, contacts and addresses, and the reviews of the public ones. Service ids come from the slug (`demoId`), so the
 * logos svc-media draws for them match.
 */
export async function seedDemoCatalog(deps: DemoSeedDeps, now: Date = new Date()): Promise<{ services: number; articles: number }> {
  // The seed runs before the index is built and before anything listens: the imports are not announced.
  const quietly = { announce: false };
  let services = 0;
  let articles = 0;
  if ((await deps.services.count()) === 0) {
    const result = await importServices(
      { services: deps.services, mealTypes: deps.mealTypes, events: deps.events, catalog: { reload: async () => undefined, places: deps.places }, now: () => now },
      SEED_ACTOR,
      Readable.from([Buffer.from(readDemoCsv('services'))]),
      { newId: (slug) => demoId('service', slug), ...quietly },
    );
    if (result.skipped > 0) throw new Error(`The demo services file has rows the import refuses: ${JSON.stringify(result.skippedRows.slice(0, 3))}`);
    await deps.services.setDemoDetails(demoServices(now).map((service) => ({ ...service, locations: service.locations.map((l) => ({ ...l, point: deps.places.locate(l.address) })) })));
    services = result.imported;
    // Their reviews, published (each service's rating above is theirs), so the lists and pages show ratings.
    const reviews = demoReviews(now).map((review) => ({
      id: newReviewId(),
      serviceId: demoId('service', review.serviceSlug),
      userId: review.userId,
      email: `${review.userId}@demo.example.com`,
      name: review.name,
      rating: review.rating,
      text: review.text,
      textKey: textKey(`${review.serviceSlug} ${review.text}`),
      countsForBurst: true,
      status: 'published' as const,
      holdReasons: [],
      createdAt: new Date(review.createdAt),
    }));
    await deps.reviews.insertQuietly(reviews);
    await keepRecordsOf(
      deps.reviewRecords,
      reviews.map(({ createdAt, ...review }) => ({
        ...review,
        createdAt: createdAt.toISOString(),
        reply: null,
        reports: [],
        openReports: 0,
        reason: null,
        decidedAt: null,
        decidedByEmail: null,
        editedAt: null,
        version: 0,
      })),
    );
  }
  if ((await deps.articles.count()) === 0) {
    const result = await importArticles({ articles: deps.articles, events: deps.events }, Readable.from([Buffer.from(readDemoCsv('articles'))]), quietly);
    if (result.skipped > 0) throw new Error(`The demo articles file has rows the import refuses: ${JSON.stringify(result.skippedRows.slice(0, 3))}`);
    await deps.articles.setPresentation(
      demoArticles().map((article, i) => {
        const banner = i < 4 ? demoBanners[i % demoBanners.length] : undefined;
        return {
          slug: article.slug,
          author: article.author,
          order: i,
          featuredImageUrl: banner ? imageUrl(banner.id, 'card') : null,
          featuredImageUnsplash: banner ? { altDescription: banner.alt, photographerName: '', photographerUrl: '', unsplashUrl: '' } : null,
          metaTitle: article.title,
        };
      }),
    );
    articles = result.imported;
  }
  return { services, articles };
}
