import { connectDatabase } from '@mealprep/service-kit';
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
    const schedulers = connections.map((connection, i) => {
      const repositories = checkerRepositories(connection, testOutbox(connection));
      const domain = { ...repositories, check: {} as never, sendJobs: (list: unknown[]) => mq.broker.sendJobs(CHECK_QUEUE, list), events: testOutbox(connection), logger: silentLogger };
      return startScheduler({
        connection,
        intervalMs: TURN_MS,
        logger: silentLogger,
        queueDue: async () => {
          turns[i] = (turns[i] ?? 0) + 1;
          return queueDueChecks(domain);
        },
      });
    });
    // Four turns: the one that holds the lease queues the ten, and the later turns find nothing due.
    await new Promise((r) => setTimeout(r, TURN_MS * 4 + 100));
    await Promise.all(schedulers.map((s) => s.stop()));
    await expect.poll(() => jobs.length).toBe(10);
    expect([...new Set(jobs)].sort()).toEqual(Array.from({ length: 10 }, (_, n) => id(n + 1)));
    // Exactly one instance took the turns.
    expect(turns.filter((t) => t > 0)).toHaveLength(1);
  });
});
