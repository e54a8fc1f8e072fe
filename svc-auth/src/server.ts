import path from 'node:path';
import { bootService, runService } from '@mealprep/service-kit';
import { authRepositories, createAuthApp, ensureAuthIndexes } from './app';
import { loadAuthConfig } from './config';
import { subscribeStatusMail } from './entry-points/mq/status-mail-sender';
import { createMailer, type Mailer } from './mail/mailer';

const config = loadAuthConfig();
let mailer: Mailer;

await runService('svc-auth', () =>
  bootService({
    name: 'svc-auth',
    dbName: 'auth',
    config,
    prepare: async ({ connection, broker, outbox, logger }) => {
      const repositories = authRepositories(connection, outbox);
      await ensureAuthIndexes(repositories);
      mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, outbox: path.resolve(config.DATA_DIR, 'outbox'), logger });
      await subscribeStatusMail({ broker, ...repositories, mailer, siteUrl: config.SITE_URL, logger });
    },
    createApp: ({ logger, connection, broker, outbox }) =>
      createAuthApp({
        logger,
        connection,
        broker,
        outbox,
        identitySecret: config.IDENTITY_SECRET,
        siteUrl: config.SITE_URL,
        adminEmails: config.ADMIN_EMAILS,
        mailer,
      }),
  }),
);
