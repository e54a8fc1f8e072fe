import path from 'node:path';
import { bootService, brandFollower, runService } from '@mealprep/service-kit';
import { authRepositories, createAuthApp, ensureAuthIndexes } from './app';
import { loadAuthConfig } from './config';
import { subscribeStatusMail } from './entry-points/mq/status-mail-sender';
import { subscribeBrandEvents } from './entry-points/mq/brand-events';
import { createMailer, type Mailer } from './mail/mailer';
import { mailSiteOf, readPublishedBrand } from './mail/mail-site';

const config = loadAuthConfig();
let mailer: Mailer;
// The operator's brand the mails are written with: read from svc-catalog, then kept by its events.
const catalogUrl = config.CATALOG_URL;
const brand = brandFollower(catalogUrl ? () => readPublishedBrand(catalogUrl) : async () => null);

await runService('svc-auth', () =>
  bootService({
    name: 'svc-auth',
    dbName: 'auth',
    config,
    prepare: async ({ connection, broker, outbox, logger }) => {
      const repositories = authRepositories(connection, outbox);
      await ensureAuthIndexes(repositories);
      await subscribeBrandEvents(broker, brand);
      void brand.load();
      mailer = createMailer({
        smtpUrl: config.SMTP_URL,
        from: config.MAIL_FROM,
        outbox: path.resolve(config.DATA_DIR, 'outbox'),
        logger,
        site: async () => {
          // A mail before the brand is known waits for the read under way.
          if (!brand.current) await brand.known();
          return mailSiteOf(brand.current, config.SITE_URL);
        },
      });
      await subscribeStatusMail({ broker, ...repositories, mailer, siteUrl: config.SITE_URL, logger, secret: config.IDENTITY_SECRET });
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
