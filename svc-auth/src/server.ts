import path from 'node:path';
import { bootService, brandFollower, runService } from '@mealprep/service-kit';
import { authRepositories, createAuthApp, ensureAuthIndexes } from './app';
import { loadAuthConfig } from './config';
import { sendLeadDigests } from './domain/lead-delivery';
import { subscribeStatusMail } from './entry-points/mq/status-mail-sender';
import { subscribeBrandEvents } from './entry-points/mq/brand-events';
import { createMailer, type Mailer } from './mail/mailer';
import { mailSiteOf, readPublishedBrand } from './mail/mail-site';

const config = loadAuthConfig();
/** How often the daily digests are looked for (a day's goes out within this time after the day ends, UTC). */
const LEAD_DIGEST_RUN_MS = 10 * 60 * 1000;
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
      const mailDeps = { ...repositories, mailer, siteUrl: config.SITE_URL, logger, secret: config.IDENTITY_SECRET };
      await subscribeStatusMail({ broker, ...mailDeps });
      // The owners' daily digests of quote requests: each run sends the days that ended; any instance may run it (a day's digest is keyed once).
      const digests = () => void sendLeadDigests(mailDeps).catch((err: unknown) => logger.warn({ err }, 'quote request digests not sent; tried again later'));
      setInterval(digests, LEAD_DIGEST_RUN_MS).unref();
      digests();
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
