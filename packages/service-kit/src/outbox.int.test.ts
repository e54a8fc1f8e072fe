import { inject } from 'vitest';
import type { EventEnvelope } from '@mealprep/contracts';
import { silentLogger, testBroker, testDatabase, uniqueName } from '@mealprep/service-kit/testing';
import { Schema, Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Broker } from './broker';
import { modelOn } from './database';
import { carriesEvents, Outbox, OUTBOX_FIELD } from './outbox';

const articleSchema = new Schema({ slug: String, status: String }, { collection: 'articles', versionKey: false });
articleSchema.plugin(carriesEvents);

describe('outbox: every event is written with the change it reports', () => {
  let db: Awaited<ReturnType<typeof testDatabase>>;
  let listener: Awaited<ReturnType<typeof testBroker>>;
  const received: EventEnvelope[] = [];
  const publishers: Broker[] = [];

  /** A publishing client on the listener's exchange, not connected until the test says so. */
  const publisherBroker = (source: string) => {
    const broker = new Broker({ url: inject('amqpUrl'), prefix: listener.prefix, source, logger: silentLogger, backoff: { minTimeout: 50, factor: 2, maxTimeout: 200, randomize: false } });
    publishers.push(broker);
    return broker;
  };
  const from = (source: string) => received.filter((e) => e.source === source);
  /**
   * Publishes a marker behind everything sent so far and waits until it is heard: an event that has
   * not arrived by then was never sent (the outbox awaits the broker's confirms before it counts a
   * publish done, so what it sent is queued ahead of the marker).
   */
  const heardAllSentSoFar = async () => {
    const marker = await listener.broker.publish('catalog.articles.changed', { slugs: ['marker'] });
    await expect.poll(() => received.some((e) => e.id === marker.id), { timeout: 10_000 }).toBe(true);
  };
  /** A model on a collection of the test's own, and the outbox of a "process" writing to it. */
  const processOn = (collection: string, broker: Broker) => {
    const Articles = modelOn(db.connection, `Article-${collection}`, articleSchema.clone().set('collection', collection));
    const outbox = new Outbox({ connection: db.connection, broker, logger: silentLogger, collection: `${collection}_outbox`, retryMs: 100 });
    return { Articles, outbox, carrier: outbox.carrier(Articles) };
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

  it('when the broker is away, then each insert and update holds its change and its event together; once the broker is back, the events go out in order, once each, and the documents let go of them', async () => {
    const broker = publisherBroker('away');
    const { Articles, outbox, carrier } = processOn('away', broker);
    const sent: EventEnvelope[] = [];

    const created = outbox.event('catalog.articles.changed', { slugs: ['first'] });
    const doc = await Articles.create(carrier.insert({ slug: 'first', status: 'draft' }, [created]));
    carrier.written([doc._id], [created]);
    sent.push(created);
    for (const status of ['published', 'draft']) {
      const changed = outbox.event('catalog.articles.changed', { slugs: [`first-${status}`] });
      await Articles.updateOne({ _id: doc._id }, carrier.update({ $set: { status } }, [changed]));
      carrier.written([doc._id], [changed]);
      sent.push(changed);
    }
    await outbox.relay();
    const stored = await db.connection.collection('away').findOne({ _id: doc._id });
    expect(stored).toMatchObject({ status: 'draft', [OUTBOX_FIELD]: sent.map((e) => JSON.stringify(e)) });
    expect(await outbox.waiting()).toBe(3);
    await heardAllSentSoFar();
    expect(from('away')).toEqual([]);

    await broker.connect();
    await expect.poll(() => from('away').map((e) => e.id), { timeout: 10_000 }).toEqual(sent.map((e) => e.id));
    await expect.poll(() => outbox.waiting()).toBe(0);
    expect((await db.connection.collection('away').findOne({ _id: doc._id }))?.[OUTBOX_FIELD]).toEqual([]);

    // Connected: the next event is on the broker by the time relay resolves.
    const next = outbox.event('catalog.articles.changed', { slugs: ['fourth'] });
    await Articles.updateOne({ _id: doc._id }, carrier.update({ $set: { status: 'published' } }, [next]));
    carrier.written([doc._id], [next]);
    await outbox.relay();
    expect(await outbox.waiting()).toBe(0);
    await expect.poll(() => from('away').length).toBe(4);
    await outbox.stop();
  });

  it('when a process wrote changes and stopped before relaying their events, then the next one finds them at start and relays them, oldest first and once each (an event two documents hold too)', async () => {
    const before = processOn('left', publisherBroker('left'));
    const first = before.outbox.event('catalog.articles.changed', { slugs: ['a'] });
    const a = await before.Articles.create(before.carrier.insert({ slug: 'a', status: 'draft' }, [first]));
    const second = before.outbox.event('catalog.articles.changed', { slugs: ['b'] });
    await before.Articles.create(before.carrier.insert({ slug: 'b', status: 'draft' }, [second]));
    const third = before.outbox.event('catalog.articles.changed', { slugs: ['a', 'again'] });
    await before.Articles.updateOne({ _id: a._id }, before.carrier.update({ $set: { status: 'published' } }, [third]));
    // One change to both documents, one event: each document stores it.
    const fourth = before.outbox.event('catalog.articles.changed', { slugs: ['a', 'b'] });
    await before.Articles.updateMany({}, before.carrier.update({ $set: { status: 'archived' } }, [fourth]));
    // It stops without being told of the writes, as a process killed right after them would.
    await before.outbox.stop();
    expect(await before.outbox.waiting()).toBe(5);

    const broker = publisherBroker('left');
    await broker.connect();
    const after = processOn('left', broker);
    await after.outbox.start();
    await expect.poll(() => from('left').map((e) => e.id), { timeout: 10_000 }).toEqual([first.id, second.id, third.id, fourth.id]);
    expect(await after.outbox.waiting()).toBe(0);
    await heardAllSentSoFar();
    expect(from('left')).toHaveLength(4);
    await after.outbox.stop();
  });

  it('when a delete is cut short after its events were recorded, then the next start completes the delete before it sends them', async () => {
    const broker = publisherBroker('deletes');
    await broker.connect();
    const { Articles, outbox, carrier } = processOn('deletes', broker);
    const [x, y, z] = await Articles.create([{ slug: 'x' }, { slug: 'y' }, { slug: 'z' }]);
    const gone = outbox.event('catalog.articles.changed', { slugs: ['x'] });
    expect(await carrier.deleteWith([String(x!._id)], [gone])).toBe(1);
    await outbox.relay();
    await expect.poll(() => from('deletes').map((e) => e.id)).toEqual([gone.id]);
    expect(await Articles.countDocuments({ _id: x!._id })).toBe(0);

    // What a process killed between the two writes leaves: the entry, and documents not yet deleted.
    const cut = outbox.event('catalog.articles.changed', { slugs: ['y', 'z'] });
    await db.connection
      .collection('deletes_outbox')
      .insertOne({ _id: new Types.ObjectId(), events: [JSON.stringify(cut)], deletes: { collection: 'deletes', ids: [y!._id, z!._id] }, storedAt: new Date() });
    await outbox.stop();
    const next = processOn('deletes', broker);
    await next.outbox.start();
    await expect.poll(() => from('deletes').map((e) => e.id)).toEqual([gone.id, cut.id]);
    expect(await Articles.countDocuments({})).toBe(0);
    expect(await next.outbox.waiting()).toBe(0);
    await next.outbox.stop();
  });

  it('when many writes wait at once (more than a relay takes, more than one write clears), then every event goes out once, in order, and every stored copy is cleared', async () => {
    const broker = publisherBroker('many');
    const { Articles, outbox, carrier } = processOn('many', broker);
    const docs = Array.from({ length: 1_220 }, (_, i) => ({ _id: new Types.ObjectId(), slug: `many-${i}`, status: 'draft' }));
    for (let i = 0; i < docs.length; i += 500) await db.connection.collection('many').insertMany(docs.slice(i, i + 500));
    const sent: EventEnvelope[] = [];

    // A delete of 1,100 documents (more than one delete command names).
    const gone = outbox.event('catalog.articles.changed', { slugs: ['gone'] });
    expect(
      await carrier.deleteWith(
        docs.slice(0, 1_100).map((d) => String(d._id)),
        [gone],
      ),
    ).toBe(1_100);
    sent.push(gone);
    expect(await db.connection.collection('many').countDocuments({})).toBe(120);
    // One change of the other 120, one event each document stores (more updates than one command takes).
    const kept = docs.slice(1_100).map((d) => d._id);
    const changed = outbox.event('catalog.articles.changed', { slugs: ['all'] });
    await Articles.updateMany({}, carrier.update({ $set: { status: 'archived' } }, [changed]));
    carrier.written(kept, [changed]);
    sent.push(changed);
    // 250 events recorded on their own: more entries than one relay takes.
    for (let i = 0; i < 250; i += 1) {
      const event = outbox.event('catalog.articles.changed', { slugs: [`entry-${i}`] });
      await outbox.record([event]);
      sent.push(event);
    }
    await outbox.relay();
    expect(await outbox.waiting()).toBe(1 + 120 + 250);

    await broker.connect();
    await outbox.relay();
    await expect.poll(() => outbox.waiting(), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => from('many').length, { timeout: 10_000 }).toBe(sent.length);
    expect(from('many').map((e) => e.id)).toEqual(sent.map((e) => e.id));
    expect(await db.connection.collection('many_outbox').countDocuments({})).toBe(0);
    expect(await db.connection.collection('many').countDocuments({ [`${OUTBOX_FIELD}.0`]: { $exists: true } })).toBe(0);
    expect(await db.connection.collection('many').countDocuments({ status: 'archived' })).toBe(120);
    await heardAllSentSoFar();
    expect(from('many')).toHaveLength(sent.length);
    await outbox.stop();
  });

  it('when a payload does not match its schema, then making the event throws before anything is written; a stored event that is not valid is dropped without blocking the rest', async () => {
    const broker = publisherBroker('bad');
    await broker.connect();
    const { Articles, outbox, carrier } = processOn('bad', broker);
    expect(() => outbox.event('catalog.regions.seeded', { count: 'many' } as never)).toThrow();

    const doc = await Articles.create(carrier.insert({ slug: 'broken', status: 'draft' }, []));
    await db.connection
      .collection('bad')
      .updateOne({ _id: doc._id }, { $set: { [OUTBOX_FIELD]: ['{"id":"not-a-uuid"', JSON.stringify({ id: 'also-not-a-uuid', type: 'catalog.regions.seeded', payload: { count: 1 } })] } });
    const good = outbox.event('catalog.meal-types.seeded', { count: 9 });
    await Articles.updateOne({ _id: doc._id }, carrier.update({ $set: { status: 'published' } }, [good]));
    await outbox.start();
    await expect.poll(() => from('bad').map((e) => e.id)).toEqual([good.id]);
    expect(await outbox.waiting()).toBe(0);
    await outbox.stop();
  });

  it('when a schema does not carry events, then asking for its carrier fails at once', () => {
    const plain = modelOn(db.connection, 'Plain', new Schema({ slug: String }, { collection: 'plain' }));
    const outbox = new Outbox({ connection: db.connection, broker: publisherBroker('plain'), logger: silentLogger });
    expect(() => outbox.carrier(plain)).toThrow(/does not carry events/);
  });
});
