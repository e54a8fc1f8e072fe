import type { Connection } from 'mongoose';
import { Broker, createApp, isDatabaseConnected, Outbox, type Logger } from '@mealprep/service-kit';
import { checkRepository } from './data-access/check-repository';
import { checkRunRepository } from './data-access/check-run-repository';
import { serviceProjectionRepository } from './data-access/service-projection-repository';
import { checkOptions, type CheckSettings } from './data-access/website-pages';
import { CHECK_QUEUE, type CheckerDomainDeps } from './domain/checks';
import { adminChecksRouter } from './entry-points/http/admin-checks-router';

export interface CheckerDeps {
  logger: Logger;
  connection: Connection;
  broker: Broker;
  /** The service's outbox; one of the app's own when not given. */
  outbox?: Outbox;
  identitySecret: string;
  check: CheckSettings;
  /** Waits before a failed job is tried again (the work queue's delay queues). */
  jobRetryDelaysMs: number[];
  exposeStack?: boolean;
  now?: () => Date;
}

/** Reviews of checks write their events through the outbox, in the same write. */
export function checkerRepositories(connection: Connection, outbox: Outbox) {
  return {
    services: serviceProjectionRepository(connection),
    checks: checkRepository(connection, outbox),
    runs: checkRunRepository(connection),
  };
}

export async function ensureCheckerIndexes(repositories: ReturnType<typeof checkerRepositories>): Promise<void> {
  await Promise.all(Object.values(repositories).map((r) => r.ensureIndexes()));
}

/** What the domain needs, wired to the database and the broker. */
export function checkerDomain(deps: CheckerDeps): CheckerDomainDeps {
  const outbox = deps.outbox ?? new Outbox(deps);
  return {
    ...checkerRepositories(deps.connection, outbox),
    check: checkOptions(deps.check),
    sendJobs: (jobs) => deps.broker.sendJobs(CHECK_QUEUE, jobs, { retryDelaysMs: deps.jobRetryDelaysMs }),
    events: outbox,
    logger: deps.logger,
    ...(deps.now ? { now: deps.now } : {}),
  };
}

export function createCheckerApp(deps: CheckerDeps) {
  const outbox = deps.outbox ?? new Outbox(deps);
  const domain = checkerDomain({ ...deps, outbox });
  return createApp({
    name: 'svc-checker',
    broker: deps.broker,
    outbox,
    logger: deps.logger,
    identitySecret: deps.identitySecret,
    exposeStack: deps.exposeStack,
    readiness: () => ({ database: isDatabaseConnected(deps.connection), broker: deps.broker.isConnected() }),
    metrics: (metrics) =>
      metrics.gauge('website_checks_current', 'Services by the status of their current website check (none: never checked).', ['status'], async () =>
        Object.entries(await domain.checks.countByStatus()).map(([status, n]) => [{ status }, n]),
      ),
    mount: (app) => {
      app.use(adminChecksRouter(domain));
    },
  });
}
