/**
 * Reads and writes by many keys on the embedded FerretDB (as the launcher builds it: it reads by
 * key whatever else a filter asks), the old shapes against the new, with 20,000 services stored:
 * - a lookup of 1,000 services by id: findById one at a time, against one find {_id: {$in}} (and the
 *   same find with a sort); then svc-catalog's own findByIds and snapshotsByIds, for 1,000 and
 *   5,000 ids;
 * - clearing 1,000 outbox entries: deleteOne one at a time, deleteMany {_id: {$in}}, one bulkWrite
 *   of deleteOne; then an Outbox relaying 1,000 stored entries to RabbitMQ (start to all cleared);
 * - one event stored in 1,000 services (a bulk change): $pullAll one at a time, one bulkWrite,
 *   updateMany {_id: {$in}}; then the outbox relaying it (relay to all cleared);
 * - deleting 1,000 of the services: deleteOne one at a time, deleteMany {_id: {$in}}, one bulkWrite;
 *   then the outbox's deleteWith (the entry, then the deletes);
 * - guarded writes: 200 services changed one after another by a compare-and-set on {_id, version}
 *   (updateOne), and 200 by svc-catalog's modify (a read by key, then findOneAndUpdate on {_id, version}
 *   carrying its event), each per write.
 * Each figure is the median of the repeats (the deletes put the services back between repeats).
 * Run: npx tsx bench/keyed-queries.ts [services, default 20000] [keys, default 1000] [repeats, default 5]
 *   [sections, default lookups,entries,carried,deletes,guarded]
 */
import { randomBytes } from 'node:crypto';
import { Types, type Connection } from 'mongoose';
import { Broker, connectDatabase, Outbox } from '@mealprep/service-kit';
import { serviceModel } from '../svc-catalog/src/data-access/service-model';
import { serviceRepository } from '../svc-catalog/src/data-access/service-repository';
import { destroyTopology } from '../packages/service-kit/src/testing/broker-topology';
import { seeded, seedServices } from './lib/seed';
import { benchDatabase } from './lib/system';
import { pino } from 'pino';

const size = Number(process.argv[2] ?? 20_000);
const keys = Number(process.argv[3] ?? 1_000);
const repeats = Number(process.argv[4] ?? 5);
const sections = new Set((process.argv[5] ?? 'lookups,entries,carried,deletes,guarded').split(','));
const amqpUrl = process.env.AMQP_URL || 'amqp://guest:guest@127.0.0.1:5672';
const logger = pino({ level: 'silent' });

type Doc = Record<string, unknown> & { _id: Types.ObjectId };

const median = (ms: number[]) => [...ms].sort((a, b) => a - b)[Math.floor(ms.length / 2)]!;
const show = (label: string, ms: number[], note = '') => console.log(`  ${label.padEnd(58)} ${median(ms).toFixed(0).padStart(6)} ms${note ? `  ${note}` : ''}`);

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/** Runs `work` `repeats` times (after `before` each time, untimed) and prints the median. */
async function measure(label: string, work: () => Promise<unknown>, before?: () => Promise<unknown>): Promise<void> {
  const ms: number[] = [];
  for (let i = 0; i < repeats; i += 1) {
    await before?.();
    ms.push(await timed(work));
  }
  show(label, ms);
}

/**
 * FerretDB 1.24 keeps each statement of an update command on a SQLite connection of its own until
 * the command ends, from a pool of 100: a bulkWrite of 100 updates or more never ends. They go in
 * commands of this many.
 */
const UPDATES_PER_COMMAND = 50;
const inChunks = <T>(items: readonly T[], n = UPDATES_PER_COMMAND) => Array.from({ length: Math.ceil(items.length / n) }, (_, i) => items.slice(i * n, (i + 1) * n));

/** `n` ids drawn without repeats from `all`, in a repeatable order. */
function drawn(all: readonly Types.ObjectId[], n: number, seed: number): Types.ObjectId[] {
  const random = seeded(seed);
  const pool = [...all];
  for (let i = pool.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, n);
}

/** The idle broker of a repository that only reads (it never connects). */
const idleBroker = () => new Broker({ url: 'amqp://127.0.0.1:9', prefix: 'idle', source: 'bench', logger });

