import { silentLogger, testDatabase } from '@mealprep/service-kit/testing';
import { inject } from 'vitest';
import { Schema, type Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, modelOn } from './database';

/**
 * What every repository relies on, as MongoDB guarantees it: each write to one document is applied
 * whole, whoever else writes to it at the same time. These run against the default database
 * (FerretDB behind the launcher, which gives each database one write at a time) or MONGODB_URI.
 */
describe('the database keeps concurrent writes to one document', () => {
  let db: Awaited<ReturnType<typeof testDatabase>>;
  /** Twenty clients of their own, as twenty service instances would be. */
  const clients: Connection[] = [];
  const counterSchema = new Schema({ n: Number, tags: [Number], fields: Schema.Types.Mixed, state: String }, { collection: 'counters', versionKey: false });

  beforeAll(async () => {
    db = await testDatabase('atomic');
    const dbName = db.connection.name;
    for (let i = 0; i < 20; i += 1) clients.push(await connectDatabase(inject('mongodbUri'), dbName, silentLogger, { maxPoolSize: 2 }));
  });
  afterAll(async () => {
    for (const client of clients) await client.close();
    await db?.drop();
  });

  const modelsFor = (name: string) => clients.map((c) => modelOn(c, name, counterSchema));

  it('when 20 clients each send 10 increments and 10 pushes to one document, then n is 200 and all 200 items are there', async () => {
    const models = modelsFor('Counter-inc');
    const { _id } = await models[0]!.create({ n: 0, tags: [] });
    await Promise.all(
      models.map(async (Model, client) => {
        for (let i = 0; i < 10; i += 1) await Model.updateOne({ _id }, { $inc: { n: 1 }, $push: { tags: client * 10 + i } });
      }),
    );
    const after = await models[0]!.findById(_id).lean();
    expect(after?.n).toBe(200);
    expect([...(after?.tags ?? [])].sort((a, b) => a - b)).toEqual(Array.from({ length: 200 }, (_, i) => i));
  });

  it('when 20 clients each set a field of their own on one document at once, then every field is there', async () => {
    const models = modelsFor('Counter-set');
    const { _id } = await models[0]!.create({ fields: { start: true } });
    await Promise.all(models.map((Model, client) => Model.updateOne({ _id }, { $set: { [`fields.f${client}`]: client } })));
    const after = await models[0]!.findById(_id).lean();
    expect(after?.fields).toEqual({ start: true, ...Object.fromEntries(models.map((_, client) => [`f${client}`, client])) });
  });

  it('when 20 clients race to move a document from one state to the next with a conditional update, then exactly one wins', async () => {
    const models = modelsFor('Counter-cas');
    const { _id } = await models[0]!.create({ state: 'pending' });
    const results = await Promise.all(models.map((Model, client) => Model.findOneAndUpdate({ _id, state: 'pending' }, { $set: { state: `won-by-${client}` } }, { returnDocument: 'after' }).lean()));
    const winners = results.filter((r) => r !== null);
    expect(winners).toHaveLength(1);
    expect((await models[0]!.findById(_id).lean())?.state).toBe(winners[0]!.state);
  });

  it('when one client pulls items while others push to the same array, then exactly the pulled ones are gone', async () => {
    const models = modelsFor('Counter-pull');
    const initial = Array.from({ length: 50 }, (_, i) => i);
    const { _id } = await models[0]!.create({ tags: initial });
    const pulled = initial.filter((i) => i % 2 === 0);
    await Promise.all([
      ...pulled.map((item, k) => models[k % 20]!.updateOne({ _id }, { $pullAll: { tags: [item] } })),
      ...models.map((Model, client) => Model.updateOne({ _id }, { $push: { tags: 1000 + client } })),
    ]);
    const after = await models[0]!.findById(_id).lean();
    const expected = [...initial.filter((i) => i % 2 === 1), ...models.map((_, client) => 1000 + client)].sort((a, b) => a - b);
    expect([...(after?.tags ?? [])].sort((a, b) => a - b)).toEqual(expected);
  });

  it('when writes by _id carry other conditions (a version, an owner, a state), then they match, miss and upsert as on MongoDB', async () => {
    const Model = modelOn(
      db.connection,
      'Counter-conditions',
      new Schema({ _id: String, v: Number, s: String, owner: String, nested: { x: Number } }, { collection: 'conditions', versionKey: false }),
    );
    await Model.create({ _id: 'a', v: 1, s: 'first', nested: { x: 1 } });
    const modified = async (filter: Record<string, unknown>, set: Record<string, unknown>) => (await Model.updateOne(filter, { $set: set })).modifiedCount;
    expect(await modified({ _id: 'a', v: 1 }, { s: 'second', v: 2 })).toBe(1);
    expect(await modified({ _id: 'a', v: 1 }, { s: 'lost' })).toBe(0);
    expect(await modified({ _id: 'a', 'nested.x': 1, s: { $in: ['second', 'other'] } }, { v: 3 })).toBe(1);
    expect(await modified({ _id: 'a', owner: null, missing: { $exists: false } }, { v: 4 })).toBe(1);
    expect(await modified({ _id: 'a', s: { $ne: 'second' } }, { v: 99 })).toBe(0);
    expect(await modified({ _id: 'a', $or: [{ s: 'nothing' }, { v: { $gte: 4 } }] }, { v: 5 })).toBe(1);
    expect(await Model.findOneAndUpdate({ _id: 'a', v: 99 }, { $set: { s: 'lost' } }).lean()).toBeNull();
    expect(await Model.findOneAndUpdate({ _id: 'a', v: 5 }, { $set: { s: 'third' } }, { returnDocument: 'after' }).lean()).toMatchObject({ s: 'third', v: 5 });
    // An upsert whose conditions miss an _id that exists meets that _id: a duplicate key, as on MongoDB.
    await expect(Model.updateOne({ _id: 'a', v: { $lt: 5 } }, { $set: { v: 6 } }, { upsert: true })).rejects.toMatchObject({ code: 11000 });
    expect((await Model.updateOne({ _id: 'b', v: { $lt: 2 } }, { $set: { v: 2 } }, { upsert: true })).upsertedCount).toBe(1);
    expect((await Model.updateOne({ _id: 'b', v: { $lt: 3 } }, { $set: { v: 3 } }, { upsert: true })).modifiedCount).toBe(1);
    expect(await Model.find().sort({ _id: 1 }).lean()).toEqual([
      { _id: 'a', v: 5, s: 'third', nested: { x: 1 } },
      { _id: 'b', v: 3 },
    ]);
  });

  it('when an update gives a document a unique value another one has, then it fails as a duplicate key (11000), as on MongoDB, and changes nothing', async () => {
    const Model = modelOn(db.connection, 'Counter-unique', new Schema({ _id: String, slug: { type: String, unique: true }, v: Number }, { collection: 'unique_slugs', versionKey: false }));
    await Model.init();
    await Model.create([
      { _id: 'a', slug: 'taken', v: 1 },
      { _id: 'b', slug: 'free', v: 1 },
    ]);
    await expect(Model.updateOne({ _id: 'b' }, { $set: { slug: 'taken' } })).rejects.toMatchObject({ code: 11000 });
    await expect(Model.findOneAndUpdate({ _id: 'b', v: 1 }, { $set: { slug: 'taken' } })).rejects.toMatchObject({ code: 11000 });
    await expect(Model.create({ _id: 'c', slug: 'taken' })).rejects.toMatchObject({ code: 11000 });
    expect(await Model.find().sort({ _id: 1 }).lean()).toEqual([
      { _id: 'a', slug: 'taken', v: 1 },
      { _id: 'b', slug: 'free', v: 1 },
    ]);
  });
});
