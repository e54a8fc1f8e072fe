import { bootService, createResolver, retryUntilDone, runService } from '@mealprep/service-kit';
import { checkerDomain, checkerRepositories, createCheckerApp, ensureCheckerIndexes, type CheckerDeps } from './app';
import { loadCheckerConfig } from './config';
import { queueDueChecks } from './domain/checks';
import { consumeCheckJobs } from './entry-points/mq/check-jobs';
import { startScheduler } from './entry-points/scheduler';
import { subscribeCatalogEvents, syncFromCatalog } from './entry-points/mq/catalog-events';

const config = loadCheckerConfig();
let scheduler: { stop: () => Promise<void> } | null = null;
let syncing: { stop: () => void } | null = null;

await runService('svc-checker', async () => {
  const running = await bootService({
    name: 'svc-checker',
    dbName: 'checker',
    config,
    prepare: async ({ connection, broker, outbox, logger, instance }) => {
      const repositories = checkerRepositories(connection, outbox);
      await ensureCheckerIndexes(repositories);
      const deps = wiring({ connection, broker, outbox, logger });
      const domain = checkerDomain(deps);
      await subscribeCatalogEvents({ broker, ...repositories, catalogUrl: config.CATALOG_URL, identitySecret: config.IDENTITY_SECRET, logger });
      // svc-catalog may still be starting (it seeds first): the copy is loaded as soon as it answers.
      if (config.CATALOG_URL) syncing = retryUntilDone(() => syncFromCatalog({ services: repositories.services, catalogUrl: config.CATALOG_URL, identitySecret: config.IDENTITY_SECRET, logger }));
      await consumeCheckJobs(broker, domain, { prefetch: config.CHECK_CONCURRENCY, retryDelaysMs: config.CHECK_JOB_RETRY_DELAYS_MS });
      scheduler = startScheduler({ connection, intervalMs: config.CHECK_SCHEDULE_INTERVAL_MS, queueDue: () => queueDueChecks(domain), logger, holder: instance });
    },
    createApp: ({ connection, broker, outbox, logger }) => createCheckerApp(wiring({ connection, broker, outbox, logger })),
  });
  return {
    ...running,
    stop: async () => {
      await scheduler?.stop();
      syncing?.stop();
      await running.stop();
    },
  };
});

function wiring(parts: Pick<CheckerDeps, 'connection' | 'broker' | 'outbox' | 'logger'>): CheckerDeps {
  const site = new URL(config.SITE_URL);
  return {
    ...parts,
    identitySecret: config.IDENTITY_SECRET,
    exposeStack: config.NODE_ENV === 'development',
    jobRetryDelaysMs: config.CHECK_JOB_RETRY_DELAYS_MS,
    check: {
      allowHosts: config.CHECK_ALLOW_HOSTS,
      resolve: createResolver(config.CHECK_HOSTS),
      userAgent: `MealPrepDirectory-LinkChecker/1.0 (+${site.origin}; checks that listed websites still work)`,
      timeoutMs: config.CHECK_TIMEOUT_MS,
      maxBytes: config.CHECK_MAX_BYTES,
      maxRedirects: config.CHECK_MAX_REDIRECTS,
      retryDelaysMs: config.CHECK_RETRY_DELAYS_MS,
    },
  };
}