async function lookups(connection: Connection, ids: Types.ObjectId[], more: Types.ObjectId[]): Promise<void> {
  const Model = serviceModel(connection);
  const services = serviceRepository(connection, new Outbox({ connection, broker: idleBroker(), logger }));
  const strings = ids.map(String);
  console.log(`\nLookup of ${ids.length} services by id among ${size}:`);
  await measure('findById one at a time (the old shape)', async () => {
    for (const id of ids) await Model.findById(id).lean();
  });
  await measure('find {_id: {$in}} (read by key)', () => Model.find({ _id: { $in: ids } }).lean());
  await measure('find {_id: {$in}} with a sort', () =>
    Model.find({ _id: { $in: ids } })
      .sort({ _id: 1 })
      .lean(),
  );
  await measure('svc-catalog findByIds', async () => {
    const found = await services.findByIds(strings);
    if (found.length !== ids.length) throw new Error(`findByIds found ${found.length}`);
  });
  await measure('svc-catalog snapshotsByIds', async () => {
    const found = await services.snapshotsByIds(strings);
    if (found.length !== ids.length) throw new Error(`snapshotsByIds found ${found.length}`);
  });
  await measure(`svc-catalog findByIds, ${more.length} ids`, async () => {
    const found = await services.findByIds(more.map(String));
    if (found.length !== more.length) throw new Error(`findByIds found ${found.length}`);
  });
}

/** Guarded writes of 200 services one after another (the shape of every listing save), per write. */
async function guarded(connection: Connection, ids: Types.ObjectId[]): Promise<void> {
  const Model = serviceModel(connection);
  const services = serviceRepository(connection, new Outbox({ connection, broker: idleBroker(), logger }));
  console.log(`\nGuarded writes among ${size} services, ${ids.length} one after another (per write):`);
  const perWrite = (label: string, ms: number[]) =>
    show(
      label,
      ms.map((total) => total / ids.length),
    );
  const raw: number[] = [];
  const modified: number[] = [];
  for (let i = 0; i < repeats; i += 1) {
    raw.push(
      await timed(async () => {
        for (const id of ids) {
          const doc = (await Model.findById(id, { version: 1 }).lean()) as { version?: number } | null;
          const written = await Model.updateOne({ _id: id, version: doc?.version ?? { $exists: false } }, { $set: { tagline: `Bench ${i}` }, $inc: { version: 1 } });
          if (written.matchedCount !== 1) throw new Error(`the guarded write of ${String(id)} matched nothing`);
        }
      }),
    );
    modified.push(
      await timed(async () => {
        for (const id of ids) await services.modify(String(id), () => ({ set: { tagline: `Saved ${i}` }, announce: () => [] }));
      }),
    );
  }
  perWrite('findById, then updateOne {_id, version}', raw);
  perWrite('svc-catalog modify (read, findOneAndUpdate {_id, version})', modified);
}

/** The three ways to delete many documents by id, each timed: one at a time (the old shape), deleteMany by $in, one bulkWrite. */
async function deleteShapes(collection: ReturnType<Connection['collection']>, ids: () => readonly Types.ObjectId[], gone: () => Promise<void>, restore: () => Promise<unknown>): Promise<void> {
  await measure(
    'deleteOne one at a time (the old shape)',
    async () => {
      for (const _id of ids()) await collection.deleteOne({ _id });
      await gone();
    },
    restore,
  );
  await measure(
    'deleteMany {_id: {$in}}',
    async () => {
      await collection.deleteMany({ _id: { $in: [...ids()] } });
      await gone();
    },
    restore,
  );
  await measure(
    'one bulkWrite of deleteOne',
    async () => {
      await collection.bulkWrite(ids().map((_id) => ({ deleteOne: { filter: { _id } } })));
      await gone();
    },
    restore,
  );
}

async function outboxEntries(connection: Connection, broker: Broker): Promise<void> {
  const entries = connection.collection('outbox');
  const event = () => JSON.stringify(broker.envelope('catalog.meal-types.seeded', { count: 9 }));
  const fill = async () => {
    await entries.deleteMany({});
    const docs = Array.from({ length: keys }, () => ({ _id: new Types.ObjectId(), events: [event()], deletes: null, storedAt: new Date() }));
    for (let i = 0; i < docs.length; i += 500) await entries.insertMany(docs.slice(i, i + 500));
    return docs.map((d) => d._id);
  };
  let ids: Types.ObjectId[] = [];
  const refill = async () => {
    ids = await fill();
  };
  const cleared = async () => {
    const left = await entries.countDocuments({});
    if (left !== 0) throw new Error(`${left} entries left`);
  };
  console.log(`\nClearing ${keys} outbox entries:`);
  await deleteShapes(entries, () => ids, cleared, refill);
  await measure(
    'deleteOne, 8 at a time (the old relay)',
    async () => {
      let next = 0;
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          while (next < ids.length) await entries.deleteOne({ _id: ids[next++]! });
        }),
      );
      await cleared();
    },
    refill,
  );
  await measure(
    'Outbox.start relaying them to RabbitMQ (start to all cleared)',
    async () => {
      const outbox = new Outbox({ connection, broker, logger });
      await outbox.start();
      await outbox.stop();
      await cleared();
    },
    refill,
  );
}

