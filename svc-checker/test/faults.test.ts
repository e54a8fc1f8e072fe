import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import amqp from 'amqplib';
import type { Connection } from 'mongoose';
import type { BulkCheckStatus } from '@mealprep/contracts';
import { connectDatabase, signIdentity } from '@mealprep/service-kit';
import { silentLogger, startPrivateBroker, startServiceProcess, TEST_IDENTITY_SECRET, testOutbox, type PrivateBroker, type ServiceProcess } from '@mealprep/service-kit/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM helper without types
import { startFerretdb } from '../../scripts/lib/ferretdb.mjs';
import { checkerRepositories } from '../src/app';
import { closedPort, siteMix, startFakeSites, type MixedSite } from './fake-sites';

const SITES = 200;
/** Signed per call: a signed identity is only good for a short while. */
const admin = () => signIdentity({ userId: 'boss', email: 'boss@example.com', roles: ['admin'] }, TEST_IDENTITY_SECRET);
const serviceId = (n: number) => `65b${n.toString(16).padStart(21, '0')}`;

/**
 * A bulk check of 200 local sites (fast, slow, hanging, 500, redirect chains, parked, refused, 404,
 * blank) while svc-checker is killed or RabbitMQ restarts halfway. svc-checker runs as its own
 * process, on a FerretDB and a RabbitMQ node of this file's own, so both may be broken and restored.
 */
