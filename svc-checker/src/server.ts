import { bootService, runService } from '@mealprep/service-kit';
import { createCheckerApp } from './app';
import { loadCheckerConfig } from './config';

await runService('svc-checker', () =>
  bootService({
    name: 'svc-checker',
    dbName: 'checker',
    config: loadCheckerConfig(),
    createApp: ({ config, logger, connection, broker }) =>
      createCheckerApp({ logger, connection, broker, identitySecret: config.IDENTITY_SECRET }),
  }),
);
