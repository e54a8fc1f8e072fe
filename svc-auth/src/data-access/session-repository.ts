import { Schema, type Connection } from 'mongoose';
import { modelOn } from '@mealprep/service-kit';

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

export type SessionRepository = ReturnType<typeof sessionRepository>;

export function sessionRepository(connection: Connection) {
  const Sessions = modelOn(connection, 'Session', sessionSchema);
  return {
    async create(session: { tokenHash: string; userId: string; createdAt: Date; expiresAt: Date }): Promise<void> {
      await Sessions.create(session);
    },
    /** The user of a live session, or null when unknown, expired or revoked. */
    async liveUserId(tokenHash: string, now: Date): Promise<string | null> {
      const doc = await Sessions.findOne({ tokenHash, revokedAt: null, expiresAt: { $gt: now } }).lean();
      return doc?.userId ?? null;
    },
    /** Revokes a live session; returns its user, or null when there was none. */
    async revoke(tokenHash: string, now: Date): Promise<string | null> {
      const doc = await Sessions.findOneAndUpdate({ tokenHash, revokedAt: null }, { $set: { revokedAt: now } }).lean();
      return doc?.userId ?? null;
    },
    async ensureIndexes(): Promise<void> {
      await Sessions.init();
    },
  };
}
