import { Schema, type Connection } from 'mongoose';
import { modelOn } from '@mealprep/service-kit';

/** One sign-in e-mail: its link (by selector + token hash) and its code (hash). */
const loginTokenSchema = new Schema(
  {
    selector: { type: String, required: true, unique: true },
    email: { type: String, required: true, index: true },
    tokenHash: { type: String, required: true },
    codeHash: { type: String, required: true },
    createdAt: { type: Date, required: true },
    expiresAt: { type: Date, required: true },
    usedAt: { type: Date, default: null },
  },
  { collection: 'login_tokens', versionKey: false },
);

/**
 * The use of a sign-in e-mail, keyed by its selector. Inserting it is the one atomic step that
 * makes a link or code single use: the unique _id lets exactly one of any number of racing
 * requests (on any instance) through, on every MongoDB-compatible server.
 */
const useSchema = new Schema({ _id: { type: String, required: true }, at: { type: Date, required: true } }, { collection: 'login_token_uses', versionKey: false });

/** One code entered for an address; counted to kill the code after too many wrong ones. */
const codeTrySchema = new Schema({ email: { type: String, required: true }, at: { type: Date, required: true } }, { collection: 'login_code_tries', versionKey: false });
codeTrySchema.index({ email: 1, at: 1 });

export interface LiveToken {
  selector: string;
  email: string;
  createdAt: Date;
}

export type LoginTokenRepository = ReturnType<typeof loginTokenRepository>;

export function loginTokenRepository(connection: Connection) {
  const Tokens = modelOn(connection, 'LoginToken', loginTokenSchema);
  const Uses = modelOn(connection, 'LoginTokenUse', useSchema);
  const Tries = modelOn(connection, 'LoginCodeTry', codeTrySchema);
  const toLive = (doc: { selector: string; email: string; createdAt: Date }): LiveToken => ({ selector: doc.selector, email: doc.email, createdAt: doc.createdAt });

  return {
    async create(token: { selector: string; email: string; tokenHash: string; codeHash: string; createdAt: Date; expiresAt: Date }): Promise<void> {
      await Tokens.create(token);
    },
    /** The live, unused link with this selector and token hash (and address, when given). */
    async findLink(selector: string, tokenHash: string, now: Date, email?: string): Promise<LiveToken | null> {
      const doc = await Tokens.findOne({ selector, tokenHash, usedAt: null, expiresAt: { $gt: now }, ...(email ? { email } : {}) }).lean();
      return doc ? toLive(doc) : null;
    },
    /** The live, unused e-mails of this address whose code has this hash. */
    async findByCode(email: string, hash: string, now: Date): Promise<LiveToken[]> {
      const docs = await Tokens.find({ email, codeHash: hash, usedAt: null, expiresAt: { $gt: now } }).lean();
      return docs.map(toLive);
    },
    /** When the newest live sign-in e-mail of the address was sent, or null when none is live. */
    async newestLive(email: string, now: Date): Promise<Date | null> {
      const doc = await Tokens.findOne({ email, usedAt: null, expiresAt: { $gt: now } }).sort({ createdAt: -1 }).lean();
      return doc?.createdAt ?? null;
    },
    /** Uses a sign-in e-mail: true for exactly one caller, however many race. */
    async claim(selector: string, now: Date): Promise<boolean> {
      try {
        await Uses.create({ _id: selector, at: now });
      } catch (err) {
        if ((err as { code?: unknown }).code === 11000) return false;
        throw err;
      }
      await Tokens.updateOne({ selector }, { $set: { usedAt: now } });
      return true;
    },
    /** Records a code try and says how many were made since `since` (this one included). */
    async countCodeTry(email: string, since: Date, now: Date): Promise<number> {
      await Tries.create({ email, at: now });
      return Tries.countDocuments({ email, at: { $gte: since } });
    },
    /** Old records are of no use to anyone. */
    async deleteExpired(before: Date): Promise<void> {
      const old = await Tokens.find({ expiresAt: { $lt: before } }, { selector: 1 }).lean();
      await Promise.all([
        Tokens.deleteMany({ expiresAt: { $lt: before } }),
        Uses.deleteMany({ _id: { $in: old.map((d) => d.selector) } }),
        Tries.deleteMany({ at: { $lt: before } }),
      ]);
    },
    async ensureIndexes(): Promise<void> {
      await Promise.all([Tokens.init(), Uses.init(), Tries.init()]);
    },
  };
}
