import { silentLogger, testDatabase } from '@mealprep/service-kit/testing';
import type { Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectDatabase } from './database';
import { Lease, underLease } from './lease';

/** Leases between instances: each "instance" here is a client of its own on the default database (or MONGODB_URI). */
describe('a lease shared by the instances of a service', () => {
  let db: Awaited<ReturnType<typeof testDatabase>>;
  const clients: Connection[] = [];

  beforeAll(async () => {
    db = await testDatabase('lease');
    for (let i = 0; i < 10; i += 1) clients.push(await connectDatabase(inject('mongodbUri'), db.connection.name, silentLogger, { maxPoolSize: 2 }));
  });
  afterAll(async () => {
    for (const client of clients) await client.close();
    await db?.drop();
  });

  it('when 10 instances try to take a free lease at once, then exactly one holds it; it keeps it while it renews, and another takes it once it lapses', async () => {
    const leases = clients.map((c, i) => new Lease(c, 'scheduler', 300, `instance-${i}`));
    const taken = await Promise.all(leases.map((l) => l.tryAcquire()));
    expect(taken.filter(Boolean)).toHaveLength(1);
    const holder = leases[taken.indexOf(true)]!;
    const others = leases.filter((l) => l !== holder);
    expect(await holder.tryAcquire()).toBe(true);
    expect((await Promise.all(others.map((l) => l.tryAcquire()))).some(Boolean)).toBe(false);
    // The holder stops renewing (it died): after the lease lapses, exactly one other takes it.
    const later = Date.now() + 1_000;
    const next = await Promise.all(others.map((l) => l.tryAcquire(later)));
    expect(next.filter(Boolean)).toHaveLength(1);
    expect(await holder.tryAcquire(later)).toBe(false);
  });

  it('when 5 instances each run a seed under the same lease, then the seeds run one after another, never two at once', async () => {
    let running = 0;
    let most = 0;
    const order: number[] = [];
    await Promise.all(
      clients.slice(0, 5).map((client, i) =>
        underLease(
          client,
          'seed',
          async () => {
            running += 1;
            most = Math.max(most, running);
            await new Promise((r) => setTimeout(r, 30));
            order.push(i);
            running -= 1;
          },
          { pollMs: 10 },
        ),
      ),
    );
    expect(most).toBe(1);
    expect(order.sort()).toEqual([0, 1, 2, 3, 4]);
    // Each gave the lease back: a new holder takes it at once.
    expect(await new Lease(clients[0]!, 'seed', 1_000).tryAcquire()).toBe(true);
  });

  it('when an instance is killed while it holds a lease, then the instance started again in its place (its name) takes it over at once; another still waits until it lapses', async () => {
    // Taken and never given back: its holder was killed.
    expect(await new Lease(clients[0]!, 'first-seed', 30_000, 'host-a:4100').tryAcquire()).toBe(true);
    const work = async () => 'seeded';
    await expect(underLease(clients[1]!, 'first-seed', work, { waitMs: 300, pollMs: 20 })).rejects.toThrow('was not free');
    await expect(underLease(clients[2]!, 'first-seed', work, { holder: 'host-a:4100', waitMs: 5_000 })).resolves.toBe('seeded');
    // Given back once that work ended: the others take it at once.
    expect(await new Lease(clients[1]!, 'first-seed', 1_000).tryAcquire()).toBe(true);
  });
});
