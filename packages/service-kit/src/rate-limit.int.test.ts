import { silentLogger, testDatabase } from '@mealprep/service-kit/testing';
import type { Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectDatabase } from './database';
import { AppError } from './errors';
import { storedLimit } from './rate-limit';

/** A limit kept in the database: each "instance" here is a client of its own on the default database (or MONGODB_URI). */
describe('a limit held across the instances of a service', () => {
  let db: Awaited<ReturnType<typeof testDatabase>>;
  const clients: Connection[] = [];

  beforeAll(async () => {
    db = await testDatabase('rate-limit');
    for (let i = 0; i < 4; i += 1) clients.push(await connectDatabase(inject('mongodbUri'), db.connection.name, silentLogger, { maxPoolSize: 2 }));
  });
  afterAll(async () => {
    for (const client of clients) await client.close();
    await db?.drop();
  });

  const outcome = (consume: Promise<void>) =>
    consume.then(
      () => 'taken',
      (err: unknown) => (err instanceof AppError && err.status === 429 ? `refused ${String(err.retryAfterSeconds)}` : err),
    );

  it('when 4 instances take 12 of one key at once with a limit of 5, then exactly 5 are taken and the rest refused with the wait; another key has its own', async () => {
    const limits = clients.map((c) => storedLimit(c, { name: 'test-burst', points: 5, windowMs: 60_000, message: 'Too many.' }));
    const outcomes = await Promise.all(Array.from({ length: 12 }, (_, i) => outcome(limits[i % limits.length]!('client-a'))));
    expect(outcomes.filter((o) => o === 'taken')).toHaveLength(5);
    for (const refused of outcomes.filter((o) => o !== 'taken')) expect(refused).toMatch(/^refused (5\d|60)$/);
    expect(await outcome(limits[0]!('client-b'))).toBe('taken');
    // One small document per key, found by its _id.
    expect(await db.connection.collection('rate_limits').findOne({ _id: 'test-burst:client-a' as never })).toMatchObject({ taken: 5 });
  });

  it('when a window ends, then the key may send again, and the sweep removes finished windows and the documents of the earlier library', async () => {
    let clock = Date.now();
    const limit = storedLimit(clients[0]!, { name: 'test-short', points: 1, windowMs: 300, message: 'Too many.', now: () => clock });
    await db.connection.collection('rate_limits').insertOne({ key: 'lead-client:old', points: 3, expire: new Date(Date.now() + 86_400_000) });
    expect(await outcome(limit('k'))).toBe('taken');
    expect(await outcome(limit('k'))).toBe('refused 1');
    clock += 350;
    expect(await outcome(limit('k'))).toBe('taken');
    // Sweeps run one consume in fifty: enough consumes of other keys make one.
    clock += 350;
    // (A sweep runs in the background: one may have begun before k's window ended; look until both are gone.)
    const left = async () =>
      (await db.connection.collection('rate_limits').countDocuments({ key: 'lead-client:old' })) + (await db.connection.collection('rate_limits').countDocuments({ _id: 'test-short:k' as never }));
    for (let i = 0; i < 400 && (await left()) > 0; i += 1) await limit(`other-${i}`);
    expect(await db.connection.collection('rate_limits').countDocuments({ key: 'lead-client:old' })).toBe(0);
    expect(await db.connection.collection('rate_limits').countDocuments({ _id: 'test-short:k' as never })).toBe(0);
  });
});