describe('a bulk website check when svc-checker crashes or RabbitMQ restarts halfway', () => {
  let rabbit: PrivateBroker;
  let sites: Awaited<ReturnType<typeof startFakeSites>>;
  let mix: MixedSite[];
  let world: { ferret: { uri: string; stop: () => Promise<void> }; dataDir: string; connection: Connection; checker: ServiceProcess | null; env: Record<string, string>; prefix: string } | null = null;
  let worlds = 0;

  beforeAll(async () => {
    rabbit = await startPrivateBroker();
    sites = await startFakeSites();
    mix = siteMix(SITES, sites, await closedPort(), 1_000);
  }, 120_000);
  afterAll(async () => {
    await sites?.close();
    await rabbit?.stop();
  }, 60_000);
  afterEach(async () => {
    if (!world) return;
    await world.checker?.stop();
    await world.connection.close();
    await world.ferret.stop();
    rmSync(world.dataDir, { recursive: true, force: true });
    world = null;
  }, 60_000);

  /** A fresh database holding the 200 services, and svc-checker started on it. */
  async function startWorld() {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'mealprep-checker-faults-'));
    const ferret = await startFerretdb({ dataDir });
    const connection = await connectDatabase(ferret.uri, 'checker', silentLogger);
    await checkerRepositories(connection, testOutbox(connection)).services.sync(
      mix.map((site, n) => ({ id: serviceId(n), name: `Kitchen ${n}`, slug: `kitchen-${n}`, website: site.website, status: 'published', version: 1 })),
      new Date(),
    );
    worlds += 1;
    const prefix = `faults${worlds}`;
    const env = {
      MONGODB_URI: ferret.uri,
      AMQP_URL: rabbit.url,
      AMQP_PREFIX: prefix,
      IDENTITY_SECRET: TEST_IDENTITY_SECRET,
      CHECK_ALLOW_HOSTS: '127.0.0.1',
      CHECK_TIMEOUT_MS: '4000',
      CHECK_RETRY_DELAYS_MS: '300,600',
      CHECK_JOB_RETRY_DELAYS_MS: '500,1000,2000',
      CHECK_SCHEDULE_INTERVAL_MS: '3600000',
    };
    world = { ferret, dataDir, connection, env, prefix, checker: await startServiceProcess('svc-checker/src/server.ts', env) };
    return world;
  }

  const call = async <T>(method: string, url: string): Promise<{ status: number; body: T }> => {
    const answer = await fetch(url, { method, headers: admin(), signal: AbortSignal.timeout(30_000) });
    return { status: answer.status, body: (await answer.json()) as T };
  };
  const status = async (checker: ServiceProcess) => (await call<BulkCheckStatus>('GET', `${checker.url}/admin/checks/status`)).body;
  const runDone = async (checker: ServiceProcess) => (await status(checker).catch(() => null))?.run?.done ?? -1;

  /** Every service has exactly one current result from this run, as its site deserves, and no job is left anywhere. */
  async function expectEveryServiceCheckedOnce(connection: Connection, runStartedAt: number, prefix: string) {
    const checks = await connection.collection('website_checks').find({}).toArray();
    expect(checks).toHaveLength(SITES);
    expect(new Set(checks.map((c) => c.serviceId)).size).toBe(SITES);
    const wrong = checks
      .map((c) => {
        const n = Number.parseInt(String(c.serviceId).slice(3), 16);
        return { n, kind: mix[n]!.kind, expected: mix[n]!.expected, status: c.status, checkedAt: c.checkedAt as Date | null, queuedAt: c.queuedAt };
      })
      .filter((c) => c.status !== c.expected || !c.checkedAt || c.checkedAt.getTime() < runStartedAt || c.queuedAt !== null);
    expect(wrong).toEqual([]);
    const connection2 = await amqp.connect(rabbit.url);
    try {
      const channel = await connection2.createChannel();
      // Jobs done but not yet acknowledged when the connection broke come back once; each is seen
      // as done and dropped. Under a full run's load that takes a moment after the run finished.
      for (const queue of [`${prefix}.website-checks`, `${prefix}.website-checks.dead`]) {
        await expect.poll(async () => (await channel.checkQueue(queue)).messageCount, { message: queue, timeout: 30_000, interval: 250 }).toBe(0);
      }
    } finally {
      await connection2.close();
    }
  }

  it('when svc-checker is killed (SIGKILL) halfway through Check All and started again, then every site ends with exactly one current result and the run finishes', async () => {
    const { connection, env, prefix } = await startWorld();
    const first = world!.checker!;
    const runStartedAt = Date.now() - 1_000;
    expect(await call('POST', `${first.url}/admin/checks/run-all`)).toEqual({ status: 202, body: { queued: SITES } });
    await expect.poll(() => runDone(first), { timeout: 30_000, interval: 50 }).toBeGreaterThanOrEqual(SITES / 2);
    await first.crash();
    const doneAtCrash = (await connection.collection('check_run_jobs_done').countDocuments()) as number;
    expect(doneAtCrash).toBeLessThan(SITES);

    const second = await startServiceProcess('svc-checker/src/server.ts', env, { port: first.port });
    world!.checker = second;
    await expect.poll(async () => (await status(second)).run, { timeout: 60_000, interval: 500 }).toMatchObject({ queued: SITES, done: SITES, finishedAt: expect.any(String) });
    expect(await status(second)).toMatchObject({ totalServices: SITES, uncheckedCount: 0 });
    await expectEveryServiceCheckedOnce(connection, runStartedAt, prefix);
  }, 120_000);

  it('when RabbitMQ restarts halfway through Check All, then svc-checker reconnects by itself, the run finishes, and it can queue again', async () => {
    const { connection, prefix, checker } = await startWorld();
    const runStartedAt = Date.now() - 1_000;
    expect(await call('POST', `${checker!.url}/admin/checks/run-all`)).toEqual({ status: 202, body: { queued: SITES } });
    await expect.poll(() => runDone(checker!), { timeout: 30_000, interval: 50 }).toBeGreaterThanOrEqual(SITES / 4);
    expect(await runDone(checker!)).toBeLessThan(SITES);
    await rabbit.restart();
    // Reconnects back off (1 s, 2.2 s, 4.8 s, 10.6 s, 23 s, 51 s… as the design says), so allow for a slow restart.
    await expect.poll(async () => (await fetch(`${checker!.url}/readyz`)).status, { timeout: 150_000, interval: 500 }).toBe(200);
    await expect.poll(async () => await status(checker!), { timeout: 60_000, interval: 500 }).toMatchObject({ run: { queued: SITES, done: SITES, finishedAt: expect.any(String) } });
    expect(checker!.child.exitCode).toBeNull();
    await expectEveryServiceCheckedOnce(connection, runStartedAt, prefix);

    // Queueing works again on the new connection.
    expect(await call('POST', `${checker!.url}/admin/checks/services/${serviceId(0)}/check`)).toEqual({ status: 200, body: { result: { status: 'accessible' }, suggestedAction: null } });
    expect(await call('POST', `${checker!.url}/admin/checks/run-all`)).toEqual({ status: 202, body: { queued: SITES } });
    await expect.poll(async () => (await status(checker!)).run?.done, { timeout: 60_000, interval: 500 }).toBe(SITES);
  }, 300_000);
  afterEach((context) => {
    if (context.task.result?.state === 'fail') console.log(world?.checker?.output());
  });
});
