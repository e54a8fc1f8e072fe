import {
  Broker,
  closeServer,
  connectDatabase,
  createLogger,
  listen,
  runService,
} from '@mealprep/service-kit';
import { catalogRepositories, createCatalogApp } from './app';
import { loadCatalogConfig } from './config';
import { seedReferenceData } from './domain/reference-data';

await runService('svc-catalog', async () => {
  const config = loadCatalogConfig();
  const logger = createLogger('svc-catalog', config.LOG_LEVEL);
  const connection = await connectDatabase(config.MONGODB_URI, 'catalog', logger);
  const broker = new Broker({ url: config.AMQP_URL, prefix: config.AMQP_PREFIX, source: 'svc-catalog', logger });
  await broker.connect();

  const repositories = catalogRepositories(connection);
  await Promise.all([repositories.regions.ensureIndexes(), repositories.mealTypes.ensureIndexes()]);
  const seeded = await seedReferenceData({ ...repositories, publish: (type, payload) => broker.publish(type, payload) });
  logger.info(seeded, 'reference data seeded');

  const app = createCatalogApp({
    logger,
    connection,
    broker,
    identitySecret: config.IDENTITY_SECRET,
    exposeStack: config.NODE_ENV === 'development',
  });
  const { server, url } = await listen(app, config.PORT, config.HOST);
  return {
    url,
    logger,
    stop: async () => {
      await closeServer(server);
      await broker.close();
      await connection.close();
    },
  };
});
