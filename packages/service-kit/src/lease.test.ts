import type { Connection } from 'mongoose';
import { describe, expect, it } from 'vitest';
import { instanceHolder, underLease } from './lease';

interface Doc {
  _id: string;
  holder: string;
  until: number;
}
type Condition = { _id?: string; holder?: string; until?: { $lt: number }; $or?: Condition[] };

const matches = (doc: Doc, condition: Condition): boolean =>
  (condition._id === undefined || doc._id === condition._id) &&
  (condition.holder === undefined || doc.holder === condition.holder) &&
  (condition.until === undefined || doc.until < condition.until.$lt) &&
  (condition.$or === undefined || condition.$or.some((c) => matches(doc, c)));

/**
 * The leases collection in memory, each write applied at once as the database would, except the
 * updates sent while `holdUpdates` is set: those reach it only once the next delete has (a write
 * sent first on one connection of the pool, arriving after one sent next on another).
 */
function leasesInMemory() {
  const docs = new Map<string, Doc>();
  let holdUpdates = false;
  let updatesHeld = 0;
  let heldUpdatesDone = 0;
  let deleted: () => void = () => {};
  const deletes = () => new Promise<void>((resolve) => (deleted = resolve));
  let nextDelete = deletes();
  const collection = {
    async updateOne(filter: Condition, update: { $set: Partial<Doc> }) {
      const held = holdUpdates;
      if (held) {
        updatesHeld += 1;
        await nextDelete;
      }
      const doc = [...docs.values()].find((d) => matches(d, filter));
      if (doc) Object.assign(doc, update.$set);
      if (held) heldUpdatesDone += 1;
      return { matchedCount: doc ? 1 : 0 };
    },
    async insertOne(doc: Doc) {
      if (docs.has(doc._id)) throw Object.assign(new Error('E11000 duplicate key'), { code: 11000 });
      docs.set(doc._id, { ...doc });
    },
    async deleteOne(filter: Condition) {
      const doc = [...docs.values()].find((d) => matches(d, filter));
      if (doc) docs.delete(doc._id);
      deleted();
      nextDelete = deletes();
    },
  };
  return {
    connection: { collection: () => collection } as unknown as Connection,
    docs,
    holdUpdates: (on: boolean) => (holdUpdates = on),
    updatesHeld: () => updatesHeld,
    /** Once every held update has reached it and its sender has done what it does next (an insert, say). */
    settled: async () => {
      while (heldUpdatesDone < updatesHeld) await new Promise((resolve) => setImmediate(resolve));
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

describe('a lease held while work runs', () => {
  it('when a renewal reaches the database only after the lease was given back, then the lease stays free (another instance takes it at once)', async () => {
    const leases = leasesInMemory();
    await underLease(
      leases.connection,
      'seed',
      async () => {
        // Every write of the lease from now on arrives after the release.
        leases.holdUpdates(true);
        while (leases.updatesHeld() === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      },
      { ttlMs: 30 },
    );
    // The renewal held back arrives now.
    await leases.settled();
    expect([...leases.docs.values()]).toEqual([]);
  });

  it('when an instance has a port of its own, then its name is its host and port, the same when started again; without one, a name of its own each time', () => {
    expect(instanceHolder(4100)).toBe(instanceHolder(4100));
    expect(instanceHolder(4100)).not.toBe(instanceHolder(4101));
    expect(instanceHolder(0)).not.toBe(instanceHolder(0));
  });
});
