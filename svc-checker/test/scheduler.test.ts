import { connectDatabase, Lease } from '@mealprep/service-kit';
import { silentLogger, testBroker, testDatabase, testOutbox } from '@mealprep/service-kit/testing';
import type { Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { checkerRepositories, ensureCheckerIndexes } from '../src/app';
import { CHECK_QUEUE, queueDueChecks } from '../src/domain/checks';
import { startScheduler } from '../src/entry-points/scheduler';

const id = (n: number) => `65b0000000000000000000${String(n).padStart(2, '0')}`;
const TURN_MS = 300;

describe('the website checks scheduler with several instances', () => {
  let db: Awaited<ReturnType<typeof testDatabase>>;
  let mq: Awaited<ReturnType<typeof testBroker>>;
  const connections: Connection[] = [];
  const jobs: string[] = [];

  beforeAll(async () => {
    db = await testDatabase('checker-scheduler');
    mq = await testBroker('checker-scheduler');
    const repositories = checkerRepositories(db.connection, testOutbox(db.connection));
    await ensureCheckerIndexes(repositories);
    // Ten published services whose checks fell due an hour ago.
    const due = new Date(Date.now() - 60 * 60_000);
    for (let n = 1; n <= 10; n += 1) {
      const service = { id: id(n), slug: `kitchen-${n}`, name: `Kitchen ${n}`, status: 'published' as const, website: `https://kitchen-${n}.example.com/`, version: 1 };
      await repositories.services.apply(service);
      await repositories.checks.recordResult(
        (await repositories.services.findById(service.id))!,
        { status: 'accessible', httpStatus: 200, errorMessage: null, flags: [], finalUrl: service.website, suggestedAction: null, attempts: 1, durationMs: 10 },
        due,
        due,
      );
    }
    await mq.broker.consumeJobs(CHECK_QUEUE, async (job) => void jobs.push((job as { serviceId: string }).serviceId));
    for (let i = 0; i < 3; i += 1) connections.push(await connectDatabase(inject('mongodbUri'), db.connection.name, silentLogger, { maxPoolSize: 2 }));
  });
  afterAll(async () => {
    for (const c of connections) await c.close();
    await mq?.destroy();
    await db?.drop();
  });

  it('when three instances run the scheduler with their turns at the same moments, then each due check is queued once', async () => {
    const turns: number[] = [0, 0, 0];
    let running = true;
    let turnsUnderWay = 0;
    const schedulers = connections.map((connection, i) => {
      const repositories = checkerRepositories(connection, testOutbox(connection));
      const domain = { ...repositories, check: {} as never, sendJobs: (list: unknown[]) => mq.broker.sendJobs(CHECK_QUEUE, list), events: testOutbox(connection), logger: silentLogger };
      return startScheduler({
        connection,
        intervalMs: TURN_MS,
        logger: silentLogger,
        queueDue: async () => {
          // Counted while all three run (once one stops, another may take over: that is meant).
          if (running) turns[i] = (turns[i] ?? 0) + 1;
          turnsUnderWay += 1;
          try {
            return await queueDueChecks(domain);
          } finally {
            turnsUnderWay -= 1;
          }
        },
      });
    });
    // Four turns: the one that holds the lease queues the ten, and the later turns find nothing due.
    await expect.poll(() => Math.max(...turns), { timeout: TURN_MS * 20 }).toBeGreaterThanOrEqual(4);
    running = false;
    await Promise.all(schedulers.map((s) => s.stop()));
    // No turn starts any more once the test holds the schedulers' lease (a turn that was asking for
    // it as they stopped may hold it until it lapses); then every turn has sent its jobs, confirmed,
    // and a marker goes behind them on the same queue.
    const lease = new Lease(db.connection, 'website-check-scheduler', 60_000);
    await expect.poll(() => lease.tryAcquire(), { timeout: TURN_MS * 10 }).toBe(true);
    await expect.poll(() => turnsUnderWay).toBe(0);
    await mq.broker.sendJobs(CHECK_QUEUE, [{ serviceId: 'marker' }]);
    await expect.poll(() => jobs.at(-1)).toBe('marker');
    expect(jobs.slice(0, -1).sort()).toEqual(Array.from({ length: 10 }, (_, n) => id(n + 1)));
    // Exactly one instance took the turns.
    expect(turns.filter((t) => t > 0)).toHaveLength(1);
  });

  it('when the instance that held the scheduler was killed and is started again in its place, then it schedules at its first turn, not once the lease lapses', async () => {
    const intervalMs = 2_000;
    // What the killed instance left: the lease, under its name, far from lapsing.
    await db.connection.collection('leases').deleteOne({ _id: 'website-check-scheduler' as never });
    const left = new Lease(db.connection, 'website-check-scheduler', intervalMs * 3, '127.0.0.1:7301');
    expect(await left.tryAcquire()).toBe(true);
    const started = Date.now();
    let firstTurnAt = 0;
    const scheduler = startScheduler({
      connection: connections[0]!,
      intervalMs,
      logger: silentLogger,
      holder: '127.0.0.1:7301',
      queueDue: async () => {
        firstTurnAt ||= Date.now() - started;
        return 0;
      },
    });
    try {
      await expect.poll(() => firstTurnAt, { timeout: intervalMs * 5 }).toBeGreaterThan(0);
      // Its first turn comes after one interval; the lease would have lapsed after three.
      expect(firstTurnAt).toBeLessThan(intervalMs * 2.5);
    } finally {
      await scheduler.stop();
    }
  });
});
