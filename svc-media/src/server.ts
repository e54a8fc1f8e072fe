import { bootService, runService } from '@mealprep/service-kit';
import { createMediaApp } from './app';
import { loadMediaConfig } from './config';

await runService('svc-media', () =>
  bootService({
    name: 'svc-media',
    dbName: 'media',
    config: loadMediaConfig(),
    createApp: ({ config, logger, connection, broker }) =>
      createMediaApp({ logger, connection, broker, identitySecret: config.IDENTITY_SECRET }),
  }),
);
