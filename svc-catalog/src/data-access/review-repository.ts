import { createHash } from 'node:crypto';
import { Schema, type Connection } from 'mongoose';
import type { EventEnvelope, HoldReason, ReviewStatus } from '@mealprep/contracts';
import { carriesEvents, modelOn, type Outbox } from '@mealprep/service-kit';
import { MAX_ATTEMPTS, pause, type Doc } from './service-model';

const reviewSchema = new Schema(
  {
    /** sha-256 of the listing and the reviewer, 24 hex digits (see reviewIdOf): one review per person per listing. */
    _id: { type: String, required: true },
    serviceId: { type: String, required: true },
    userId: { type: String, required: true },
    email: { type: String, default: '' },
    name: { type: String, default: '' },
    rating: { type: Number, required: true },
    text: { type: String, default: '' },
    /** The text's words in order (review-checks textKey): the same text in two reviews. */
    textKey: { type: String, index: true },
    status: { type: String, required: true },
    holdReasons: { type: [String], default: [] },
    reply: { type: new Schema({ text: String, at: Date, byUserId: String }, { _id: false }), default: null },
    reports: { type: [new Schema({ at: Date, reason: String, byUserId: String, byEmail: String, byOwner: Boolean }, { _id: false })], default: [] },
    /** How many reports came since staff last decided it (the reported queue). */
    openReports: { type: Number, default: 0 },
    /** Staff's reason for a rejection or removal. */
    reason: { type: String, default: null },
    decidedAt: { type: Date, default: null },
    decidedByUserId: { type: String, default: null },
    decidedByEmail: { type: String, default: null },
    createdAt: { type: Date, required: true },
    editedAt: { type: Date, default: null },
    version: { type: Number, default: 0 },
  },
  { collection: 'reviews', versionKey: false },
);
reviewSchema.index({ serviceId: 1, status: 1, createdAt: -1 });
reviewSchema.index({ status: 1, createdAt: -1 });
reviewSchema.index({ openReports: 1 });
reviewSchema.plugin(carriesEvents);

/**
 * Keys only one request may take, each a document whose _id is the key: an owner's one reply to a
 * review (`reply:{review}`) and each person's one report of it (`report:{review}:{user}`). An insert
 * of an _id that exists fails on every MongoDB wire-protocol server (FerretDB included), so two
 * requests at once cannot both take one, as a read then a write could.
 */
const keySchema = new Schema({ _id: { type: String, required: true }, at: Date }, { collection: 'review_keys', versionKey: false });

export interface StoredReview {
  id: string;
  serviceId: string;
  userId: string;
  email: string;
  name: string;
  rating: number;
  text: string;
  status: ReviewStatus;
  holdReasons: HoldReason[];
  reply: { text: string; at: string; byUserId: string } | null;
  reports: Array<{ at: string; reason: string; byUserId: string; byEmail: string; byOwner: boolean }>;
  openReports: number;
  reason: string | null;
  decidedAt: string | null;
  decidedByEmail: string | null;
  createdAt: string;
  editedAt: string | null;
  version: number;
}

const iso = (value: unknown): string | null => (value instanceof Date ? value.toISOString() : value ? new Date(String(value)).toISOString() : null);

function toReview(doc: Doc): StoredReview {
  return {
    id: String(doc._id),
    serviceId: doc.serviceId,
    userId: doc.userId,
    email: doc.email ?? '',
    name: doc.name ?? '',
    rating: doc.rating,
    text: doc.text ?? '',
    status: doc.status,
    holdReasons: doc.holdReasons ?? [],
    reply: doc.reply?.text ? { text: doc.reply.text, at: iso(doc.reply.at) ?? new Date(0).toISOString(), byUserId: doc.reply.byUserId ?? '' } : null,
    reports: (doc.reports ?? []).map((r: Doc) => ({
      at: iso(r.at) ?? new Date(0).toISOString(),
      reason: r.reason ?? '',
      byUserId: r.byUserId ?? '',
      byEmail: r.byEmail ?? '',
      byOwner: Boolean(r.byOwner),
    })),
    openReports: typeof doc.openReports === 'number' ? doc.openReports : 0,
    reason: doc.reason ?? null,
    decidedAt: iso(doc.decidedAt),
    decidedByEmail: doc.decidedByEmail ?? null,
    createdAt: iso(doc.createdAt) ?? new Date(0).toISOString(),
    editedAt: iso(doc.editedAt),
    version: typeof doc.version === 'number' ? doc.version : 0,
  };
}

