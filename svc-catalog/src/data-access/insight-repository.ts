import { randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { Schema, type Collection, type Connection } from 'mongoose';
import { INSIGHT_METRICS, type InsightCounts } from '@mealprep/contracts';
import { modelOn } from '@mealprep/service-kit';
import type { CountWrite, InsightLedger, LedgerStore } from '../domain/insights/insight-tally';
import type { Doc } from './service-model';

/*
 * Every read here on a path that runs often is by _id: {_id: value} or {_id: {$in: [...]}} of up
 * to 1,000 keys, which the embedded FerretDB reads by key as MongoDB reads them from the _id index
 * (the launcher's build has it so: docs/database-and-broker.md; any other filter reads the whole
 * collection there).
 */

/**
 * What one turn of the insights' tally counted (domain/insight-tally.ts): the ids of the hits it
 * took, to recognise them again, and the increments it adds. `_id` is the turn's seq; `d` the
 * newest day of its hits.
 */
const ledgerSchema = new Schema(
  { _id: { type: Number, required: true }, d: { type: String, required: true }, hits: [String], writes: Schema.Types.Mixed, done: Boolean },
  { collection: 'insight_ledgers', versionKey: false },
);

/**
 * A listing's counts in a month: `c.d{DD}.{metric}`, one document per listing and month (_id
 * `{listing}|{YYYY-MM}`); `s` is the seq of the last ledger added to it.
 */
const monthSchema = new Schema(
  { _id: { type: String, required: true }, c: { type: Schema.Types.Mixed, default: {} }, s: Number },
  { collection: 'insight_months', versionKey: false, minimize: false },
);

/** The site's day (_id `site|{YYYY-MM-DD}`): views and quote requests per listing, and the searches that found nothing (their text encoded: keys cannot hold dots). */
const siteDaySchema = new Schema(
  {
    _id: { type: String, required: true },
    views: { type: Schema.Types.Mixed, default: {} },
    leads: { type: Schema.Types.Mixed, default: {} },
    empty: { type: Schema.Types.Mixed, default: {} },
    s: Number,
  },
  { collection: 'insight_site_days', versionKey: false, minimize: false },
);

/** The salt of a day's visitor hashes: random, shared by every instance, removed after two days so old hashes cannot be recomputed. */
const saltSchema = new Schema({ _id: { type: String, required: true }, salt: { type: String, required: true } }, { collection: 'insight_salts', versionKey: false });

const isDuplicateKey = (err: unknown) => typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 11000;
const zero = (): InsightCounts => Object.fromEntries(INSIGHT_METRICS.map((m) => [m, 0])) as InsightCounts;
/** A search text as stored (domain/insight-tally.ts's termKey), and back. */
const termOf = (key: string) => decodeURIComponent(key);
/** Final months kept in memory per instance: a listing's history is read once, then only its open months. */
const FINAL_MONTHS_KEPT = 20_000;
/** The most ids one find by many keys asks for (the embedded FerretDB reads up to 1,000 by key). */
const IDS_PER_FIND = 1_000;

/** The documents with these string _ids, by _id (those not there left out), in finds of IDS_PER_FIND ids. */
async function readByIds(collection: Collection, ids: readonly string[], projection?: Record<string, 1>): Promise<Map<string, Doc>> {
  const found = new Map<string, Doc>();
  const unique = [...new Set(ids)];
  for (let start = 0; start < unique.length; start += IDS_PER_FIND) {
    const docs = await collection.find({ _id: { $in: unique.slice(start, start + IDS_PER_FIND) as never[] } }, projection ? { projection } : {}).toArray();
    for (const doc of docs) found.set(String(doc._id), doc as Doc);
  }
  return found;
}

interface LedgerDoc {
  _id: number;
  d: string;
  hits?: string[];
  writes?: CountWrite[];
  done?: boolean;
}

export type InsightRepository = ReturnType<typeof insightRepository>;

export function insightRepository(connection: Connection) {
  const Ledgers = modelOn(connection, 'InsightLedger', ledgerSchema);
  const Months = modelOn(connection, 'InsightMonth', monthSchema);
  const SiteDays = modelOn(connection, 'InsightSiteDay', siteDaySchema);
  const Salts = modelOn(connection, 'InsightSalt', saltSchema);
  const finalMonths = new LRUCache<string, Doc>({ max: FINAL_MONTHS_KEPT });

  const ledgers: LedgerStore = {
    async ledgers() {
      const docs = (await Ledgers.collection.find({}).toArray()) as unknown as LedgerDoc[];
      return docs.map((doc) => ({ seq: doc._id, day: doc.d, hits: doc.hits ?? [], writes: doc.writes ?? [], done: doc.done === true }));
    },
    async insertLedger(ledger: InsightLedger) {
      // The driver's insert: mongoose would cast every hit id.
      await Ledgers.collection.insertOne({ _id: ledger.seq as never, d: ledger.day, hits: ledger.hits, writes: ledger.writes, done: false });
    },
    /**
     * Adds a ledger's increments to each count that has not taken it: `s` is the last ledger a
     * count took, and a count at or past this one is left alone (its upsert then meets the
     * existing _id: a duplicate key, which means just that). Increments are not atomic on
     * FerretDB when two writers change one document at once, so only one writer may call this at
     * a time: the hits' queue has one active consumer over all instances (entry-points/mq/insight-hits.ts).
     */
    async applyLedger(ledger: InsightLedger) {
      await Promise.all(
        ledger.writes.map(async (write) => {
          const model = write.doc === 'month' ? Months : SiteDays;
          try {
            await model.collection.updateOne(
              { _id: write.id as never, $or: [{ s: { $lt: ledger.seq } }, { s: { $exists: false } }] },
              { $inc: Object.fromEntries(write.inc.map((i) => [i.path, i.n])), $set: { s: ledger.seq } },
              { upsert: true },
            );
          } catch (err) {
            if (!isDuplicateKey(err)) throw err;
          }
        }),
      );
    },
    async markDone(seq: number) {
      await Ledgers.collection.updateOne({ _id: seq as never }, { $set: { done: true } });
    },
  };

  return {
    ...ledgers,
    /** The day's salt, made by the first instance that needs it. */
    async saltOf(day: string): Promise<string> {
      const found = (await Salts.findById(day).lean()) as Doc | null;
      if (found) return found.salt;
      try {
        await Salts.create({ _id: day, salt: randomBytes(32).toString('hex') });
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
      }
      return ((await Salts.findById(day).lean()) as Doc).salt;
    },
    async dropSaltsBefore(day: string): Promise<void> {
      await Salts.deleteMany({ _id: { $lt: day } });
    },
    /** Removes the finished ledgers whose newest hits are of days before `day` (too old for a batch to repeat them). */
    async dropLedgersBefore(day: string): Promise<void> {
      await Ledgers.collection.deleteMany({ d: { $lt: day }, done: true });
    },
    /**
     * A listing's counts per day for the days asked (all zero where nothing was counted). Months
     * before `firstOpenMonth` take no more hits: each is read once and kept (two years of history
     * are 25 months, read in one find by many keys).
     */
    async countsByDay(key: string, days: readonly string[], firstOpenMonth: string): Promise<Map<string, InsightCounts>> {
      const months = [...new Set(days.map((d) => d.slice(0, 7)))];
      const ids = months.map((month) => `${key}|${month}`);
      const kept = ids.map((id) => finalMonths.get(id));
      const read = await readByIds(
        Months.collection,
        ids.filter((_, i) => !kept[i]),
        { c: 1 },
      );
      const docs = months.map((month, i) => {
        const id = ids[i]!;
        const known = kept[i];
        if (known) return known;
        const doc = read.get(id) ?? {};
        if (month < firstOpenMonth) finalMonths.set(id, doc);
        return doc;
      });
      const out = new Map<string, InsightCounts>();
      months.forEach((month, i) => {
        for (const [dd, counts] of Object.entries((docs[i]?.c ?? {}) as Record<string, Partial<InsightCounts>>)) out.set(`${month}-${dd.slice(1)}`, { ...zero(), ...counts });
      });
      return out;
    },
    /** The site's days added up: views and quote requests per listing, and searches that found nothing. */
    async siteTotals(days: readonly string[]): Promise<{ views: Map<string, number>; leads: Map<string, number>; empty: Map<string, number> }> {
      const views = new Map<string, number>();
      const leads = new Map<string, number>();
      const empty = new Map<string, number>();
      const add = (map: Map<string, number>, key: string, n: number) => map.set(key, (map.get(key) ?? 0) + n);
      const read = await readByIds(
        SiteDays.collection,
        days.map((d) => `site|${d}`),
      );
      for (const doc of days.map((d) => read.get(`site|${d}`))) {
        for (const [key, n] of Object.entries(doc?.views ?? {})) add(views, key, Number(n));
        for (const [key, n] of Object.entries(doc?.leads ?? {})) add(leads, key, Number(n));
        for (const [key, n] of Object.entries(doc?.empty ?? {})) add(empty, termOf(key), Number(n));
      }
      return { views, leads, empty };
    },
    /** Writes whole months of a listing's days (the benchmark's two years of history). */
    async writeMonths(key: string, days: ReadonlyArray<{ day: string; counts: InsightCounts }>): Promise<void> {
      const months = new Map<string, Record<string, InsightCounts>>();
      for (const { day, counts } of days) months.set(day.slice(0, 7), { ...(months.get(day.slice(0, 7)) ?? {}), [`d${day.slice(8, 10)}`]: counts });
      for (const [month, c] of months) await Months.collection.replaceOne({ _id: `${key}|${month}` as never }, { c }, { upsert: true });
    },
    async ensureIndexes(): Promise<void> {
      await Promise.all([Ledgers.init(), Months.init(), SiteDays.init(), Salts.init()]);
    },
  };
}
