/**
 * In-memory stand-ins for svc-checker's repositories, queue, events and websites, for the domain's
 * unit tests (no database, no broker, no network). They record what was queued, stored and
 * announced so a test can assert what an admin would see.
 */
import type { EventEnvelope, ReviewAction, WebsiteCheck } from '@mealprep/contracts';
import type { Logger } from '@mealprep/service-kit';
import type { CheckRepository } from '../data-access/check-repository';
import type { CheckRunRepository } from '../data-access/check-run-repository';
import type { ProjectedService, ServiceProjectionRepository, VersionedService } from '../data-access/service-projection-repository';
import type { CheckOptions, CheckResult, FetchPage, Page } from '../domain/check-website';
import { fakeDomainEvents } from '@mealprep/service-kit/testing/fakes';

/** Events made by the domain, and those a write carried (what the outbox would send). */
export const fakeEvents = () => fakeDomainEvents('svc-checker');

export const quietLogger = { info() {}, warn() {}, error() {}, debug() {}, child: () => quietLogger } as unknown as Logger;

/** A service of the projection, with defaults for what a test does not care about. */
export function service(id: string, over: Partial<ProjectedService> = {}): ProjectedService {
  return { id, name: `Service ${id}`, slug: `service-${id}`, website: `https://${id}.example`, status: 'published', ...over };
}

const CHECKABLE = new Set(['published', 'pending']);

export function fakeServices(initial: ProjectedService[] = []) {
  const services = new Map(initial.map((s) => [s.id, { ...s }]));
  const applied: VersionedService[] = [];
  const deleted: string[] = [];
  const synced: Array<{ services: VersionedService[]; askedAt: Date }> = [];
  const checkable = () => [...services.values()].filter((s) => CHECKABLE.has(s.status) && s.website !== '');
  const repo = {
    async apply(state: VersionedService) {
      applied.push(state);
      return true;
    },
    async markDeleted(id: string) {
      deleted.push(id);
      services.delete(id);
    },
    async sync(states: VersionedService[], askedAt: Date) {
      synced.push({ services: states, askedAt });
      return { written: states.length, removed: 0 };
    },
    async findById(id: string) {
      return services.get(id) ?? null;
    },
    async findByIds(ids: string[]) {
      return ids.flatMap((id) => (services.has(id) ? [services.get(id)!] : []));
    },
    async listCheckable() {
      return checkable();
    },
    async countCheckable() {
      return checkable().length;
    },
    async checkableIds() {
      return checkable().map((s) => s.id);
    },
    async ensureIndexes() {},
  };
  return { repo: repo as unknown as ServiceProjectionRepository, services, applied, deleted, synced };
}

interface Row {
  id: string;
  serviceId: string;
  checkedAt: Date | null;
  nextCheckDue: Date | null;
  queuedAt: Date | null;
  result: CheckResult | null;
  reviewAction: ReviewAction | null;
}

