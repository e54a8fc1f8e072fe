import { bootService, runService } from '@mealprep/service-kit';
import { createAuthApp } from './app';
import { loadAuthConfig } from './config';

await runService('svc-auth', () =>
  bootService({
    name: 'svc-auth',
    dbName: 'auth',
    config: loadAuthConfig(),
    createApp: ({ config, logger, connection, broker }) =>
      createAuthApp({ logger, connection, broker, identitySecret: config.IDENTITY_SECRET }),
  }),
);
