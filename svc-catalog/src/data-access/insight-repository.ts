import { randomBytes } from 'node:crypto';
import { Schema, type Connection } from 'mongoose';
import { INSIGHT_METRICS, type InsightCounts, type InsightHit } from '@mealprep/contracts';
import { modelOn } from '@mealprep/service-kit';
import type { Doc } from './service-model';

/*
 * Every read here is by _id alone: FerretDB's SQLite backend finds a document by key only for
 * {_id: value}, and reads the whole collection for any other filter.
 */

/**
 * One thing counted, kept only to recognise it again: a visitor (a hash that changes every day)
 * seeing a listing's page, following one of its links or being shown it, on a day; or searching
 * for something that found nothing. The _id is all of that: a second insert of it fails, so the
 * same visitor counts once a day per listing and kind, and a batch delivered twice counts once.
 */
const hitSchema = new Schema({ _id: { type: String, required: true }, d: { type: String, required: true } }, { collection: 'insight_hits', versionKey: false });

/** A listing's counts in a month: `c.d{DD}.{metric}`, one document per listing and month (_id `{listing}|{YYYY-MM}`). */
const monthSchema = new Schema({ _id: { type: String, required: true }, c: { type: Schema.Types.Mixed, default: {} } }, { collection: 'insight_months', versionKey: false, minimize: false });

/** The site's day (_id `site|{YYYY-MM-DD}`): views per listing, and the searches that found nothing (their text encoded: keys cannot hold dots). */
const siteDaySchema = new Schema(
  { _id: { type: String, required: true }, views: { type: Schema.Types.Mixed, default: {} }, empty: { type: Schema.Types.Mixed, default: {} } },
  { collection: 'insight_site_days', versionKey: false, minimize: false },
);

/** The salt of a day's visitor hashes: random, shared by every instance, removed after two days so old hashes cannot be recomputed. */
const saltSchema = new Schema({ _id: { type: String, required: true }, salt: { type: String, required: true } }, { collection: 'insight_salts', versionKey: false });

const isDuplicateKey = (err: unknown) => typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 11000;
const zero = (): InsightCounts => Object.fromEntries(INSIGHT_METRICS.map((m) => [m, 0])) as InsightCounts;
const hitId = (hit: InsightHit) => `${hit.day}|${hit.metric}|${hit.key}|${hit.visitor}`;
/** A search text as a key of a stored object, and back. */
const termKey = (term: string) => encodeURIComponent(term).replace(/\./g, '%2E');
const termOf = (key: string) => decodeURIComponent(key);

export type InsightRepository = ReturnType<typeof insightRepository>;

