import { Schema, Types, type Connection } from 'mongoose';
import type { CheckFilter, EventEnvelope, ReviewAction, WebsiteCheck } from '@mealprep/contracts';
import { carriesEvents, modelOn, type Outbox } from '@mealprep/service-kit';
import type { CheckResult } from '../domain/check-website';
import type { ProjectedService } from './service-projection-repository';

/**
 * The current website check of each service: one document per service (a unique serviceId), so
 * however often a job runs, a service has exactly one current result.
 */
const checkSchema = new Schema(
  {
    serviceId: { type: String, required: true, unique: true },
    serviceName: { type: String, default: '' },
    serviceSlug: { type: String, default: '' },
    websiteUrl: { type: String, default: '' },
    status: { type: String, default: null },
    httpStatus: { type: Number, default: null },
    errorMessage: { type: String, default: null },
    flags: { type: [String], default: [] },
    finalUrl: { type: String, default: null },
    /** How long the check took, retries included. */
    durationMs: { type: Number, default: null },
    checkedAt: { type: Date, default: null, index: true },
    nextCheckDue: { type: Date, default: null, index: true },
    reviewed: { type: Boolean, default: false },
    reviewedAt: { type: Date, default: null },
    reviewAction: { type: String, default: null },
    suggestedAction: { type: String, default: null },
    /** When it was last put on the queue; the scheduler does not queue it again while this is recent. */
    queuedAt: { type: Date, default: null },
    createdAt: { type: Date, default: () => new Date() },
  },
  { collection: 'website_checks', versionKey: false },
);
checkSchema.plugin(carriesEvents);

/**
 * The most updates one bulk write sends in a command: FerretDB 1.24 holds a SQLite connection for
 * each statement of an update command until the command ends, from a pool of 100, so a command of
 * 100 updates or more never ends.
 */
const UPDATES_PER_WRITE = 50;

type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- a lean document as the driver gives it, read field by field where it is mapped

/**
 * A service's check row has the service's id as its own `_id` (service ids are ObjectIds), so a
 * worker finds and updates it by `_id` alone: the one filter FerretDB answers from its primary key
 * instead of reading the whole collection.
 */
const rowId = (serviceId: string) => (Types.ObjectId.isValid(serviceId) && /^[0-9a-f]{24}$/i.test(serviceId) ? new Types.ObjectId(serviceId) : null);
const byService = (serviceId: string) => {
  const id = rowId(serviceId);
  return id ? { _id: id } : { serviceId };
};
const iso = (d: unknown) => (d ? new Date(d as string).toISOString() : null);

function toCheck(d: Doc): WebsiteCheck {
  return {
    id: String(d._id),
    serviceId: d.serviceId,
    serviceName: d.serviceName ?? '',
    serviceSlug: d.serviceSlug ?? '',
    websiteUrl: d.websiteUrl ?? '',
    status: d.status ?? null,
    httpStatus: d.httpStatus ?? null,
    errorMessage: d.errorMessage ?? null,
    flags: d.flags ?? [],
    finalUrl: d.finalUrl ?? null,
    checkedAt: iso(d.checkedAt),
    nextCheckDue: iso(d.nextCheckDue),
    reviewedAt: iso(d.reviewedAt),
    reviewAction: d.reviewAction ?? null,
    suggestedAction: d.suggestedAction ?? null,
  };
}

const FILTERS: Record<CheckFilter, Doc> = {
  unreviewed: { reviewed: false, suggestedAction: 'review' },
  reviewed: { reviewed: true },
  all: {},
};

export type CheckRepository = ReturnType<typeof checkRepository>;

