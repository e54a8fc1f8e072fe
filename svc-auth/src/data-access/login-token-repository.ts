import { Schema, type Connection } from 'mongoose';
import { modelOn } from '@mealprep/service-kit';

/** One sign-in e-mail: its link (by selector + token hash) and its code (hash), both single use. */
const loginTokenSchema = new Schema(
  {
    selector: { type: String, required: true, unique: true },
    email: { type: String, required: true, index: true },
    tokenHash: { type: String, required: true },
    codeHash: { type: String, required: true },
    attempts: { type: Number, default: 0 },
    createdAt: { type: Date, required: true },
    expiresAt: { type: Date, required: true },
    usedAt: { type: Date, default: null },
  },
  { collection: 'login_tokens', versionKey: false },
);

export type LoginTokenRepository = ReturnType<typeof loginTokenRepository>;

export function loginTokenRepository(connection: Connection) {
  const Tokens = modelOn(connection, 'LoginToken', loginTokenSchema);
  return {
    async create(token: { selector: string; email: string; tokenHash: string; codeHash: string; createdAt: Date; expiresAt: Date }): Promise<void> {
      await Tokens.create(token);
    },
    /** Whether a live, unused link with this selector and token hash exists (does not use it). */
    async linkExists(selector: string, tokenHash: string, now: Date): Promise<boolean> {
      return (await Tokens.exists({ selector, tokenHash, usedAt: null, expiresAt: { $gt: now } })) !== null;
    },
    /**
     * Uses a link: one atomic update that matches only a live, unused token of this address, so of
     * two simultaneous uses exactly one gets the record back.
     */
    async consumeLink(selector: string, tokenHash: string, email: string, now: Date): Promise<boolean> {
      const doc = await Tokens.findOneAndUpdate(
        { selector, tokenHash, email, usedAt: null, expiresAt: { $gt: now } },
        { $set: { usedAt: now } },
      ).lean();
      return doc !== null;
    },
    /** Uses a code the same way; a code with too many wrong tries no longer matches. */
    async consumeCode(email: string, hash: string, maxAttempts: number, now: Date): Promise<boolean> {
      const doc = await Tokens.findOneAndUpdate(
        { email, codeHash: hash, usedAt: null, expiresAt: { $gt: now }, attempts: { $lt: maxAttempts } },
        { $set: { usedAt: now } },
      ).lean();
      return doc !== null;
    },
    /** Counts a wrong code against every live code of the address; returns the fewest tries left. */
    async recordWrongCode(email: string, maxAttempts: number, now: Date): Promise<number | null> {
      const live = { email, usedAt: null, expiresAt: { $gt: now } };
      await Tokens.updateMany({ ...live, attempts: { $lt: maxAttempts } }, { $inc: { attempts: 1 } });
      const docs = await Tokens.find(live).lean();
      if (docs.length === 0) return null;
      return Math.max(...docs.map((d) => maxAttempts - (d.attempts ?? 0)));
    },
    /** Old records are of no use to anyone. */
    async deleteExpired(before: Date): Promise<void> {
      await Tokens.deleteMany({ expiresAt: { $lt: before } });
    },
    async ensureIndexes(): Promise<void> {
      await Tokens.init();
    },
  };
}
