import { inject } from 'vitest';
import type { EventEnvelope } from '@mealprep/contracts';
import { silentLogger, testBroker, testDatabase, uniqueName } from '@mealprep/service-kit/testing';
import { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Broker } from './broker';
import { Outbox } from './outbox';

describe('outbox: events that must not be lost', () => {
  let db: Awaited<ReturnType<typeof testDatabase>>;
  let listener: Awaited<ReturnType<typeof testBroker>>;
  const received: EventEnvelope[] = [];
  const publishers: Broker[] = [];

  /** A publishing client on the listener's exchange, not connected until the test says so. */
  const publisherBroker = () => {
    const broker = new Broker({ url: inject('amqpUrl'), prefix: listener.prefix, source: 'test-outbox', logger: silentLogger, backoff: { baseMs: 50, factor: 2, maxMs: 200, jitter: 0 } });
    publishers.push(broker);
    return broker;
  };

  beforeAll(async () => {
    db = await testDatabase('outbox');
    listener = await testBroker('outbox');
    await listener.broker.subscribe(uniqueName('outbox-listener'), ['catalog.#'], async (event) => {
      received.push(event);
    });
  });
  afterAll(async () => {
    for (const broker of publishers) await broker.close();
    await listener?.destroy();
    await db?.drop();
  });

  it('when the broker is away, then publishing still succeeds, and the events go out in order, once each, as soon as it is back', async () => {
    const broker = publisherBroker();
    const outbox = new Outbox({ connection: db.connection, broker, logger: silentLogger, collection: 'outbox_away', retryMs: 100 });
    const sent = [];
    for (const slug of ['first', 'second', 'third']) sent.push(await outbox.publish('catalog.articles.changed', { slugs: [slug] }));
    expect(await outbox.pending()).toBe(3);
    await new Promise((r) => setTimeout(r, 300));
    expect(received.filter((e) => e.source === 'test-outbox')).toEqual([]);

    await broker.connect();
    await expect.poll(() => received.filter((e) => e.source === 'test-outbox').map((e) => e.payload), { timeout: 10_000 }).toEqual([
      { slugs: ['first'] },
      { slugs: ['second'] },
      { slugs: ['third'] },
    ]);
    expect(received.filter((e) => e.source === 'test-outbox').map((e) => e.id)).toEqual(sent.map((e) => e.id));
    expect(await outbox.pending()).toBe(0);

    // Connected: the next event is on the broker by the time publish resolves.
    await outbox.publish('catalog.articles.changed', { slugs: ['fourth'] });
    expect(await outbox.pending()).toBe(0);
    await expect.poll(() => received.filter((e) => e.source === 'test-outbox').length).toBe(4);
    await outbox.stop();
  });

  it('when events were left stored by a process that stopped, then a new outbox on the same collection relays them', async () => {
    const before = new Outbox({ connection: db.connection, broker: publisherBroker(), logger: silentLogger, collection: 'outbox_left' });
    const left = await before.publish('catalog.regions.seeded', { count: 51 });
    await before.stop();
    expect(await before.pending()).toBe(1);

    const broker = publisherBroker();
    await broker.connect();
    const after = new Outbox({ connection: db.connection, broker, logger: silentLogger, collection: 'outbox_left' });
    await after.relay();
    expect(await after.pending()).toBe(0);
    await expect.poll(() => received.some((e) => e.id === left.id)).toBe(true);
    await after.stop();
  });

  it('when a payload does not match its schema, then publish throws and nothing is stored; a stored entry that is not a valid event is dropped without blocking the rest', async () => {
    const broker = publisherBroker();
    await broker.connect();
    const outbox = new Outbox({ connection: db.connection, broker, logger: silentLogger, collection: 'outbox_bad' });
    await expect(outbox.publish('catalog.regions.seeded', { count: 'many' } as never)).rejects.toThrow();
    expect(await outbox.pending()).toBe(0);

    const entries = db.connection.collection('outbox_bad');
    await entries.insertOne({ _id: new Types.ObjectId(), envelope: { id: 'not-a-uuid', type: 'catalog.regions.seeded', payload: { count: 1 } }, storedAt: new Date() } as never);
    const good = await outbox.publish('catalog.meal-types.seeded', { count: 9 });
    expect(await outbox.pending()).toBe(0);
    await expect.poll(() => received.some((e) => e.id === good.id)).toBe(true);
    expect(received.some((e) => e.id === 'not-a-uuid')).toBe(false);
    await outbox.stop();
  });
});
