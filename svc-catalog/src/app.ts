import type { Connection } from 'mongoose';
import { CONTACT_EMAIL_LIMIT, LEAD_LIMITS } from '@mealprep/contracts';
import { Broker, createApp, isDatabaseConnected, Outbox, storedLimit, type Logger } from '@mealprep/service-kit';
import { articleViewRepository } from './data-access/article-view-repository';
import { brandRepository } from './data-access/brand-repository';
import { claimRepository } from './data-access/claim-repository';
import { reviewRepository } from './data-access/review-repository';
import { reviewRecords } from './data-access/review-records';
import { insightRepository } from './data-access/insight-repository';
import { blogPostRepository } from './data-access/blog-post-repository';
import { geoRegionRepository } from './data-access/geo-region-repository';
import { mealTypeRepository } from './data-access/meal-type-repository';
import { mediaClient } from './data-access/media-client';
import { serviceReportRepository } from './data-access/service-report-repository';
import { serviceRepository } from './data-access/service-repository';
import { usPlaces } from './data-access/us-places';
import { CatalogIndex } from './domain/catalogue/catalog-index';
import { ReviewShelf } from './domain/reviews/review-shelf';
import { ReviewQueues } from './domain/reviews/review-queues';
import { internalRouter } from './entry-points/http/internal-router';
import { KeptAnswers } from './entry-points/http/kept-answers';
import { adminArticlesRouter } from './entry-points/http/admin-articles-router';
import { adminRouter } from './entry-points/http/admin-router';
import { brandRouter } from './entry-points/http/brand-router';
import { leadsRouter } from './entry-points/http/leads-router';
import { leadRepository } from './data-access/lead-repository';
import { claimsRouter } from './entry-points/http/claims-router';
import { reviewsRouter } from './entry-points/http/reviews-router';
import { insightsRouter } from './entry-points/http/insights-router';
import { InsightRecorder } from './domain/insights/insights';
import { articlesRouter } from './entry-points/http/articles-router';
import { mealTypesRouter } from './entry-points/http/meal-types-router';
import { ownerRouter } from './entry-points/http/owner-router';
import { regionsRouter } from './entry-points/http/regions-router';
import { servicesRouter } from './entry-points/http/services-router';
import { sitemapRouter } from './entry-points/http/sitemap-router';

export interface CatalogDeps {
  logger: Logger;
  connection: Connection;
  broker: Broker;
  /** The service's outbox; one of the app's own when not given. */
  outbox?: Outbox;
  identitySecret: string;
  /** The public index; built from the database when not given. */
  catalog?: CatalogIndex;
  /** MEDIA_URL: svc-media, asked whose upload a new logo is; unset, no listing can take a new logo. */
  mediaUrl?: string;
  exposeStack?: boolean;
  now?: () => Date;
  /** What takes the pages' insight reports; one of the app's own when not given. */
  recorder?: InsightRecorder;
  /** Insight reports one client address may send a minute (per instance). */
  insightReportsPerMinute?: number;
  /** The kept first pages of listings' reviews; one of the app's own when not given. */
  shelf?: ReviewShelf;
  /** The staff's queues of reviews; one of the app's own when not given. */
  queues?: ReviewQueues;
  /**
   * The repositories the service's consumers use too, so that its writes of one listing take turns
   * in one place (each repository keeps its own turns); the app's own when not given.
   */
  repositories?: CatalogRepositories;
}

/** The repositories write the events of their changes through the outbox, in the same write; `places` is the US ZIP table shipped with the service (read only). */
export function catalogRepositories(connection: Connection, outbox: Outbox) {
  return {
    regions: geoRegionRepository(connection, outbox),
    mealTypes: mealTypeRepository(connection, outbox),
    services: serviceRepository(connection, outbox),
    articles: blogPostRepository(connection, outbox),
    reports: serviceReportRepository(connection, outbox),
    views: articleViewRepository(connection),
    brand: brandRepository(connection, outbox),
    claims: claimRepository(connection),
    reviews: reviewRepository(connection, outbox),
    reviewRecords: reviewRecords(connection),
    insights: insightRepository(connection),
    leads: leadRepository(connection, outbox),
    places: usPlaces(),
  };
}

export type CatalogRepositories = ReturnType<typeof catalogRepositories>;