async function carried(connection: Connection, broker: Broker, ids: Types.ObjectId[]): Promise<void> {
  const Model = serviceModel(connection);
  const services = connection.collection('services');
  let text = '';
  const store = async () => {
    text = JSON.stringify(broker.envelope('catalog.meal-types.seeded', { count: 9 }));
    for (const part of inChunks(ids)) await services.bulkWrite(part.map((_id) => ({ updateOne: { filter: { _id }, update: { $set: { _outbox: [text] } } } })));
  };
  const cleared = async () => {
    const left = await services.countDocuments({ _outbox: text });
    if (left !== 0) throw new Error(`${left} services still carry the event`);
  };
  console.log(`\nOne event stored in ${ids.length} of the ${size} services, cleared:`);
  await measure(
    '$pullAll one at a time (the old shape)',
    async () => {
      for (const _id of ids) await services.updateOne({ _id }, { $pullAll: { _outbox: [text] } } as never);
      await cleared();
    },
    store,
  );
  await measure(
    `bulkWrite of updateOne {_id} $pullAll, ${UPDATES_PER_COMMAND} a command`,
    async () => {
      for (const part of inChunks(ids)) await services.bulkWrite(part.map((_id) => ({ updateOne: { filter: { _id }, update: { $pullAll: { _outbox: [text] } } as never } })));
      await cleared();
    },
    store,
  );
  await measure(
    'updateMany {_id: {$in}} $pullAll',
    async () => {
      await services.updateMany({ _id: { $in: ids } }, { $pullAll: { _outbox: [text] } } as never);
      await cleared();
    },
    store,
  );
  await measure(
    'Outbox relaying it (relay to all cleared)',
    async () => {
      const outbox = new Outbox({ connection, broker, logger });
      outbox.carrier(Model).written(ids, [JSON.parse(text) as never]);
      await outbox.relay();
      await outbox.stop();
      await cleared();
    },
    store,
  );
}

async function deletes(connection: Connection, broker: Broker, ids: Types.ObjectId[]): Promise<void> {
  const Model = serviceModel(connection);
  const services = connection.collection<Doc>('services');
  const kept = (await services.find({ _id: { $in: ids } }).toArray()) as Doc[];
  if (kept.length !== ids.length) throw new Error(`read ${kept.length} of ${ids.length} services to delete`);
  const restore = async () => {
    await services.deleteMany({ _id: { $in: ids } });
    for (let i = 0; i < kept.length; i += 500) await services.insertMany(kept.slice(i, i + 500));
  };
  const gone = async () => {
    const left = await services.countDocuments({ _id: { $in: ids } });
    if (left !== 0) throw new Error(`${left} services left`);
  };
  console.log(`\nDeleting ${ids.length} of the ${size} services:`);
  await deleteShapes(connection.collection('services'), () => ids, gone, restore);
  const outbox = new Outbox({ connection, broker: idleBroker(), logger, collection: 'bench_deletes_outbox' });
  const carrier = outbox.carrier(Model);
  await measure(
    'the outbox deleteWith (entry, then the deletes)',
    async () => {
      const deleted = await carrier.deleteWith(ids.map(String), [broker.envelope('catalog.meal-types.seeded', { count: 9 })]);
      if (deleted !== ids.length) throw new Error(`deleteWith deleted ${deleted}`);
      await gone();
    },
    restore,
  );
  await outbox.stop();
  await restore();
}

async function main(): Promise<void> {
  const db = await benchDatabase();
  const broker = new Broker({ url: amqpUrl, prefix: `bench-keyed-${randomBytes(3).toString('hex')}`, source: 'bench', logger });
  let connection: Connection | null = null;
  try {
    const seeding = performance.now();
    await seedServices(db.uri, size);
    console.log(`${size} services stored in ${((performance.now() - seeding) / 1000).toFixed(1)} s (FerretDB via the launcher, ${repeats} repeats, medians)`);
    await broker.connect();
    connection = await connectDatabase(db.uri, 'catalog', logger);
    const all = (
      await connection
        .collection('services')
        .find({}, { projection: { _id: 1 } })
        .toArray()
    ).map((d) => d._id as Types.ObjectId);
    const ids = drawn(all, keys, 1);
    if (sections.has('lookups')) await lookups(connection, ids, drawn(all, Math.min(all.length, keys * 5), 2));
    if (sections.has('entries')) await outboxEntries(connection, broker);
    if (sections.has('carried')) await carried(connection, broker, drawn(all, keys, 3));
    if (sections.has('guarded')) await guarded(connection, drawn(all, 200, 5));
    if (sections.has('deletes')) await deletes(connection, broker, drawn(all, keys, 4));
  } finally {
    await connection?.close();
    await destroyTopology(broker).catch(() => undefined);
    await broker.close();
    await db.stop();
  }
}

await main();
