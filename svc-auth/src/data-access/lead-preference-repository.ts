import { Schema, type Connection } from 'mongoose';
import type { LeadDetails, LeadMailMode } from '@mealprep/contracts';
import { modelOn } from '@mealprep/service-kit';

/**
 * Where and how an owner's quote requests are mailed (_id: the user's id): another address they
 * confirmed (null: their sign-in address), one waiting for its confirmation, and each request or a
 * daily digest. An owner who never changed anything has no document.
 */
const preferenceSchema = new Schema(
  { _id: { type: String, required: true }, address: { type: String, default: null }, pending: { type: String, default: null }, mode: { type: String, required: true } },
  { collection: 'lead_preferences', versionKey: false },
);

/**
 * A request waiting for its owner's daily digest (_id: the event's id, so a redelivery adds nothing):
 * what the digest says of it, kept only until the digest is sent (at most about a day and a half).
 */
const digestItemSchema = new Schema(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    /** The UTC day it arrived (YYYY-MM-DD): the digest of that day holds it. */
    day: { type: String, required: true },
    at: { type: Date, required: true },
    serviceName: { type: String, required: true },
    request: { type: Schema.Types.Mixed, required: true },
  },
  { collection: 'lead_digest_items', versionKey: false },
);
digestItemSchema.index({ day: 1 });

export interface LeadPreference {
  address: string | null;
  pending: string | null;
  mode: LeadMailMode;
}

export interface DigestItem {
  id: string;
  userId: string;
  day: string;
  at: Date;
  serviceName: string;
  request: LeadDetails;
}

export type LeadPreferenceRepository = ReturnType<typeof leadPreferenceRepository>;

export function leadPreferenceRepository(connection: Connection) {
  const Preferences = modelOn(connection, 'LeadPreference', preferenceSchema);
  const Items = modelOn(connection, 'LeadDigestItem', digestItemSchema);
  return {
    /** The owner's choices (the defaults when they never chose: sign-in address, each request). */
    async get(userId: string): Promise<LeadPreference> {
      const doc = await Preferences.findById(userId).lean();
      return { address: doc?.address ?? null, pending: doc?.pending ?? null, mode: doc?.mode === 'daily' ? 'daily' : 'each' };
    },
    async set(userId: string, preference: LeadPreference): Promise<void> {
      await Preferences.replaceOne({ _id: userId }, preference, { upsert: true });
    },
    /** Makes the waiting address the one requests go to, if it is still the one waiting; answers whether it was. */
    async confirm(userId: string, address: string): Promise<boolean> {
      const done = await Preferences.updateOne({ _id: userId, pending: address }, { $set: { address, pending: null } });
      return done.modifiedCount === 1;
    },
    /** Keeps a request for its owner's digest; a second call for the same event changes nothing. */
    async addDigestItem(item: DigestItem): Promise<void> {
      const { id, ...rest } = item;
      await Items.updateOne({ _id: id }, { $setOnInsert: rest }, { upsert: true });
    },
    /** The requests of the days before `day` still waiting for their digest, oldest first (at most `limit`). */
    async digestItemsBefore(day: string, limit: number): Promise<DigestItem[]> {
      const docs = await Items.find({ day: { $lt: day } })
        .sort({ at: 1 })
        .limit(limit)
        .lean();
      return docs.map((doc) => ({ id: String(doc._id), userId: doc.userId, day: doc.day, at: doc.at, serviceName: doc.serviceName, request: doc.request as LeadDetails }));
    },
    async dropDigestItems(ids: readonly string[]): Promise<void> {
      if (ids.length > 0) await Items.deleteMany({ _id: { $in: ids } });
    },
    async ensureIndexes(): Promise<void> {
      await Promise.all([Preferences.init(), Items.init()]);
    },
  };
}
