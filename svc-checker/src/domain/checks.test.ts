import type { CheckJob } from '@mealprep/contracts';
import type { CheckResult } from './check-website';
import { bulkCheckStatus, checkServiceNow, nextCheckDue, queueBulkCheck, queueDueChecks, queueRecheck, reviewChecks, runCheckJob, type CheckerDomainDeps } from './checks';
import { fakeChecks, fakeEvents, fakeRuns, fakeServices, fakeSites, OPEN_PAGE, quietLogger, service } from '../testing/fakes';

const NOW = new Date('2026-03-02T10:00:00.000Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function setUp(services = [service('a'), service('b'), service('c')]) {
  const events = fakeEvents();
  const projection = fakeServices(services);
  const checks = fakeChecks();
  const runs = fakeRuns();
  const sites = fakeSites({
    'https://a.example/': [{ httpStatus: 200, body: OPEN_PAGE, finalUrl: 'https://a.example/' }],
    'https://b.example/': [{ httpStatus: 404, body: 'Not found', finalUrl: 'https://b.example/' }],
  });
  const jobs: CheckJob[] = [];
  let now = NOW;
  const deps: CheckerDomainDeps = {
    services: projection.repo,
    checks: checks.repo,
    runs: runs.repo,
    check: sites.options,
    sendJobs: async (sent) => {
      jobs.push(...sent);
    },
    events: events.events,
    logger: quietLogger,
    now: () => now,
  };
  return {
    deps,
    events,
    projection,
    checks,
    runs,
    sites,
    jobs,
    setNow: (date: Date) => {
      now = date;
    },
  };
}

const result = (over: Partial<CheckResult>): CheckResult => ({
  status: 'accessible',
  httpStatus: 200,
  errorMessage: null,
  flags: [],
  finalUrl: null,
  suggestedAction: null,
  attempts: 1,
  durationMs: 10,
  ...over,
});

describe('when a website is checked again', () => {
  it('a healthy site in a week; a flagged, blank, broken or unreachable one the next day', () => {
    expect(nextCheckDue(result({}), NOW)).toEqual(new Date(NOW.getTime() + 7 * DAY));
    expect(nextCheckDue(result({ flags: ['parked'] }), NOW)).toEqual(new Date(NOW.getTime() + DAY));
    for (const status of ['blank', 'error', 'unreachable'] as const) expect(nextCheckDue(result({ status }), NOW)).toEqual(new Date(NOW.getTime() + DAY));
  });
});

describe('queuing website checks', () => {
  it('"check all" puts one job per listed service with a website on the queue, as one run whose size is known', async () => {
    const t = setUp([service('a'), service('b', { status: 'pending' }), service('c', { status: 'draft' }), service('d', { status: 'closed' }), service('e', { website: '' })]);
    expect(await queueBulkCheck(t.deps, 'all')).toEqual({ queued: 2 });
    expect(t.jobs.map((j) => j.serviceId)).toEqual(['a', 'b']);
    expect(new Set(t.jobs.map((j) => j.runId)).size).toBe(1);
    expect(t.runs.started).toEqual([{ id: t.jobs[0]!.runId, queued: 2 }]);
    expect(new Set(t.jobs.map((j) => j.jobId)).size).toBe(2);
  });

  it('"check unchecked" leaves out services checked before; with nothing left, a finished empty run and no jobs', async () => {
    const t = setUp();
    t.checks.add('a', { checkedAt: new Date(NOW.getTime() - DAY) });
    expect(await queueBulkCheck(t.deps, 'unchecked')).toEqual({ queued: 2 });
    expect(t.jobs.map((j) => j.serviceId)).toEqual(['b', 'c']);
    for (const id of ['b', 'c']) t.checks.rowOf(id)!.checkedAt = NOW;
    expect(await queueBulkCheck(t.deps, 'unchecked')).toEqual({ queued: 0 });
    expect(t.jobs).toHaveLength(2);
    expect(t.runs.started.at(-1)?.queued).toBe(0);
  });

  it('"re-check selected" queues the services of those checks; when none of them exist it is a 404', async () => {
    const t = setUp();
    const row = t.checks.add('c');
    await expect(queueRecheck(t.deps, ['check-404'])).rejects.toMatchObject({ status: 404, message: 'None of those checks exist.' });
    expect(await queueRecheck(t.deps, [row.id, 'check-404'])).toEqual({ queued: 1 });
    expect(t.jobs.map((j) => j.serviceId)).toEqual(['c']);
  });

  it('the scheduler queues due checks that are not already queued (or were queued over an hour ago), outside any run', async () => {
    const t = setUp([service('a'), service('b'), service('c'), service('d'), service('e', { website: '' })]);
    t.checks.add('a', { nextCheckDue: new Date(NOW.getTime() - 1) });
    t.checks.add('b', { nextCheckDue: new Date(NOW.getTime() + HOUR) });
    t.checks.add('c', { nextCheckDue: new Date(NOW.getTime() - DAY), queuedAt: new Date(NOW.getTime() - 10 * 60_000) });
    t.checks.add('d', { nextCheckDue: new Date(NOW.getTime() - DAY), queuedAt: new Date(NOW.getTime() - 2 * HOUR) });
    t.checks.add('e', { nextCheckDue: new Date(NOW.getTime() - DAY) });
    expect(await queueDueChecks(t.deps)).toBe(2);
    expect(t.jobs.map((j) => [j.serviceId, j.runId])).toEqual([
      ['a', null],
      ['d', null],
    ]);
    expect(t.checks.rowOf('a')?.queuedAt).toEqual(NOW);
    expect(t.runs.started).toEqual([]);
    // Queued just now: the next turn of the scheduler leaves them be.
    expect(await queueDueChecks(t.deps)).toBe(0);
  });
});

