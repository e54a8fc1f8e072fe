import { bootService, runService, underLease } from '@mealprep/service-kit';
import { catalogRepositories, createCatalogApp, ensureCatalogIndexes, reviewQueues, reviewShelf, type CatalogRepositories } from './app';
import { loadCatalogConfig } from './config';
import { CatalogIndex } from './domain/catalogue/catalog-index';
import { seedDemoCatalog } from './domain/demo-seed';
import { ensureFirstBrand } from './domain/brand/brand';
import { firstBrand } from './domain/brand/first-brand';
import { seedReferenceData } from './domain/catalogue/reference-data';
import { subscribeCheckerEvents } from './entry-points/mq/checker-events';
import { subscribeMediaEvents } from './entry-points/mq/media-events';
import { subscribeIndexRefresher, subscribeReviewLedger, subscribeReviewViews } from './entry-points/mq/index-refresher';
import type { ReviewShelf } from './domain/reviews/review-shelf';
import type { ReviewQueues } from './domain/reviews/review-queues';
import { migrateReviewRecords } from './domain/reviews/review-migration';
import { subscribeInsightHits } from './entry-points/mq/insight-hits';
import { forgetOldHits, InsightRecorder } from './domain/insights/insights';
import { InsightTally } from './domain/insights/insight-tally';
import { forgetExpiredLeads } from './domain/leads/leads';

const config = loadCatalogConfig();
let catalog: CatalogIndex;
let shelf: ReviewShelf;
let queues: ReviewQueues;
let repositories: CatalogRepositories;
let recorder: InsightRecorder;
let tally: InsightTally;
let forgetting: NodeJS.Timeout | undefined;
/** How often hits and salts too old to matter are removed (any instance may). */
const FORGET_EVERY_MS = 10 * 60_000;

await runService('svc-catalog', () =>
  bootService({
    name: 'svc-catalog',
    dbName: 'catalog',
    config,
    prepare: async ({ connection, broker, outbox, logger, instance }) => {
      repositories = catalogRepositories(connection, outbox);
      await ensureCatalogIndexes(repositories);
      // One instance seeds while the others wait, then each finds the data there (several start at once).
      // Held under the instance's name: started again after it was killed holding it, it takes it over at once.
      const seeded = await underLease(
        connection,
        'seed',
        async () => {
          await ensureFirstBrand({ brand: repositories.brand, events: outbox }, firstBrand(config), new Date());
          const reference = await seedReferenceData({ ...repositories, events: outbox });
          const migrated = await migrateReviewRecords(repositories);
          return config.SEED_DEMO_DATA ? { ...reference, migrated, demo: await seedDemoCatalog({ ...repositories, events: outbox }) } : { ...reference, migrated };
        },
        { holder: instance },
      );
      logger.info(seeded, 'seed data checked');
      catalog = new CatalogIndex(repositories);
      await catalog.refresh();
      await subscribeIndexRefresher(broker, catalog, logger);
      shelf = reviewShelf(repositories);
      queues = reviewQueues(repositories);
      await subscribeReviewViews(broker, { shelf, queues }, logger);
      await subscribeReviewLedger(broker, { ...repositories, catalog, shelf, queues, events: outbox, ipHashSecret: config.IDENTITY_SECRET });
      // The staff's queues load beside the rest (one read of every review): a staff read before it ends waits for it.
      void queues.load().catch((err: unknown) => logger.warn({ err }, "could not load the staff's queues of reviews; they load on the next read"));
      await subscribeCheckerEvents(broker, { services: repositories.services, catalog, events: outbox });
      await subscribeMediaEvents(broker, { services: repositories.services, catalog, events: outbox });
      logger.info({ published: catalog.index.size }, 'public index built');
      recorder = new InsightRecorder({ broker, insights: repositories.insights, catalog, logger });
      tally = new InsightTally({ store: repositories.insights, logger });
      await subscribeInsightHits(broker, tally, logger);
      const forget = async () => {
        await forgetOldHits(repositories).catch((err: unknown) => logger.warn({ err }, 'old insight hits not removed; trying again later'));
        // Quote requests go when their time is up (docs/quote-requests.md).
        await forgetExpiredLeads(repositories).catch((err: unknown) => logger.warn({ err }, 'expired quote requests not removed; trying again later'));
      };
      void forget();
      forgetting = setInterval(() => void forget(), FORGET_EVERY_MS);
      forgetting.unref();
      if (!config.MEDIA_URL) logger.warn('MEDIA_URL is not set: listings cannot take a new logo (svc-media is asked whose upload it is)');
    },
    createApp: ({ logger, connection, broker, outbox }) =>
      createCatalogApp({
        logger,
        connection,
        broker,
        outbox,
        catalog,
        shelf,
        queues,
        repositories,
        recorder,
        insightReportsPerMinute: config.INSIGHT_REPORTS_PER_MINUTE,
        identitySecret: config.IDENTITY_SECRET,
        mediaUrl: config.MEDIA_URL,
        exposeStack: config.NODE_ENV === 'development',
      }),
    beforeStop: async () => {
      clearInterval(forgetting);
      await recorder.close();
      await tally.settle();
    },
  }),
);
