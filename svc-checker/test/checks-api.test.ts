import type { BulkCheckStatus, EventEnvelope, WebsiteCheckList } from '@mealprep/contracts';
import { createResolver, signIdentity } from '@mealprep/service-kit';
import { serve, silentLogger, TEST_IDENTITY_SECRET, testBroker, testDatabase, testOutbox } from '@mealprep/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkerDomain, createCheckerApp, ensureCheckerIndexes, checkerRepositories, type CheckerDeps } from '../src/app';
import { CHECK_QUEUE } from '../src/domain/checks';
import { consumeCheckJobs } from '../src/entry-points/mq/check-jobs';
import { subscribeCatalogEvents } from '../src/entry-points/mq/catalog-events';
import { startFakeSites } from './fake-sites';

const admin = signIdentity({ userId: 'boss', email: 'boss@example.com', roles: ['admin'] }, TEST_IDENTITY_SECRET);
const user = signIdentity({ userId: 'someone', email: 'someone@example.com', roles: [] }, TEST_IDENTITY_SECRET);
const id = (n: number) => `65a0000000000000000000${String(n).padStart(2, '0')}`;

describe('website checks through the API and the queue', () => {
  let db: Awaited<ReturnType<typeof testDatabase>>;
  let mq: Awaited<ReturnType<typeof testBroker>>;
  let http: Awaited<ReturnType<typeof serve>>;
  let sites: Awaited<ReturnType<typeof startFakeSites>>;
  const announced: EventEnvelope[] = [];

  beforeAll(async () => {
    db = await testDatabase('checker-api');
    mq = await testBroker('checker-api');
    sites = await startFakeSites();
    const deps: CheckerDeps = {
      logger: silentLogger,
      connection: db.connection,
      broker: mq.broker,
      identitySecret: TEST_IDENTITY_SECRET,
      jobRetryDelaysMs: [200],
      check: { allowHosts: ['127.0.0.1'], resolve: createResolver([]), userAgent: 'test-checker', timeoutMs: 3_000, maxBytes: 1024 * 1024, maxRedirects: 10, retryDelaysMs: [] },
    };
    const repositories = checkerRepositories(db.connection, testOutbox(db.connection));
    await ensureCheckerIndexes(repositories);
    await subscribeCatalogEvents({ broker: mq.broker, ...repositories, identitySecret: TEST_IDENTITY_SECRET, logger: silentLogger });
    await mq.broker.subscribe('checker-api-probe', ['checker.#'], async (event) => void announced.push(event));
    const domain = checkerDomain(deps);
    await consumeCheckJobs(mq.broker, domain, { prefetch: 10, retryDelaysMs: [200] });
    http = await serve(createCheckerApp(deps));
    const service = (n: number, name: string, status: string, website: string) =>
      mq.broker.publish('catalog.service.created', { serviceId: id(n), slug: name.toLowerCase().replace(/ /g, '-'), status: status as 'published', name, website });
    await service(1, 'Fresh Fork', 'published', `${sites.url}/ok`);
    await service(2, 'Gone Kitchen', 'published', `${sites.url}/404`);
    await service(3, 'Parked Pantry', 'pending', `${sites.url}/parked`);
    await service(4, 'Draft Kitchen', 'draft', `${sites.url}/ok`);
    await service(5, 'No Site Meals', 'published', '');
  });
  afterAll(async () => {
    await http?.close();
    await sites?.close();
    await mq?.destroy();
    await db?.drop();
  });

  const call = async <T>(method: string, path: string, headers: Record<string, string> = admin, body?: unknown) => {
    const response = await fetch(`${http.url}${path}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as T & { error?: { message: string } } };
  };
  const status = async () => (await call<BulkCheckStatus>('GET', '/admin/checks/status')).body;
  const list = async (filter = '') => (await call<WebsiteCheckList>('GET', `/admin/checks${filter}`)).body;

  it('when an admin checks the unchecked sites, then jobs are queued at once, the status box and progress follow, and the results are stored', async () => {
    await expect.poll(async () => (await status()).totalServices).toBe(3);
    expect(await status()).toMatchObject({ totalServices: 3, uncheckedCount: 3, recentChecks: 0, checksLastHour: 0, mostRecentCheckAt: null, run: null });
    const queued = await call<{ queued: number }>('POST', '/admin/checks/run-unchecked');
    expect(queued).toEqual({ status: 202, body: { queued: 3 } });
    await expect.poll(async () => (await status()).run?.done, { timeout: 10_000 }).toBe(3);
    const after = await status();
    expect(after).toMatchObject({ totalServices: 3, uncheckedCount: 0, recentChecks: 3, checksLastHour: 3, run: { queued: 3, done: 3 } });
    expect(after.run?.finishedAt).not.toBeNull();
    expect(Date.now() - Date.parse(after.mostRecentCheckAt!)).toBeLessThan(60_000);

    const unreviewed = await list();
    expect(unreviewed.items.map((c) => [c.serviceName, c.status, c.httpStatus]).sort()).toEqual([
      ['Gone Kitchen', 'error', 404],
      ['Parked Pantry', 'accessible', 200],
    ]);
    const all = await list('?filter=all');
    expect(all.total).toBe(3);
    const dates = all.items.map((c) => c.checkedAt!);
    expect(dates).toEqual([...dates].sort().reverse());
    const fresh = all.items.find((c) => c.serviceName === 'Fresh Fork')!;
    expect(fresh).toMatchObject({ status: 'accessible', suggestedAction: null, reviewAction: null, websiteUrl: `${sites.url}/ok` });
    expect(Date.parse(fresh.nextCheckDue!) - Date.parse(fresh.checkedAt!)).toBe(7 * 86_400_000);
    const gone = all.items.find((c) => c.serviceName === 'Gone Kitchen')!;
    expect(Date.parse(gone.nextCheckDue!) - Date.parse(gone.checkedAt!)).toBe(86_400_000);
    expect((await call<{ queued: number }>('POST', '/admin/checks/run-unchecked')).body).toEqual({ queued: 0 });

    const metrics = await (await fetch(`${http.url}/metrics`)).text();
    expect(metrics).toContain('website_checks_current{status="accessible"} 2');
    expect(metrics).toContain('website_checks_current{status="error"} 1');
    expect(metrics).toContain(`broker_queue_messages{queue="${CHECK_QUEUE}"} 0`);
    expect(metrics).toContain('http_requests_total{method="POST",route="/admin/checks/run-unchecked",status="202"} 2');
  });

  it('when an admin ignores one and closes another, then each leaves Unreviewed; closing is announced; the next check of the ignored one brings it back', async () => {
    const items = (await list()).items;
    const goneCheck = items.find((c) => c.serviceName === 'Gone Kitchen')!;
    const parkedCheck = items.find((c) => c.serviceName === 'Parked Pantry')!;
    expect((await call('POST', `/admin/checks/${goneCheck.id}/ignore`)).body).toEqual({ reviewed: 1 });
    expect((await call('POST', '/admin/checks/bulk/close', admin, { ids: [parkedCheck.id] })).body).toEqual({ reviewed: 1 });
    expect((await list()).total).toBe(0);
    const reviewed = await list('?filter=reviewed');
    expect(reviewed.items.map((c) => [c.serviceName, c.reviewAction]).sort()).toEqual([
      ['Gone Kitchen', 'ignored'],
      ['Parked Pantry', 'closed'],
    ]);
    await expect
      .poll(() => announced.filter((e) => e.type === 'checker.service.closed-confirmed').map((e) => e.payload))
      .toEqual([{ serviceId: id(3), checkId: parkedCheck.id, byUserId: 'boss', byEmail: 'boss@example.com' }]);

    expect((await call('POST', '/admin/checks/bulk/recheck', admin, { ids: [goneCheck.id] })).body).toEqual({ queued: 1 });
    await expect.poll(async () => (await list()).items.map((c) => c.serviceName), { timeout: 10_000 }).toEqual(['Gone Kitchen']);
  });

  it('when an admin checks one service now, then the answer carries the status and the suggested action', async () => {
    expect((await call('POST', `/admin/checks/services/${id(1)}/check`)).body).toEqual({ result: { status: 'accessible' }, suggestedAction: null });
    expect((await call('POST', `/admin/checks/services/${id(2)}/check`)).body).toEqual({ result: { status: 'error' }, suggestedAction: 'review' });
    expect((await call('POST', `/admin/checks/services/${id(9)}/check`)).status).toBe(404);
  });

  it('when the caller is not an admin or the input is wrong, then it is refused and nothing changes', async () => {
    const before = await list('?filter=all');
    for (const [method, path] of [
      ['GET', '/admin/checks'],
      ['GET', '/admin/checks/status'],
      ['POST', '/admin/checks/run-all'],
      ['POST', `/admin/checks/${before.items[0]!.id}/close`],
    ] as const) {
      expect((await call(method, path, user)).status, path).toBe(403);
      expect((await call(method, path, {})).status, path).toBe(401);
    }
    const bad: Array<[string, string, unknown, number]> = [
      ['POST', '/admin/checks/bulk/close', { ids: [] }, 400],
      ['POST', '/admin/checks/bulk/ignore', { ids: Array.from({ length: 1001 }, (_, i) => id(i % 100)) }, 400],
      ['POST', '/admin/checks/bulk/close', { ids: ['not-an-id'] }, 400],
      ['POST', '/admin/checks/bulk/close', { ids: [id(77)] }, 404],
      ['POST', '/admin/checks/bulk/close', { ids: [before.items[0]!.id], $where: 'x' }, 400],
      ['POST', '/admin/checks/run-all', { scope: 'everything' }, 400],
      ['POST', '/admin/checks/nope/ignore', undefined, 400],
      ['GET', '/admin/checks?filter=bogus', undefined, 400],
      ['GET', '/admin/checks?pageSize=100000', undefined, 400],
    ];
    for (const [method, path, body, expected] of bad) expect((await call(method, path, admin, body)).status, `${path} ${JSON.stringify(body)?.slice(0, 40)}`).toBe(expected);
    expect(await list('?filter=all')).toEqual(before);
    expect(announced.filter((e) => e.type === 'checker.service.closed-confirmed')).toHaveLength(1);
  });

  it('when svc-catalog deletes a service, then its check goes too', async () => {
    await mq.broker.publish('catalog.service.deleted', { serviceId: id(1), slug: 'fresh-fork', status: 'published' });
    await expect.poll(async () => (await list('?filter=all')).items.map((c) => c.serviceName).sort()).toEqual(['Gone Kitchen', 'Parked Pantry']);
    expect((await status()).totalServices).toBe(2);
  });
});