describe('running a check', () => {
  it("a job checks the service's website, stores what it found with the next check's date, and counts for its run once", async () => {
    const t = setUp();
    const job = { jobId: 'job-1', serviceId: 'b', runId: 'run-1' };
    await runCheckJob(t.deps, job);
    await runCheckJob(t.deps, job);
    const row = t.checks.rowOf('b');
    expect(row?.result).toMatchObject({ status: 'error', httpStatus: 404, suggestedAction: 'review' });
    expect(row?.checkedAt).toEqual(NOW);
    expect(row?.nextCheckDue).toEqual(new Date(NOW.getTime() + DAY));
    expect(t.runs.done.get('run-1')).toEqual(new Set(['job-1']));
  });

  it('a job for a service that is gone stores nothing and still counts for its run, so the run can finish', async () => {
    const t = setUp();
    await runCheckJob(t.deps, { jobId: 'job-9', serviceId: 'gone', runId: 'run-1' });
    expect(t.checks.rows.size).toBe(0);
    expect(t.sites.asked).toEqual([]);
    expect(t.runs.done.get('run-1')?.size).toBe(1);
  });

  it('"check now" answers the status and whether to review, and stores the result', async () => {
    const t = setUp();
    expect(await checkServiceNow(t.deps, 'a')).toEqual({ result: { status: 'accessible' }, suggestedAction: null });
    expect(await checkServiceNow(t.deps, 'b')).toEqual({ result: { status: 'error' }, suggestedAction: 'review' });
    expect(t.checks.rowOf('a')?.nextCheckDue).toEqual(new Date(NOW.getTime() + 7 * DAY));
    await expect(checkServiceNow(t.deps, 'nope')).rejects.toMatchObject({ status: 404, message: 'There is no such service to check.' });
  });
});

describe('reviewing checks', () => {
  it('marking checks closed announces each service, with who closed it, so svc-catalog closes the listing; each check once however often named', async () => {
    const t = setUp();
    const a = t.checks.add('a');
    const b = t.checks.add('b');
    const by = { userId: 'user-boss', email: 'boss@example.com' };
    expect(await reviewChecks(t.deps, [a.id, b.id, a.id], 'closed', by)).toEqual({ reviewed: 2 });
    expect(t.checks.written.map((e) => [e.type, e.payload])).toEqual([
      ['checker.service.closed-confirmed', { serviceId: 'a', checkId: a.id, byUserId: 'user-boss', byEmail: 'boss@example.com' }],
      ['checker.service.closed-confirmed', { serviceId: 'b', checkId: b.id, byUserId: 'user-boss', byEmail: 'boss@example.com' }],
    ]);
    expect(t.events.relays).toBe(1);
    expect(a.reviewAction).toBe('closed');
  });

  it('ignoring until the next check announces nothing; reviewing checks none of which exist is a 404', async () => {
    const t = setUp();
    const a = t.checks.add('a');
    expect(await reviewChecks(t.deps, [a.id], 'ignored', { userId: 'u', email: 'e@example.com' })).toEqual({ reviewed: 1 });
    expect(t.checks.written).toEqual([]);
    expect(a.reviewAction).toBe('ignored');
    await expect(reviewChecks(t.deps, ['check-404'], 'closed', { userId: 'u', email: 'e@example.com' })).rejects.toMatchObject({ status: 404 });
  });
});

describe('the status box of website checks', () => {
  it('counts the services to check, those never checked, checks of the last 30 days and of the last hour, and the latest run', async () => {
    const t = setUp([service('a'), service('b'), service('c'), service('d', { status: 'draft' })]);
    t.checks.add('a', { checkedAt: new Date(NOW.getTime() - 10 * 60_000) });
    t.checks.add('b', { checkedAt: new Date(NOW.getTime() - 3 * DAY) });
    t.checks.add('d', { checkedAt: new Date(NOW.getTime() - 31 * DAY) });
    t.checks.add('c');
    await queueBulkCheck(t.deps, 'all');
    expect(await bulkCheckStatus(t.deps)).toEqual({
      totalServices: 3,
      uncheckedCount: 1,
      recentChecks: 2,
      checksLastHour: 1,
      mostRecentCheckAt: new Date(NOW.getTime() - 10 * 60_000).toISOString(),
      run: { queued: 3, done: 0, startedAt: expect.any(String), finishedAt: null },
    });
  });
});
