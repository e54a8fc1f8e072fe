import path from 'node:path';
import { bootService, runService } from '@mealprep/service-kit';
import { authRepositories, createAuthApp, ensureAuthIndexes } from './app';
import { loadAuthConfig } from './config';
import { createMailer } from './mail/mailer';

const config = loadAuthConfig();

await runService('svc-auth', () =>
  bootService({
    name: 'svc-auth',
    dbName: 'auth',
    config,
    prepare: async ({ connection }) => {
      await ensureAuthIndexes(authRepositories(connection));
    },
    createApp: ({ logger, connection, broker }) =>
      createAuthApp({
        logger,
        connection,
        broker,
        identitySecret: config.IDENTITY_SECRET,
        siteUrl: config.SITE_URL,
        adminEmails: config.ADMIN_EMAILS,
        mailer: createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, outbox: path.resolve(config.DATA_DIR, 'outbox'), logger }),
      }),
  }),
);
