import { randomUUID } from 'node:crypto';
import { CHECK_RECENT_DAYS, type BulkCheckStatus, type CheckJob, type CheckNowResult, type ReviewAction } from '@mealprep/contracts';
import { AppError, type DomainEvents, type Logger } from '@mealprep/service-kit';
import type { CheckRepository } from '../data-access/check-repository';
import type { CheckRunRepository } from '../data-access/check-run-repository';
import type { ProjectedService, ServiceProjectionRepository } from '../data-access/service-projection-repository';
import { checkWebsite, type CheckOptions, type CheckResult } from './check-website';

export const CHECK_QUEUE = 'website-checks';
const DAY = 86_400_000;
/** A site that answered well is checked again in a week; one that did not, in a day. */
export const RECHECK_AFTER_MS = { healthy: 7 * DAY, failing: DAY } as const;

export interface CheckerDomainDeps {
  services: ServiceProjectionRepository;
  checks: CheckRepository;
  runs: CheckRunRepository;
  check: CheckOptions;
  sendJobs: (jobs: CheckJob[]) => Promise<void>;
  /** A check marked closed announces it (svc-catalog closes the listing), in the same write as the review. */
  events: DomainEvents;
  logger: Logger;
  now?: () => Date;
}

const clock = (deps: Pick<CheckerDomainDeps, 'now'>) => deps.now?.() ?? new Date();

export function nextCheckDue(result: CheckResult, now: Date): Date {
  const healthy = result.status === 'accessible' && result.flags.length === 0;
  return new Date(now.getTime() + (healthy ? RECHECK_AFTER_MS.healthy : RECHECK_AFTER_MS.failing));
}

/** Puts one job per service on the queue, as one bulk run whose progress the screen shows. */
async function queue(deps: CheckerDomainDeps, services: ProjectedService[], runId: string | null): Promise<{ queued: number }> {
  const now = clock(deps);
  if (runId) await deps.runs.start(runId, services.length, now);
  if (services.length === 0) return { queued: 0 };
  await deps.checks.addMissing(services, now);
  await deps.sendJobs(services.map((s) => ({ jobId: randomUUID(), serviceId: s.id, runId })));
  return { queued: services.length };
}

/** serviceUtilities.checkAllWebsites and checkUncheckedWebsites. */
export async function queueBulkCheck(deps: CheckerDomainDeps, scope: 'all' | 'unchecked'): Promise<{ queued: number }> {
  let services = await deps.services.listCheckable();
  if (scope === 'unchecked') {
    const checked = await deps.checks.checkedServiceIds();
    services = services.filter((s) => !checked.has(s.id));
  }
  return queue(deps, services, randomUUID());
}

/** Re-check Selected: the services of the given checks. */
export async function queueRecheck(deps: CheckerDomainDeps, checkIds: string[]): Promise<{ queued: number }> {
  const checks = await deps.checks.findByIds(checkIds);
  if (checks.length === 0) throw AppError.notFound('None of those checks exist.');
  return queue(deps, await deps.services.findByIds(checks.map((c) => c.serviceId)), randomUUID());
}

/** The scheduler's turn: checks whose next check is due go back on the queue. */
export async function queueDueChecks(deps: CheckerDomainDeps, limit = 500): Promise<number> {
  const now = clock(deps);
  const ids = await deps.checks.due(now, new Date(now.getTime() - 60 * 60_000), limit);
  const services = (await deps.services.findByIds(ids)).filter((s) => s.website !== '');
  if (services.length === 0) return 0;
  await deps.checks.markQueued(
    services.map((s) => s.id),
    now,
  );
  await queue(deps, services, null);
  return services.length;
}

/** A worker's job: check, store, count it for its run. A redelivered job is stored again (the same service, one row) but counted once. */
export async function runCheckJob(deps: CheckerDomainDeps, job: CheckJob): Promise<void> {
  const service = await deps.services.findById(job.serviceId);
  if (service) {
    const result = await checkWebsite(service.website, deps.check);
    const now = clock(deps);
    await deps.checks.recordResult(service, result, now, nextCheckDue(result, now));
  }
  // Counted after the result is stored (a crash in between redelivers the job, which counts once).
  if (job.runId) await deps.runs.markDone(job.runId, job.jobId);
}

/** serviceUtilities.checkWebsite: one service, checked now. */
export async function checkServiceNow(deps: CheckerDomainDeps, serviceId: string): Promise<CheckNowResult> {
  const service = await deps.services.findById(serviceId);
  if (!service) throw AppError.notFound('There is no such service to check.');
  const result = await checkWebsite(service.website, deps.check);
  const now = clock(deps);
  await deps.checks.recordResult(service, result, now, nextCheckDue(result, now));
  return { result: { status: result.status }, suggestedAction: result.suggestedAction };
}

/**
 * markAsClosed / bulkMarkAsClosed and ignoreUntilNextCheck / bulkIgnoreUntilNextCheck. Closing
 * announces each service so svc-catalog closes the listing; the event is stored with the review,
 * so it goes out even if the broker is away just then.
 */
export async function reviewChecks(deps: CheckerDomainDeps, ids: string[], action: ReviewAction, by: { userId: string; email: string }): Promise<{ reviewed: number }> {
  const checks = await deps.checks.findByIds([...new Set(ids)]);
  if (checks.length === 0) throw AppError.notFound('None of those checks exist.');
  const reviewed = await deps.checks.review(checks, action, clock(deps), (check) =>
    action === 'closed' ? [deps.events.event('checker.service.closed-confirmed', { serviceId: check.serviceId, checkId: check.id, byUserId: by.userId, byEmail: by.email })] : [],
  );
  await deps.events.relay();
  return { reviewed };
}

export async function bulkCheckStatus(deps: CheckerDomainDeps): Promise<BulkCheckStatus> {
  const now = clock(deps).getTime();
  const [services, checked, recentChecks, checksLastHour, mostRecentCheckAt, run] = await Promise.all([
    deps.services.checkableIds(),
    deps.checks.checkedServiceIds(),
    deps.checks.countCheckedSince(new Date(now - CHECK_RECENT_DAYS * DAY)),
    deps.checks.countCheckedSince(new Date(now - 60 * 60_000)),
    deps.checks.mostRecentCheckAt(),
    deps.runs.latest(clock(deps)),
  ]);
  return {
    totalServices: services.length,
    uncheckedCount: services.filter((id) => !checked.has(id)).length,
    recentChecks,
    checksLastHour,
    mostRecentCheckAt,
    run,
  };
}
