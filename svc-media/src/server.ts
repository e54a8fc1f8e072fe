import { bootService, createResolver, runService } from '@mealprep/service-kit';
import { createMediaApp, mediaRepositories } from './app';
import { loadMediaConfig, mediaDirOf } from './config';
import { seedDemoMedia } from './domain/demo-media';
import { subscribeCatalogEvents } from './entry-points/mq/catalog-events';

await runService('svc-media', () => {
  const config = loadMediaConfig();
  const mediaDir = mediaDirOf(config);
  return bootService({
    name: 'svc-media',
    dbName: 'media',
    config,
    prepare: async ({ connection, broker, outbox, logger }) => {
      const repositories = mediaRepositories(connection, outbox, mediaDir);
      await Promise.all([repositories.banners.ensureIndexes(), repositories.media.ensureIndexes(), repositories.images.ensureIndexes(), repositories.directory.ensureIndexes()]);
      await subscribeCatalogEvents({ broker, media: repositories.media, directory: repositories.directory });
      if (!config.SEED_DEMO_DATA) return;
      const started = performance.now();
      const seeded = await seedDemoMedia({ ...repositories, events: outbox });
      logger.info({ ...seeded, ms: Math.round(performance.now() - started), mediaDir }, 'demo media seeded');
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
});
