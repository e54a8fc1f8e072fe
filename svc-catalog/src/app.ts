import type { Connection } from 'mongoose';
import { Broker, createApp, isDatabaseConnected, type Logger } from '@mealprep/service-kit';
import { geoRegionRepository } from './data-access/geo-region-repository';
import { mealTypeRepository } from './data-access/meal-type-repository';
import { mealTypesRouter } from './entry-points/http/meal-types-router';
import { regionsRouter } from './entry-points/http/regions-router';

export interface CatalogDeps {
  logger: Logger;
  connection: Connection;
  broker: Broker;
  identitySecret: string;
  exposeStack?: boolean;
}

export function catalogRepositories(connection: Connection) {
  return { regions: geoRegionRepository(connection), mealTypes: mealTypeRepository(connection) };
}

export function createCatalogApp(deps: CatalogDeps) {
  const repositories = catalogRepositories(deps.connection);
  return createApp({
    logger: deps.logger,
    identitySecret: deps.identitySecret,
    exposeStack: deps.exposeStack,
    readiness: () => ({ database: isDatabaseConnected(deps.connection), broker: deps.broker.isConnected() }),
    mount: (app) => {
      app.use(regionsRouter(repositories));
      app.use(mealTypesRouter(repositories));
    },
  });
}
