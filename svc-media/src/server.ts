import { bootService, createResolver, retryUntilDone, runService, underLease } from '@mealprep/service-kit';
import { createMediaApp, mediaRepositories } from './app';
import { loadMediaConfig, mediaDirOf } from './config';
import { seedDemoMedia } from './domain/demo-media';
import { subscribeCatalogEvents, syncFromCatalog } from './entry-points/mq/catalog-events';

await runService('svc-media', async () => {
  const config = loadMediaConfig();
  const mediaDir = mediaDirOf(config);
  let syncing: { stop: () => void } | null = null;
  const running = await bootService({
    name: 'svc-media',
    dbName: 'media',
    config,
    prepare: async ({ connection, broker, outbox, logger, instance }) => {
      const repositories = mediaRepositories(connection, outbox, mediaDir);
      await Promise.all([
        repositories.banners.ensureIndexes(),
        repositories.media.ensureIndexes(),
        repositories.images.ensureIndexes(),
        repositories.directory.ensureIndexes(),
        repositories.quotas.ensureIndexes(),
        repositories.photos.ensureIndexes(),
        repositories.reports.ensureIndexes(),
      ]);
      const catalog = { media: repositories.media, directory: repositories.directory, catalogUrl: config.CATALOG_URL, identitySecret: config.IDENTITY_SECRET, logger };
      await subscribeCatalogEvents({ broker, ...catalog });
      if (config.SEED_DEMO_DATA) {
        const started = performance.now();
        // One instance draws the demo pictures while the others wait, then find them there; started
        // again after it was killed holding the lease, it takes it over at once (its instance's name).
        const seeded = await underLease(connection, 'seed', () => seedDemoMedia({ ...repositories, events: outbox }), { holder: instance });
        logger.info({ ...seeded, ms: Math.round(performance.now() - started), mediaDir }, 'demo media seeded');
      }
      // svc-catalog may still be starting (it seeds first): the directory is loaded as soon as it answers.
      if (config.CATALOG_URL) syncing = retryUntilDone(() => syncFromCatalog(catalog));
    },
    createApp: ({ logger, connection, broker, outbox }) =>
      createMediaApp({
        logger,
        connection,
        broker,
        outbox,
        identitySecret: config.IDENTITY_SECRET,
        mediaDir,
        cdnUrl: config.IMAGE_CDN_URL,
        stockPhotos: { apiUrl: config.STOCK_PHOTO_API_URL, accessKey: config.STOCK_PHOTO_ACCESS_KEY },
        fetchAllowHosts: config.IMAGE_FETCH_ALLOW_HOSTS,
        fetchResolve: createResolver(config.IMAGE_FETCH_HOSTS),
        exposeStack: config.NODE_ENV === 'development',
      }),
  });
  return {
    ...running,
    stop: async () => {
      syncing?.stop();
      await running.stop();
    },
  };
});
