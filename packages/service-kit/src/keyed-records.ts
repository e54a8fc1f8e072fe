import type { Connection } from 'mongoose';
import { keyedTurns } from './coalesce';
import { AppError } from './errors';
import { LOST_RACE, untilWritten } from './guarded-write';
const isDuplicateKey = (err: unknown) => typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 11000;

type Stored<T> = T & { _id: string; version: number };

/**
 * Small documents read and written by their key alone, each change applied only to the version it
 * was read at (a compare-and-set on `{_id, version}`, or the insert of a new key, which the unique
 * `_id` lets only one racing writer make): MongoDB keeps each atomic, and so does the embedded
 * FerretDB (its launcher), which reads both by key. In one process the changes of one key take turns, so only
 * other instances race.
 */
export class KeyedRecords<T extends object> {
  private readonly turns = keyedTurns();

  constructor(
    private readonly connection: Connection,
    readonly collectionName: string,
  ) {}

  private get docs() {
    return this.connection.collection<Stored<T>>(this.collectionName);
  }

  private strip(doc: Stored<T> | null): T | null {
    if (!doc) return null;
    const { _id: _key, version: _version, ...record } = doc;
    return record as unknown as T;
  }

  async read(key: string): Promise<T | null> {
    return this.strip((await this.docs.findOne({ _id: key } as never)) as Stored<T> | null);
  }

  /** The records of these keys (those that exist), read by key. */
  async readMany(keys: readonly string[]): Promise<Map<string, T>> {
    const found = new Map<string, T>();
    const unique = [...new Set(keys)];
    for (let i = 0; i < unique.length; i += 1_000) {
      const docs = (await this.docs.find({ _id: { $in: unique.slice(i, i + 1_000) } } as never).toArray()) as Stored<T>[];
      for (const doc of docs) found.set(doc._id, this.strip(doc)!);
    }
    return found;
  }

  /**
   * Changes the record of `key` as `plan` decides from it as it is (null: there is none yet): the
   * record to keep, or null to leave it as it is. Returns the record after (or as it is). `plan` may
   * run more than once (another writer came between) and may throw to refuse.
   */
  change(key: string, plan: (current: T | null) => T | null): Promise<T | null> {
    return this.turns.run(key, () =>
      untilWritten(
        async () => {
          const doc = (await this.docs.findOne({ _id: key } as never)) as Stored<T> | null;
          const current = this.strip(doc);
          const next = plan(current);
          if (next === null) return current;
          if (!doc) {
            try {
              await this.docs.insertOne({ ...next, _id: key, version: 1 } as never);
              return next;
            } catch (err) {
              if (isDuplicateKey(err)) return LOST_RACE;
              throw err;
            }
          }
          const written = await this.docs.updateOne({ _id: key, version: doc.version } as never, { $set: { ...next, version: doc.version + 1 } } as never);
          return written.matchedCount === 1 ? next : LOST_RACE;
        },
        () => {
          throw new AppError('changed_meanwhile', 'This changed at the same moment elsewhere. Try again.', { status: 409 });
        },
      ),
    );
  }

  /** Keeps new records (a seed's, a migration's); keys that exist already are left as they are. */
  async insertMany(entries: ReadonlyArray<[string, T]>): Promise<void> {
    for (let i = 0; i < entries.length; i += 1_000) {
      try {
        await this.docs.insertMany(
          entries.slice(i, i + 1_000).map(([key, record]) => ({ ...record, _id: key, version: 1 }) as never),
          { ordered: false },
        );
      } catch (err) {
        const failed = (err as { writeErrors?: Array<{ code?: number }> }).writeErrors ?? [];
        if (failed.length === 0 || !failed.every((e) => e.code === 11000)) throw err;
      }
    }
  }

  async remove(key: string): Promise<void> {
    await this.docs.deleteOne({ _id: key } as never);
  }

  /** Every record, a batch at a time (a whole read: for a start or a migration, never a request). */
  async *all(batchSize = 1_000): AsyncGenerator<[string, T]> {
    for await (const doc of this.docs.find({}, { batchSize })) yield [String((doc as Stored<T>)._id), this.strip(doc as Stored<T>)!];
  }

  async isEmpty(): Promise<boolean> {
    return (await this.docs.findOne({}, { projection: { _id: 1 } })) === null;
  }
}