export function checkRepository(connection: Connection, outbox: Outbox) {
  const Model = modelOn(connection, 'WebsiteCheck', checkSchema);
  const carrier = outbox.carrier(Model);
  return {
    /**
     * A row for each service that has none yet, so it shows as 'Never checked' while its job
     * waits. Rows that exist are not touched: rewriting hundreds of rows is slow on FerretDB (about
     * 10 ms a document), and the answer to Check All must come at once.
     */
    async addMissing(services: ProjectedService[], now: Date): Promise<void> {
      const existing = new Set((await Model.find({}, { serviceId: 1 }).lean()).map((d) => String((d as Doc).serviceId)));
      const missing = services.filter((s) => !existing.has(s.id));
      if (missing.length === 0) return;
      try {
        await Model.insertMany(
          missing.map((s) => ({ ...byService(s.id), serviceId: s.id, serviceName: s.name, serviceSlug: s.slug, websiteUrl: s.website, queuedAt: now, createdAt: now })),
          { ordered: false },
        );
      } catch (err) {
        // A row that a worker stored meanwhile is fine (the unique serviceId refused the copy).
        const writeErrors = (err as { writeErrors?: Array<{ code?: number; err?: { code?: number } }> }).writeErrors;
        if (!writeErrors || writeErrors.some((e) => (e.code ?? e.err?.code) !== 11000)) throw err;
      }
    },
    /** Marks scheduled checks as queued, so the scheduler does not queue them again while they wait. */
    async markQueued(serviceIds: string[], now: Date): Promise<void> {
      if (serviceIds.length) await Model.updateMany({ serviceId: { $in: serviceIds } }, { $set: { queuedAt: now } });
    },
    /**
     * Stores a service's newest result (one row per service, found by its `_id`: one write, the
     * cheapest FerretDB has). A new result ends an "ignore until next check". A job delivered again
     * after a crash stores its fresh result over the same row; its run counts it once.
     */
    async recordResult(service: ProjectedService, result: CheckResult, now: Date, nextCheckDue: Date): Promise<void> {
      const key = byService(service.id);
      const update = {
        $set: {
          serviceName: service.name,
          serviceSlug: service.slug,
          websiteUrl: service.website,
          status: result.status,
          httpStatus: result.httpStatus,
          errorMessage: result.errorMessage,
          flags: result.flags,
          finalUrl: result.finalUrl,
          durationMs: result.durationMs,
          suggestedAction: result.suggestedAction,
          checkedAt: now,
          nextCheckDue,
          queuedAt: null,
          reviewed: false,
          reviewedAt: null,
          reviewAction: null,
        },
        $setOnInsert: { ...('_id' in key ? { serviceId: service.id } : {}), createdAt: now },
      };
      try {
        await Model.updateOne(key, update, { upsert: true });
      } catch (err) {
        // Another worker created the row a moment ago: store over it.
        if ((err as { code?: unknown }).code !== 11000) throw err;
        await Model.updateOne({ serviceId: service.id }, update);
      }
    },
    async findById(id: string): Promise<WebsiteCheck | null> {
      if (!Types.ObjectId.isValid(id)) return null;
      const doc = await Model.findById(id).lean();
      return doc ? toCheck(doc as Doc) : null;
    },
    async findByIds(ids: string[]): Promise<WebsiteCheck[]> {
      return (await Model.find({ _id: { $in: ids } }).lean()).map((d) => toCheck(d as Doc));
    },
    async findByServiceId(serviceId: string): Promise<WebsiteCheck | null> {
      const doc = await Model.findOne(byService(serviceId)).lean();
      return doc ? toCheck(doc as Doc) : null;
    },
    /** Newest check first; rows never checked come last. */
    async list(filter: CheckFilter, page: number, pageSize: number): Promise<{ items: WebsiteCheck[]; total: number }> {
      const query = FILTERS[filter];
      const [docs, total] = await Promise.all([
        Model.find(query)
          .sort({ checkedAt: -1, _id: -1 })
          .skip((page - 1) * pageSize)
          .limit(pageSize)
          .lean(),
        Model.countDocuments(query),
      ]);
      return { items: docs.map((d) => toCheck(d as Doc)), total };
    },
    /**
     * Reviews checks, each with what its review announces in the same write (bulk writes of one
     * update by _id per check, UPDATES_PER_WRITE to a command); returns how many were found.
     */
    async review(checks: ReadonlyArray<{ id: string; serviceId: string }>, action: ReviewAction, now: Date, announce: (check: { id: string; serviceId: string }) => EventEnvelope[]): Promise<number> {
      let found = 0;
      for (let start = 0; start < checks.length; start += UPDATES_PER_WRITE) {
        const group = checks.slice(start, start + UPDATES_PER_WRITE).map((check) => ({ check, events: announce(check) }));
        const answer = await Model.bulkWrite(
          group.map(({ check, events }) => ({
            updateOne: { filter: { _id: check.id }, update: carrier.update({ $set: { reviewed: true, reviewedAt: now, reviewAction: action } }, events) },
          })),
          { ordered: false },
        );
        // Some were gone (removed meanwhile): the ones still there are those the write found.
        const there = answer.matchedCount === group.length ? null : new Set((await Model.find({ _id: { $in: group.map(({ check }) => check.id) } }, { _id: 1 }).lean()).map((d) => String(d._id)));
        for (const { check, events } of group) {
          if (there && !there.has(check.id)) continue;
          carrier.written([check.id], events);
          found += 1;
        }
      }
      return found;
    },
    async removeService(serviceId: string): Promise<void> {
      await Model.deleteOne(byService(serviceId));
    },
    async checkedServiceIds(): Promise<Set<string>> {
      return new Set((await Model.find({ checkedAt: { $ne: null } }, { _id: 0, serviceId: 1 }).lean()).map((d) => String((d as Doc).serviceId)));
    },
    /** Current results by status; rows not checked yet count as `none`. */
    async countByStatus(): Promise<Record<string, number>> {
      const counts: Record<string, number> = {};
      for (const d of await Model.find({}, { _id: 0, status: 1 }).lean()) {
        const status = String((d as Doc).status ?? 'none');
        counts[status] = (counts[status] ?? 0) + 1;
      }
      return counts;
    },
    async countCheckedSince(since: Date): Promise<number> {
      return Model.countDocuments({ checkedAt: { $gte: since } });
    },
    async mostRecentCheckAt(): Promise<string | null> {
      const doc = await Model.findOne({ checkedAt: { $ne: null } }, { checkedAt: 1 })
        .sort({ checkedAt: -1 })
        .lean();
      return doc ? iso((doc as Doc).checkedAt) : null;
    },
    /** Services whose next check is due and that are not already waiting on the queue. */
    async due(now: Date, staleQueueBefore: Date, limit: number): Promise<string[]> {
      const docs = await Model.find({ nextCheckDue: { $lte: now }, $or: [{ queuedAt: null }, { queuedAt: { $lt: staleQueueBefore } }] }, { serviceId: 1 })
        .limit(limit)
        .lean();
      return docs.map((d) => String((d as Doc).serviceId));
    },
    async ensureIndexes(): Promise<void> {
      await Model.init();
    },
  };
}
