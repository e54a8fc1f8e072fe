import { connectDatabase, OUTBOX_FIELD, signIdentity } from '@mealprep/service-kit';
import { Types } from 'mongoose';
import { silentLogger, TEST_IDENTITY_SECRET } from '@mealprep/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { callApi, listing, SERVICES, signIn, startSystem, type RunningSystem } from './system';

/**
 * The whole back end as `npm start` runs it (four services and the gateway, each its own
 * process), on a FerretDB and a RabbitMQ node of this file's own, so each may be stopped and
 * started again: a service killed, the database stopped, the broker restarted. Each test restores
 * what it broke.
 */
describe('the system when a part fails and comes back', () => {
  let system: RunningSystem;
  const services = () => system.services;
  const readiness = async (url: string) => {
    const answer = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(5_000) }).catch(() => null);
    return answer ? { status: answer.status, body: (await answer.json()) as { checks: Record<string, boolean> } } : null;
  };
  const allReady = async () => Promise.all([...SERVICES.map((name) => readiness(services()[name].url)), readiness(system.gateway.url)]).then((all) => all.map((r) => r?.status));
  const regions = async () => {
    const answer = await fetch(`${system.gateway.url}/api/catalog/regions`, { signal: AbortSignal.timeout(10_000) });
    return { status: answer.status, body: (await answer.json()) as { items?: unknown[]; error?: { code: string; service?: string } } };
  };

  beforeAll(async () => {
    // Debug level: every request is logged, so a request id can be followed from process to process.
    system = await startSystem({ LOG_LEVEL: 'debug', ADMIN_EMAILS: 'boss@example.com' });
  }, 300_000);
  afterAll(async () => system?.stop(), 120_000);

  it('when a request comes with a request id, then the gateway and the service it reaches both log it, and every log line is JSON', async () => {
    const id = `trace-${Date.now()}`;
    const answer = await fetch(`${system.gateway.url}/api/catalog/regions`, { headers: { 'x-request-id': id } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-request-id')).toBe(id);
    const linesOf = (output: string) =>
      output
        .split('\n')
        .slice(1)
        .filter((line) => line.trim() !== '');
    const logged = (output: string) => linesOf(output).some((line) => (JSON.parse(line) as { requestId?: string }).requestId === id);
    await expect.poll(() => logged(system.gateway.output()), { timeout: 5_000 }).toBe(true);
    await expect.poll(() => logged(services()['svc-catalog'].output()), { timeout: 5_000 }).toBe(true);
    // The first line of a captured tail may be cut; every whole line is a JSON object.
    for (const process of [system.gateway, ...SERVICES.map((name) => services()[name])]) {
      for (const line of linesOf(process.output())) expect(() => JSON.parse(line), line.slice(0, 200)).not.toThrow();
    }
  });

  it('when svc-catalog is killed, then the gateway answers 503 JSON naming it; when it is started again, the gateway serves it again by itself', async () => {
    expect((await regions()).status).toBe(200);
    const { port } = services()['svc-catalog'];
    await services()['svc-catalog'].crash();
    await expect.poll(async () => (await regions()).status, { timeout: 15_000, interval: 200 }).toBe(503);
    expect((await regions()).body).toMatchObject({ error: { code: 'service_unavailable', service: 'catalog' } });
    expect(system.gateway.child.exitCode).toBeNull();

    await system.startService('svc-catalog', port);
    await expect.poll(async () => (await regions()).status, { timeout: 30_000, interval: 500 }).toBe(200);
    expect((await regions()).body.items?.length).toBeGreaterThan(0);
  }, 180_000);

  it('when the database stops, then every service reports not ready without exiting and the catalogue, lists and service pages, is still read from memory; when it is back, they recover without a restart', async () => {
    const pids = SERVICES.map((name) => services()[name].child.pid);
    await system.stopDatabase();
    try {
      for (const name of SERVICES) {
        await expect.poll(async () => (await readiness(services()[name].url))?.body.checks.database, { timeout: 60_000, interval: 500 }).toBe(false);
      }
      const during = await regions();
      expect(during.status).toBe(200);
      expect(during.body.items?.length).toBeGreaterThan(0);
      // A service page too: the public listings are kept in memory.
      const listed = (await (await fetch(`${system.gateway.url}/api/catalog/services?pageSize=1`)).json()) as { items: Array<{ slug: string }> };
      expect((await fetch(`${system.gateway.url}/api/catalog/services/by-slug/${listed.items[0]!.slug}`, { signal: AbortSignal.timeout(10_000) })).status).toBe(200);
    } finally {
      await system.startDatabase();
    }
    await expect.poll(allReady, { timeout: 90_000, interval: 1_000 }).toEqual([200, 200, 200, 200, 200]);
    expect(SERVICES.map((name) => services()[name].child.exitCode)).toEqual([null, null, null, null]);
    expect(SERVICES.map((name) => services()[name].child.pid)).toEqual(pids);
    expect((await regions()).status).toBe(200);
  }, 240_000);

  it('when RabbitMQ restarts, then every service and the gateway reconnect by themselves, none of them restarted', async () => {
    await system.rabbit.restart();
    // Reconnects back off (1 s, 2.2 s, 4.8 s, 10.6 s, 23 s, 51 s… as the design says).
    await expect.poll(allReady, { timeout: 150_000, interval: 1_000 }).toEqual([200, 200, 200, 200, 200]);
    for (const name of SERVICES) expect((await readiness(services()[name].url))?.body.checks.broker, name).toBe(true);
    expect([...SERVICES.map((name) => services()[name].child.exitCode), system.gateway.child.exitCode]).toEqual([null, null, null, null, null]);
  }, 240_000);

  it('when RabbitMQ is down while an admin publishes a listing, then the listing holds its new status and the event together; svc-catalog killed meanwhile, once both are back the owner gets the mail', async () => {
    const owner = await signIn(system, 'outbox-owner@example.com');
    const admin = await signIn(system, 'boss@example.com');
    const created = await callApi(system.gateway.url, owner, 'POST', '/api/catalog/services', listing('Outbox Kitchen', 'outbox-kitchen'));
    expect(created.status).toBe(201);
    const { id } = JSON.parse(created.text) as { id: string };
    const mails = () =>
      readdirSync(path.join(system.dataDir, 'outbox'))
        .map((name) => readFileSync(path.join(system.dataDir, 'outbox', name), 'utf8').replace(/=\r?\n/g, ''))
        .filter((text) => text.includes('outbox-owner@example.com') && text.includes('Outbox Kitchen is now listed'));
    /** The listing as svc-catalog stored it: its status, and the events it still carries. */
    const stored = async () => {
      const connection = await connectDatabase(system.mongodbUri, 'catalog', silentLogger);
      try {
        const doc = await connection.collection('services').findOne({ _id: new Types.ObjectId(id) });
        return { status: doc?.status, events: ((doc?.[OUTBOX_FIELD] ?? []) as string[]).map((text) => JSON.parse(text) as { type: string; payload: { status: string } }) };
      } finally {
        await connection.close();
      }
    };

    const { port } = services()['svc-catalog'];
    await system.rabbit.stopNode();
    try {
      await expect.poll(async () => (await readiness(services()['svc-catalog'].url))?.body.checks.broker, { timeout: 30_000, interval: 250 }).toBe(false);
      const published = await callApi(system.gateway.url, admin, 'PATCH', `/api/catalog/admin/services/${id}/status`, { status: 'published' });
      expect(published.status).toBe(200);
      expect((await callApi(system.gateway.url, undefined, 'GET', '/api/catalog/services/by-slug/outbox-kitchen')).status).toBe(200);
      // One write: the status and the event that reports it are stored together.
      expect(await stored()).toMatchObject({ status: 'published', events: [{ type: 'catalog.service.status-changed', payload: { status: 'published' } }] });
      // Not relayed: the document still holds its event (the relay lets go of it once the broker has
      // it), so no mail can have gone out.
      expect(mails()).toEqual([]);
      // The process that made the change dies before it could relay it.
      await services()['svc-catalog'].crash();
    } finally {
      await system.rabbit.startNode();
    }
    await system.startService('svc-catalog', port);
    await expect.poll(allReady, { timeout: 150_000, interval: 1_000 }).toEqual([200, 200, 200, 200, 200]);
    await expect.poll(() => mails().length, { timeout: 60_000, interval: 500 }).toBe(1);
    expect(await stored()).toEqual({ status: 'published', events: [] });
  }, 300_000);

  it('when svc-checker starts while svc-catalog is down, then it builds its copy of the services as soon as svc-catalog is back', async () => {
    const admin = () => signIdentity({ userId: 'ops', email: 'ops@example.com', roles: ['admin'] }, TEST_IDENTITY_SECRET);
    const totalServices = async () => {
      const answer = await fetch(`${services()['svc-checker'].url}/admin/checks/status`, { headers: admin() }).catch(() => null);
      return answer?.ok ? ((await answer.json()) as { totalServices: number }).totalServices : -1;
    };
    const before = await totalServices();
    expect(before).toBeGreaterThan(0);
    const catalogPort = services()['svc-catalog'].port;
    const checkerPort = services()['svc-checker'].port;
    await services()['svc-catalog'].crash();
    await services()['svc-checker'].crash();
    // A fresh copy: the checker's own database is emptied while it is down.
    const connection = await connectDatabase(system.mongodbUri, 'checker', silentLogger);
    await connection.collection('services').deleteMany({});
    await connection.close();
    await system.startService('svc-checker', checkerPort);
    expect(await totalServices()).toBe(0);
    await system.startService('svc-catalog', catalogPort);
    await expect.poll(totalServices, { timeout: 60_000, interval: 500 }).toBe(before);
  }, 180_000);
});
