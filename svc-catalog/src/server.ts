import { bootService, runService } from '@mealprep/service-kit';
import { catalogRepositories, createCatalogApp } from './app';
import { loadCatalogConfig } from './config';
import { seedReferenceData } from './domain/reference-data';

await runService('svc-catalog', () =>
  bootService({
    name: 'svc-catalog',
    dbName: 'catalog',
    config: loadCatalogConfig(),
    prepare: async ({ connection, broker, logger }) => {
      const repositories = catalogRepositories(connection);
      await Promise.all([repositories.regions.ensureIndexes(), repositories.mealTypes.ensureIndexes()]);
      const seeded = await seedReferenceData({ ...repositories, publish: (type, payload) => broker.publish(type, payload) });
      logger.info(seeded, 'reference data seeded');
    },
    createApp: ({ config, logger, connection, broker }) =>
      createCatalogApp({
        logger,
        connection,
        broker,
        identitySecret: config.IDENTITY_SECRET,
        exposeStack: config.NODE_ENV === 'development',
      }),
  }),
);
