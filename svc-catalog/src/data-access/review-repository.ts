import { randomBytes } from 'node:crypto';
import { Schema, type Connection } from 'mongoose';
import type { EventEnvelope, HoldReason, ReplyStatus, ReviewStatus } from '@mealprep/contracts';
import { carriesEvents, LOST_RACE, modelOn, untilWritten, type Outbox } from '@mealprep/service-kit';
import type { Doc } from './service-model';

const replySchema = new Schema(
  { text: String, at: Date, byUserId: String, status: { type: String, default: 'published' }, holdReasons: { type: [String], default: [] }, reason: { type: String, default: null } },
  { _id: false },
);

/**
 * Reviews, each read and written by its id alone: 24 random hex digits, so knowing a person's id
 * tells nobody where their reviews are. One review per person per listing is kept by the
 * reviewer's record of the listing (review-records.ts), not by the id.
 */
const reviewSchema = new Schema(
  {
    _id: { type: String, required: true },
    serviceId: { type: String, required: true },
    userId: { type: String, required: true },
    email: { type: String, default: '' },
    name: { type: String, default: '' },
    rating: { type: Number, required: true },
    text: { type: String, default: '' },
    /** The text's words in order (review-checks textKey): the same text in two reviews. */
    textKey: { type: String, default: '' },
    /** Whether it counts toward its listing's burst of reviews (its writer's account was over a day old). */
    countsForBurst: { type: Boolean, default: true },
    status: { type: String, required: true },
    holdReasons: { type: [String], default: [] },
    reply: { type: replySchema, default: null },
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
reviewSchema.plugin(carriesEvents);

export interface StoredReply {
  text: string;
  at: string;
  byUserId: string;
  status: ReplyStatus;
  holdReasons: HoldReason[];
  reason: string | null;
}

export interface StoredReview {
  id: string;
  serviceId: string;
  userId: string;
  email: string;
  name: string;
  rating: number;
  text: string;
  textKey: string;
  countsForBurst: boolean;
  status: ReviewStatus;
  holdReasons: HoldReason[];
  reply: StoredReply | null;
  reports: Array<{ at: string; reason: string; byUserId: string; byEmail: string; byOwner: boolean }>;
  openReports: number;
  reason: string | null;
  decidedAt: string | null;
  decidedByEmail: string | null;
  createdAt: string;
  editedAt: string | null;
  version: number;
}

/** What the staff's queues keep of a review (review-queues.ts). */
export interface QueuedReview {
  id: string;
  /** The review's version when it was read: an older read of it never replaces a newer one. */
  version: number;
  serviceId: string;
  status: ReviewStatus;
  createdAt: number;
  openReports: number;
  replyHeld: boolean;
}

const iso = (value: unknown): string | null => (value instanceof Date ? value.toISOString() : value ? new Date(String(value)).toISOString() : null);

function toReply(reply: Doc | null | undefined): StoredReply | null {
  if (!reply?.text) return null;
  return {
    text: reply.text,
    at: iso(reply.at) ?? new Date(0).toISOString(),
    byUserId: reply.byUserId ?? '',
    status: reply.status ?? 'published',
    holdReasons: reply.holdReasons ?? [],
    reason: reply.reason ?? null,
  };
}

function toReview(doc: Doc): StoredReview {
  return {
    id: String(doc._id),
    serviceId: doc.serviceId,
    userId: doc.userId,
    email: doc.email ?? '',
    name: doc.name ?? '',
    rating: doc.rating,
    text: doc.text ?? '',
    textKey: doc.textKey ?? '',
    countsForBurst: doc.countsForBurst !== false,
    status: doc.status,
    holdReasons: doc.holdReasons ?? [],
    reply: toReply(doc.reply),
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

export const asQueued = (review: Pick<StoredReview, 'id' | 'version' | 'serviceId' | 'status' | 'createdAt' | 'openReports' | 'reply'>): QueuedReview => ({
  id: review.id,
  version: review.version,
  serviceId: review.serviceId,
  status: review.status,
  createdAt: Date.parse(review.createdAt),
  openReports: review.openReports,
  replyHeld: review.reply?.status === 'held',
});

/** A new review's id: 96 random bits, in the shape review ids have always had (24 hex digits). */
export const newReviewId = () => randomBytes(12).toString('hex');

export interface NewReview {
  serviceId: string;
  userId: string;
  email: string;
  name: string;
  rating: number;
  text: string;
  textKey: string;
  countsForBurst: boolean;
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

export type ReviewRepository = ReturnType<typeof reviewRepository>;

/** The reviews collection (read and written by id), version-guarded changes carrying their events, and the one-time keys. */
export function reviewRepository(connection: Connection, outbox: Outbox) {
  const Model = modelOn(connection, 'Review', reviewSchema);
  const carrier = outbox.carrier(Model);
  return {
    /** Keeps a new review under `id` with its events. */
    async insert(id: string, review: NewReview, events: EventEnvelope[]): Promise<StoredReview> {
      const doc = await Model.create(carrier.insert({ _id: id, ...review, version: 0 }, events));
      carrier.written([id], events);
      return toReview(doc.toObject() as Doc);
    },
    /** Keeps reviews as they are (the demo catalogue's, announced to nobody), each under its id. */
    async insertQuietly(reviews: ReadonlyArray<NewReview & { id: string }>): Promise<void> {
      if (reviews.length === 0) return;
      await Model.insertMany(
        reviews.map(({ id, ...review }) => ({ _id: id, ...review, version: 0 })),
        { ordered: false, lean: true },
      );
    },
    async findById(id: string): Promise<StoredReview | null> {
      const doc = await Model.findById(id).lean();
      return doc ? toReview(doc as Doc) : null;
    },
    /**
     * Changes one review as `plan` decides from the review as it is: applied only to the version it
     * was read at (a change between makes it read and decide again). The review after, or null when
     * there is no such review; `plan` may throw to refuse, or return null to leave it.
     */
    async modify(id: string, plan: (current: StoredReview) => ReviewChange | null): Promise<{ before: StoredReview; after: StoredReview } | null> {
      return untilWritten(
        async () => {
          const doc = (await Model.findById(id).lean()) as Doc | null;
          if (!doc) return null;
          const before = toReview(doc);
          const change = plan(before);
          if (!change) return { before, after: before };
          const operations: Doc = { $set: change.set, $inc: { version: 1 } };
          if (change.push) operations.$push = change.push;
          const updated = await Model.findOneAndUpdate({ _id: id, version: before.version }, carrier.update(operations, change.events), { returnDocument: 'after' }).lean();
          if (!updated) return LOST_RACE;
          carrier.written([id], change.events);
          return { before, after: toReview(updated as Doc) };
        },
        () => {
          throw new Error(`review ${id} kept changing: gave up after every try`);
        },
      );
    },
    /** Deletes a review at the version it was read, with its events (the events are recorded on their own); false when it changed meanwhile. */
    async remove(review: StoredReview, events: EventEnvelope[]): Promise<boolean> {
      // findOneAndDelete: the review deleted, or null when its version changed meanwhile.
      const deleted = await Model.findOneAndDelete({ _id: review.id, version: review.version }).lean();
      if (!deleted) return false;
      await outbox.record(events);
      return true;
    },
    /** Reviews by id, in the order asked (those not found left out): read key by key, as MongoDB reads them from the _id index. */
    async findByIds(ids: readonly string[]): Promise<StoredReview[]> {
      if (ids.length === 0) return [];
      const docs = await Model.find({ _id: { $in: [...ids] } }).lean();
      const byId = new Map(docs.map((d) => [String(d._id), toReview(d as Doc)]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },
    /** Every review, a batch at a time: a whole read, for the staff's queues when an instance starts and for rebuilding the listings' records. */
    async *all(): AsyncGenerator<StoredReview> {
      for await (const doc of Model.find().lean().cursor({ batchSize: 1_000 })) yield toReview(doc as Doc);
    },
    /** The ids of the reviews a person reported (of those asked, read by their ids). */
    async reportedBy(reviewIds: readonly string[], userId: string): Promise<string[]> {
      if (reviewIds.length === 0) return [];
      const docs = await Model.find({ _id: { $in: [...reviewIds] } }, { _id: 1, reports: 1 }).lean();
      return docs.filter((doc) => ((doc as Doc).reports ?? []).some((report: Doc) => report.byUserId === userId)).map((doc) => String(doc._id));
    },
    async isEmpty(): Promise<boolean> {
      return (await Model.exists({})) === null;
    },
    async ensureIndexes(): Promise<void> {
      await Model.init();
    },
  };
}
