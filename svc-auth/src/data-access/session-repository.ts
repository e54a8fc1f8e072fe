import { Schema, type Connection } from 'mongoose';
import type { EventEnvelope } from '@mealprep/contracts';
import { carriesEvents, modelOn, type Outbox } from '@mealprep/service-kit';

/**
 * A session is kept under the hash of its token as its _id: resolving a cookie (every signed-in
 * request the gateway has not cached) is a lookup by key, which FerretDB does without reading the
 * whole collection; a filter on another field read every session there is.
 */
const sessionSchema = new Schema(
  {
    _id: { type: String, required: true },
    tokenHash: { type: String, required: true, unique: true },
    userId: { type: String, required: true, index: true },
    createdAt: { type: Date, required: true },
    expiresAt: { type: Date, required: true },
    revokedAt: { type: Date, default: null },
  },
  { collection: 'sessions', versionKey: false },
);
sessionSchema.plugin(carriesEvents);

export type SessionRepository = ReturnType<typeof sessionRepository>;

export function sessionRepository(connection: Connection, outbox: Outbox) {
  const Sessions = modelOn(connection, 'Session', sessionSchema);
  const carrier = outbox.carrier(Sessions);
  return {
    async create(session: { tokenHash: string; userId: string; createdAt: Date; expiresAt: Date }): Promise<void> {
      await Sessions.create({ _id: session.tokenHash, ...session });
    },
    /** The user of a live session, or null when unknown, expired or revoked. */
    async liveUserId(tokenHash: string, now: Date): Promise<string | null> {
      const doc = await Sessions.findById(tokenHash).lean();
      return doc && doc.revokedAt === null && doc.expiresAt > now ? doc.userId : null;
    },
    /** Revokes a live session, with what it announces (given its user); returns the user, or null when there was none. */
    async revoke(tokenHash: string, now: Date, announce: (userId: string) => EventEnvelope[]): Promise<string | null> {
      const live = await Sessions.findById(tokenHash, { _id: 1, userId: 1, revokedAt: 1 }).lean();
      if (!live || live.revokedAt !== null) return null;
      const events = announce(live.userId);
      const result = await Sessions.updateOne({ _id: live._id, revokedAt: null }, carrier.update({ $set: { revokedAt: now } }, events));
      if (result.modifiedCount === 0) return null;
      carrier.written([live._id], events);
      return live.userId;
    },
    async ensureIndexes(): Promise<void> {
      await Sessions.init();
      // Sessions stored before they were keyed by their hash move under it, once.
      const keyed = Sessions.collection;
      for (const doc of await keyed.find({}, { projection: { _id: 1, tokenHash: 1 } }).toArray()) {
        if (doc._id === doc.tokenHash || typeof doc.tokenHash !== 'string') continue;
        const whole = await keyed.findOne({ _id: doc._id });
        if (!whole) continue;
        await keyed.deleteOne({ _id: doc._id });
        await keyed.insertOne({ ...whole, _id: doc.tokenHash as never });
      }
    },
  };
}