/** A review's id: the same for the same person and listing, so a second review by them is refused by the database itself. */
export const reviewIdOf = (serviceId: string, userId: string) => createHash('sha256').update(`${serviceId}\n${userId}`).digest('hex').slice(0, 24);

export interface NewReview {
  serviceId: string;
  userId: string;
  email: string;
  name: string;
  rating: number;
  text: string;
  textKey: string;
  status: ReviewStatus;
  holdReasons: HoldReason[];
  createdAt: Date;
}

/** What a change of one review does, decided from the review as it was read; null: nothing to do. */
export interface ReviewChange {
  set: Doc;
  push?: Doc;
  events: EventEnvelope[];
}

const isDuplicateKey = (err: unknown) => typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 11000;

export type ReviewRepository = ReturnType<typeof reviewRepository>;

/** The reviews collection: one review per person per listing, version-guarded changes carrying their events, and the one-time keys. */
export function reviewRepository(connection: Connection, outbox: Outbox) {
  const Model = modelOn(connection, 'Review', reviewSchema);
  const Keys = modelOn(connection, 'ReviewKey', keySchema);
  const carrier = outbox.carrier(Model);
  return {
    /** Keeps a new review with its events; null when the person has one of the listing already. */
    async insert(review: NewReview, announce: (id: string) => EventEnvelope[]): Promise<StoredReview | null> {
      const _id = reviewIdOf(review.serviceId, review.userId);
      const events = announce(_id);
      try {
        const doc = await Model.create(carrier.insert({ _id, ...review, version: 0 }, events));
        carrier.written([_id], events);
        return toReview(doc.toObject() as Doc);
      } catch (err) {
        if (isDuplicateKey(err)) return null;
        throw err;
      }
    },
    /** Keeps reviews as they are (the demo catalogue's, published, announced to nobody); those of a person who has one of the listing already are left out. */
    async insertQuietly(reviews: readonly NewReview[]): Promise<number> {
      if (reviews.length === 0) return 0;
      try {
        const written = await Model.insertMany(
          reviews.map((review) => ({ _id: reviewIdOf(review.serviceId, review.userId), ...review, version: 0 })),
          { ordered: false, lean: true },
        );
        return written.length;
      } catch (err) {
        const failed = (err as { writeErrors?: Array<{ code?: number; err?: { code?: number } }> }).writeErrors ?? [];
        if (failed.length === 0 || !failed.every((e) => (e.code ?? e.err?.code) === 11000)) throw err;
        return reviews.length - failed.length;
      }
    },
    async findById(id: string): Promise<StoredReview | null> {
      const doc = await Model.findById(id).lean();
      return doc ? toReview(doc as Doc) : null;
    },
    async findMine(serviceId: string, userId: string): Promise<StoredReview | null> {
      return this.findById(reviewIdOf(serviceId, userId));
    },
    /**
     * Changes one review as `plan` decides from the review as it is: applied only to the version it
     * was read at (a change between makes it read and decide again). The review after, or null when
     * there is no such review; `plan` may throw to refuse, or return null to leave it.
     */
    async modify(id: string, plan: (current: StoredReview) => ReviewChange | null): Promise<{ before: StoredReview; after: StoredReview } | null> {
      for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
        if (attempt > 0) await pause(attempt);
        const doc = (await Model.findById(id).lean()) as Doc | null;
        if (!doc) return null;
        const before = toReview(doc);
        const change = plan(before);
        if (!change) return { before, after: before };
        const operations: Doc = { $set: change.set, $inc: { version: 1 } };
        if (change.push) operations.$push = change.push;
        const updated = await Model.findOneAndUpdate({ _id: id, version: before.version }, carrier.update(operations, change.events), { returnDocument: 'after' }).lean();
        if (!updated) continue;
        carrier.written([id], change.events);
        return { before, after: toReview(updated as Doc) };
      }
      throw new Error(`review ${id} kept changing: gave up after ${MAX_ATTEMPTS} tries`);
    },
    /** Deletes a review at the version it was read, with its events (the events are recorded on their own); false when it changed meanwhile. */
    async remove(review: StoredReview, events: EventEnvelope[]): Promise<boolean> {
      const deleted = await Model.deleteOne({ _id: review.id, version: review.version });
      if (deleted.deletedCount !== 1) return false;
      await outbox.record(events);
      await Keys.deleteMany({ _id: `reply:${review.id}` });
      return true;
    },
    /** The published reviews' ids, newest first, by listing (of one listing, or all): the order pages are cut from (review-shelf.ts). */
    async publishedOrder(serviceId?: string): Promise<Map<string, string[]>> {
      const docs = await Model.find({ status: 'published', ...(serviceId ? { serviceId } : {}) }, { _id: 1, serviceId: 1, createdAt: 1 }).lean();
      const rows = docs.map((d) => ({ id: String(d._id), serviceId: String(d.serviceId), at: new Date(d.createdAt as Date).getTime() }));
      rows.sort((a, b) => b.at - a.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      const order = new Map<string, string[]>(serviceId ? [[serviceId, []]] : []);
      for (const row of rows) order.set(row.serviceId, [...(order.get(row.serviceId) ?? []), row.id]);
      return order;
    },
    /** Reviews by id, in the order asked (those not found left out): read key by key, as MongoDB reads them from the _id index. */
    async findByIds(ids: readonly string[]): Promise<StoredReview[]> {
      if (ids.length === 0) return [];
      const docs = await Model.find({ _id: { $in: [...ids] } }).lean();
      const byId = new Map(docs.map((d) => [String(d._id), toReview(d as Doc)]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },
    /** The staff's queues: held (oldest first), reported (most reports first), or the decided ones of a status (newest first). */
    async forStaff(which: 'held' | 'reported' | 'published' | 'rejected' | 'removed', page: number, pageSize: number): Promise<{ items: StoredReview[]; total: number }> {
      const filter = which === 'reported' ? { openReports: { $gt: 0 } } : { status: which };
      const sort: Record<string, 1 | -1> = which === 'held' ? { createdAt: 1, _id: 1 } : which === 'reported' ? { openReports: -1, createdAt: 1, _id: 1 } : { createdAt: -1, _id: 1 };
      const [docs, total] = await Promise.all([
        Model.find(filter)
          .sort(sort)
          .skip((page - 1) * pageSize)
          .limit(pageSize)
          .lean(),
        Model.countDocuments(filter),
      ]);
      return { items: docs.map((d) => toReview(d as Doc)), total };
    },
    /** The average (one decimal) and count of a listing's published reviews, read from them now. */
    async summaryOf(serviceId: string): Promise<{ average: number | null; count: number }> {
      const docs = await Model.find({ serviceId, status: 'published' }, { rating: 1, _id: 0 }).lean();
      const sum = docs.reduce((total, d) => total + Number((d as Doc).rating), 0);
      return { count: docs.length, average: docs.length === 0 ? null : Math.round((sum / docs.length) * 10) / 10 };
    },
    /** How many reviews of a listing were written since `since`. */
    async countSince(serviceId: string, since: Date): Promise<number> {
      return Model.countDocuments({ serviceId, createdAt: { $gte: since } });
    },
    /** Whether a review other than `exceptId` has the same text. */
    async textSeen(key: string, exceptId: string): Promise<boolean> {
      return (await Model.exists({ textKey: key, _id: { $ne: exceptId } })) !== null;
    },
    /** The ids of a listing's reviews that a person reported (on the page shown). */
    async reportedBy(reviewIds: readonly string[], userId: string): Promise<string[]> {
      if (reviewIds.length === 0) return [];
      const keys = await Keys.find({ _id: { $in: reviewIds.map((id) => `report:${id}:${userId}`) } }, { _id: 1 }).lean();
      return keys.map((k) => String(k._id).split(':')[1]!);
    },
    /** True when the key was free and is taken now. */
    async take(key: string, at: Date): Promise<boolean> {
      try {
        await Keys.create({ _id: key, at });
        return true;
      } catch (err) {
        if (isDuplicateKey(err)) return false;
        throw err;
      }
    },
    async release(key: string): Promise<void> {
      await Keys.deleteOne({ _id: key });
    },
    async ensureIndexes(): Promise<void> {
      await Promise.all([Model.init(), Keys.init()]);
    },
  };
}