/** One current check per service, as the real repository keeps it. */
export function fakeChecks() {
  const rows = new Map<string, Row>();
  const removed: string[] = [];
  /** What the events made with each review would be written with. */
  const written: EventEnvelope[] = [];
  let next = 1;
  const rowOf = (serviceId: string) => [...rows.values()].find((r) => r.serviceId === serviceId);
  const toCheck = (r: Row): WebsiteCheck => ({
    id: r.id,
    serviceId: r.serviceId,
    serviceName: '',
    serviceSlug: '',
    websiteUrl: '',
    status: r.result?.status ?? null,
    httpStatus: r.result?.httpStatus ?? null,
    errorMessage: r.result?.errorMessage ?? null,
    flags: r.result?.flags ?? [],
    finalUrl: r.result?.finalUrl ?? null,
    checkedAt: r.checkedAt?.toISOString() ?? null,
    nextCheckDue: r.nextCheckDue?.toISOString() ?? null,
    reviewedAt: null,
    reviewAction: r.reviewAction,
    suggestedAction: r.result?.suggestedAction ?? null,
  });
  const add = (serviceId: string, over: Partial<Row> = {}): Row => {
    const row: Row = { id: `check-${next++}`, serviceId, checkedAt: null, nextCheckDue: null, queuedAt: null, result: null, reviewAction: null, ...over };
    rows.set(row.id, row);
    return row;
  };
  const repo = {
    async addMissing(services: ProjectedService[]) {
      for (const s of services) if (!rowOf(s.id)) add(s.id);
    },
    async markQueued(serviceIds: string[], now: Date) {
      for (const id of serviceIds) {
        const row = rowOf(id);
        if (row) row.queuedAt = now;
      }
    },
    async recordResult(svc: ProjectedService, result: CheckResult, now: Date, nextCheckDue: Date) {
      const row = rowOf(svc.id) ?? add(svc.id);
      Object.assign(row, { result, checkedAt: now, nextCheckDue, queuedAt: null, reviewAction: null });
    },
    async findByIds(ids: string[]) {
      return ids.flatMap((id) => (rows.has(id) ? [toCheck(rows.get(id)!)] : []));
    },
    async review(checks: ReadonlyArray<{ id: string; serviceId: string }>, action: ReviewAction, _now: Date, announce: (check: { id: string; serviceId: string }) => EventEnvelope[]) {
      let found = 0;
      for (const check of checks) {
        const row = rows.get(check.id);
        if (!row) continue;
        row.reviewAction = action;
        written.push(...announce(check));
        found += 1;
      }
      return found;
    },
    async removeService(serviceId: string) {
      removed.push(serviceId);
      const row = rowOf(serviceId);
      if (row) rows.delete(row.id);
    },
    async checkedServiceIds() {
      return new Set([...rows.values()].filter((r) => r.checkedAt !== null).map((r) => r.serviceId));
    },
    async countCheckedSince(since: Date) {
      return [...rows.values()].filter((r) => r.checkedAt !== null && r.checkedAt >= since).length;
    },
    async mostRecentCheckAt() {
      const times = [...rows.values()].flatMap((r) => (r.checkedAt ? [r.checkedAt.getTime()] : []));
      return times.length ? new Date(Math.max(...times)).toISOString() : null;
    },
    async due(now: Date, staleQueueBefore: Date, limit: number) {
      return [...rows.values()]
        .filter((r) => r.nextCheckDue !== null && r.nextCheckDue <= now && (r.queuedAt === null || r.queuedAt < staleQueueBefore))
        .slice(0, limit)
        .map((r) => r.serviceId);
    },
  };
  return { repo: repo as unknown as CheckRepository, rows, add, rowOf, removed, written };
}

export function fakeRuns() {
  const started: Array<{ id: string; queued: number }> = [];
  const done = new Map<string, Set<string>>();
  const repo = {
    async start(id: string, queued: number) {
      started.push({ id, queued });
    },
    async markDone(runId: string, jobId: string) {
      done.set(runId, (done.get(runId) ?? new Set()).add(jobId));
    },
    async latest() {
      const run = started.at(-1);
      if (!run) return null;
      const count = Math.min(run.queued, done.get(run.id)?.size ?? 0);
      return { queued: run.queued, done: count, startedAt: '2026-03-02T10:00:00.000Z', finishedAt: count >= run.queued ? '2026-03-02T10:05:00.000Z' : null };
    },
  };
  return { repo: repo as unknown as CheckRunRepository, started, done };
}

/** Websites by URL: what each answers, in turn (the last answer repeats). */
export function fakeSites(answers: Record<string, Array<Page | Error>>) {
  const asked: string[] = [];
  const fetchPage: FetchPage = async (start) => {
    const url = start.toString();
    asked.push(url);
    const list = answers[url];
    if (!list?.length) throw new Error(`no fake site for ${url}`);
    const answer = list.length > 1 ? list.shift()! : list[0]!;
    if (answer instanceof Error) throw answer;
    return answer;
  };
  const options: CheckOptions = { fetchPage, timeoutMs: 5_000, retryDelaysMs: [0, 0] };
  return { fetchPage, options, asked };
}

/** A page of a website that is in business. */
export const OPEN_PAGE = '<html><head><title>Green Box Meals</title></head><body><h1>Green Box Meals</h1><p>Weekly meal prep delivered across Ohio.</p></body></html>';
