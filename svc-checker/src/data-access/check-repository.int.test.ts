import { silentLogger, testDatabase, testOutbox } from '@mealprep/service-kit/testing';
import { Broker, OUTBOX_FIELD } from '@mealprep/service-kit';
import { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkRepository, type CheckRepository } from './check-repository';

/**
 * Reviews of many checks go in bulk writes (one update by _id per check): each check found is
 * reviewed with its own events in the same write, and a check gone meanwhile is not counted and
 * announces nothing.
 */
describe('reviewing many checks at once', () => {
  let db: Awaited<ReturnType<typeof testDatabase>>;
  let checks: CheckRepository;
  let outbox: ReturnType<typeof testOutbox>;
  const broker = new Broker({ url: 'amqp://127.0.0.1:9', prefix: 'idle', source: 'test', logger: silentLogger });

  beforeAll(async () => {
    db = await testDatabase('check-reviews');
    outbox = testOutbox(db.connection);
    checks = checkRepository(db.connection, outbox);
    await checks.ensureIndexes();
  });
  afterAll(async () => {
    await outbox?.stop();
    await db?.drop();
  });

  const services = (n: number, label: string) =>
    Array.from({ length: n }, (_, i) => ({ id: String(new Types.ObjectId()), name: `${label} ${i}`, slug: `${label}-${i}`, website: `https://${label}-${i}.example.com`, status: 'published' }));

  it('when 120 checks are reviewed (more updates than one command takes) and one was removed meanwhile, then the others are reviewed, each carrying its own event, and the removed one is neither counted nor announced', async () => {
    const listed = services(120, 'review');
    const now = new Date('2026-02-01T12:00:00.000Z');
    await checks.addMissing(listed, now);
    const found = await checks.findByIds(
      (
        await db.connection
          .collection('website_checks')
          .find({}, { projection: { _id: 1 } })
          .toArray()
      ).map((d) => String(d._id)),
    );
    expect(found).toHaveLength(120);
    const removed = found[57]!;
    await checks.removeService(removed.serviceId);

    const queuedBefore = outbox.queued;
    const announced: string[] = [];
    const reviewed = await checks.review(found, 'closed', now, (check) => {
      const event = broker.envelope('checker.service.closed-confirmed', { serviceId: check.serviceId, checkId: check.id, byUserId: 'admin-1', byEmail: 'admin@example.com' });
      announced.push(check.id);
      return [event];
    });
    expect(reviewed).toBe(119);
    // Every check was asked for its events; only the 119 written carry them and wait to be relayed.
    expect(announced).toHaveLength(120);
    expect(outbox.queued - queuedBefore).toBe(119);

    const rows = await db.connection.collection('website_checks').find({}).toArray();
    expect(rows).toHaveLength(119);
    for (const row of rows) {
      expect(row).toMatchObject({ reviewed: true, reviewAction: 'closed', reviewedAt: now });
      const stored = (row[OUTBOX_FIELD] as string[]).map((text) => JSON.parse(text) as { payload: { checkId: string } });
      expect(stored.map((e) => e.payload.checkId)).toEqual([String(row._id)]);
    }
    expect(rows.some((row) => String(row._id) === removed.id)).toBe(false);
  });

  it('when no check is given, then nothing is written', async () => {
    expect(await checks.review([], 'ignored', new Date(), () => [])).toBe(0);
  });
});