/** The first page of each listing's reviews, kept; and the staff's queues of reviews: each instance has its own. */
export const reviewShelf = (repositories: CatalogRepositories) =>
  new ReviewShelf({ readRecord: (id) => repositories.reviewRecords.listings.read(id), findByIds: (ids) => repositories.reviews.findByIds(ids) });
export const reviewQueues = (repositories: CatalogRepositories) => new ReviewQueues(repositories.reviews);

export async function ensureCatalogIndexes(repositories: CatalogRepositories): Promise<void> {
  const { places: _places, reviewRecords: _records, ...stored } = repositories;
  await Promise.all(Object.values(stored).map((r) => r.ensureIndexes()));
}

/** The documented limits of quote requests, each kept in the database so it holds across instances. */
function leadLimits(connection: Connection) {
  const { perClient, perListing, perEmail } = LEAD_LIMITS;
  return {
    perClient: storedLimit(connection, {
      name: 'lead-client',
      ...perClient,
      message: `You have sent ${perClient.points} requests in the last hour, the most one connection may send. Please try again later.`,
    }),
    perListing: storedLimit(connection, {
      name: 'lead-listing',
      ...perListing,
      message: `This business has had ${perListing.points} requests today, the most a listing takes in a day. Please try again tomorrow.`,
    }),
    perEmail: storedLimit(connection, { name: 'lead-email', ...perEmail, message: `This e-mail address has sent ${perEmail.points} requests today, the most allowed. Please try again tomorrow.` }),
    // A listing's shown e-mail address, asked for by a button: enough for a person, slow for a harvester.
    revealPerClient: storedLimit(connection, {
      name: 'contact-email-client',
      ...CONTACT_EMAIL_LIMIT,
      message: `You have asked for ${CONTACT_EMAIL_LIMIT.points} e-mail addresses in the last hour, the most one connection may. Please try again later.`,
    }),
  };
}

export function createCatalogApp(deps: CatalogDeps) {
  const outbox = deps.outbox ?? new Outbox(deps);
  const repositories = deps.repositories ?? catalogRepositories(deps.connection, outbox);
  const catalog = deps.catalog ?? new CatalogIndex(repositories);
  const answers = new KeptAnswers({ catalog, now: deps.now });
  const recorder = deps.recorder ?? new InsightRecorder({ broker: deps.broker, insights: repositories.insights, catalog, logger: deps.logger, now: deps.now });
  const serviceDeps = {
    ...repositories,
    shelf: deps.shelf ?? reviewShelf(repositories),
    queues: deps.queues ?? reviewQueues(repositories),
    catalog,
    events: outbox,
    ipHashSecret: deps.identitySecret,
    media: deps.mediaUrl ? mediaClient({ mediaUrl: deps.mediaUrl, identitySecret: deps.identitySecret }) : undefined,
    now: deps.now,
  };
  return createApp({
    name: 'svc-catalog',
    broker: deps.broker,
    outbox,
    logger: deps.logger,
    identitySecret: deps.identitySecret,
    exposeStack: deps.exposeStack,
    readiness: () => ({ database: isDatabaseConnected(deps.connection), broker: deps.broker.isConnected() }),
    mount: (app) => {
      app.use(regionsRouter({ ...repositories, catalog }, answers));
      app.use(mealTypesRouter(repositories, answers));
      app.use(servicesRouter(serviceDeps, answers));
      app.use(articlesRouter({ ...repositories, visitorSecret: deps.identitySecret, now: deps.now }));
      app.use(sitemapRouter({ catalog, articles: repositories.articles }));
      app.use(ownerRouter(serviceDeps));
      app.use(adminRouter(serviceDeps));
      app.use(claimsRouter(serviceDeps));
      app.use(reviewsRouter(serviceDeps));
      app.use(insightsRouter({ insights: repositories.insights, catalog, now: deps.now, recorder, reportsPerMinute: deps.insightReportsPerMinute ?? 3_000 }));
      app.use(internalRouter({ services: repositories.services, secret: deps.identitySecret }));
      app.use(adminArticlesRouter({ articles: repositories.articles, events: outbox, now: deps.now }));
      app.use(brandRouter({ brand: repositories.brand, events: outbox, now: deps.now }));
      app.use(
        leadsRouter({
          catalog,
          services: repositories.services,
          leads: repositories.leads,
          places: repositories.places,
          events: outbox,
          limits: leadLimits(deps.connection),
          secret: deps.identitySecret,
          now: deps.now,
        }),
      );
    },
  });
}