export function insightRepository(connection: Connection) {
  const Hits = modelOn(connection, 'InsightHit', hitSchema);
  const Months = modelOn(connection, 'InsightMonth', monthSchema);
  const SiteDays = modelOn(connection, 'InsightSiteDay', siteDaySchema);
  const Salts = modelOn(connection, 'InsightSalt', saltSchema);
  const byId = <T>(model: typeof Months | typeof SiteDays, ids: readonly string[]) => Promise.all(ids.map(async (id) => (await model.collection.findOne({ _id: id as never })) as T | null));

  return {
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
    /** Stores hits; answers those that were not there yet (the others repeat a visitor's day, or a batch delivered again). */
    async newHits(hits: readonly InsightHit[]): Promise<InsightHit[]> {
      const unique = [...new Map(hits.map((h) => [hitId(h), h])).values()];
      if (unique.length === 0) return [];
      try {
        // The driver's insert: mongoose would cast every document, most of the cost at a thousand a second.
        await Hits.collection.insertMany(
          unique.map((h) => ({ _id: hitId(h) as never, d: h.day })),
          { ordered: false },
        );
        return unique;
      } catch (err) {
        const errors = (err as { writeErrors?: Array<{ index: number; code: number }> | { index: number; code: number } }).writeErrors;
        const list = Array.isArray(errors) ? errors : errors ? [errors] : [];
        if (list.length === 0 || list.some((e) => e.code !== 11000)) throw err;
        const repeated = new Set(list.map((e) => e.index));
        return unique.filter((_, i) => !repeated.has(i));
      }
    },
    /**
     * Adds counts. Increments are not atomic on FerretDB when two writers change one document at
     * once, so only one writer may call this at a time: the hits' queue has one active consumer
     * over all instances (see entry-points/mq/insight-hits.ts).
     */
    async addCounts(listings: ReadonlyMap<string, InsightCounts>, site: { day: string; views: ReadonlyMap<string, number>; empty: ReadonlyMap<string, number> } | null, day: string): Promise<void> {
      const [month, dd] = [day.slice(0, 7), `d${day.slice(8, 10)}`];
      for (const [key, counts] of listings) {
        const inc = Object.fromEntries(INSIGHT_METRICS.filter((m) => counts[m] > 0).map((m) => [`c.${dd}.${m}`, counts[m]]));
        await Months.collection.updateOne({ _id: `${key}|${month}` as never }, { $inc: inc }, { upsert: true });
      }
      if (site && (site.views.size > 0 || site.empty.size > 0)) {
        const inc = { ...Object.fromEntries([...site.views].map(([key, n]) => [`views.${key}`, n])), ...Object.fromEntries([...site.empty].map(([term, n]) => [`empty.${termKey(term)}`, n])) };
        await SiteDays.collection.updateOne({ _id: `site|${site.day}` as never }, { $inc: inc }, { upsert: true });
      }
    },
    /** A listing's counts per day for the days asked (all zero where nothing was counted). */
    async countsByDay(key: string, days: readonly string[]): Promise<Map<string, InsightCounts>> {
      const months = [...new Set(days.map((d) => d.slice(0, 7)))];
      const docs = await byId<Doc>(
        Months,
        months.map((m) => `${key}|${m}`),
      );
      const out = new Map<string, InsightCounts>();
      months.forEach((month, i) => {
        for (const [dd, counts] of Object.entries((docs[i]?.c ?? {}) as Record<string, Partial<InsightCounts>>)) out.set(`${month}-${dd.slice(1)}`, { ...zero(), ...counts });
      });
      return out;
    },
    /** The site's days added up: views per listing and searches that found nothing. */
    async siteTotals(days: readonly string[]): Promise<{ views: Map<string, number>; empty: Map<string, number> }> {
      const views = new Map<string, number>();
      const empty = new Map<string, number>();
      const add = (map: Map<string, number>, key: string, n: number) => map.set(key, (map.get(key) ?? 0) + n);
      for (const doc of await byId<Doc>(
        SiteDays,
        days.map((d) => `site|${d}`),
      )) {
        for (const [key, n] of Object.entries(doc?.views ?? {})) add(views, key, Number(n));
        for (const [key, n] of Object.entries(doc?.empty ?? {})) add(empty, termOf(key), Number(n));
      }
      return { views, empty };
    },
    /** Removes the hits of days before `day` (too old for a late batch to repeat). */
    async dropHitsBefore(day: string): Promise<void> {
      await Hits.deleteMany({ d: { $lt: day } });
    },
    /** Writes whole months of a listing's days (the benchmark's two years of history). */
    async writeMonths(key: string, days: ReadonlyArray<{ day: string; counts: InsightCounts }>): Promise<void> {
      const months = new Map<string, Record<string, InsightCounts>>();
      for (const { day, counts } of days) months.set(day.slice(0, 7), { ...(months.get(day.slice(0, 7)) ?? {}), [`d${day.slice(8, 10)}`]: counts });
      for (const [month, c] of months) await Months.collection.replaceOne({ _id: `${key}|${month}` as never }, { c }, { upsert: true });
    },
    async ensureIndexes(): Promise<void> {
      await Promise.all([Hits.init(), Months.init(), SiteDays.init(), Salts.init()]);
    },
  };
}
