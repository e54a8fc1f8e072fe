import { Schema, type Connection } from 'mongoose';
import type { EventEnvelope } from '@mealprep/contracts';
import { carriesEvents, modelOn, type Outbox } from '@mealprep/service-kit';

const sessionSchema = new Schema(
  {
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
      await Sessions.create(session);
    },
    /** The user of a live session, or null when unknown, expired or revoked. */
    async liveUserId(tokenHash: string, now: Date): Promise<string | null> {
      const doc = await Sessions.findOne({ tokenHash, revokedAt: null, expiresAt: { $gt: now } }).lean();
      return doc?.userId ?? null;
    },
    /** Revokes a live session, with what it announces (given its user); returns the user, or null when there was none. */
    async revoke(tokenHash: string, now: Date, announce: (userId: string) => EventEnvelope[]): Promise<string | null> {
      const live = await Sessions.findOne({ tokenHash, revokedAt: null }, { _id: 1, userId: 1 }).lean();
      if (!live) return null;
      const events = announce(live.userId);
      const result = await Sessions.updateOne({ _id: live._id, revokedAt: null }, carrier.update({ $set: { revokedAt: now } }, events));
      if (result.modifiedCount === 0) return null;
      carrier.written([live._id], events);
      return live.userId;
    },
    async ensureIndexes(): Promise<void> {
      await Sessions.init();
    },
  };
}
