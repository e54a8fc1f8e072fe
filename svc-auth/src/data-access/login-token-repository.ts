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
loginTokenSchema.index({ email: 1, createdAt: -1 });

/**
 * The use of a sign-in e-mail, keyed by its selector. Inserting it is the one atomic step that
 * makes a link or code single use: the unique _id lets exactly one of any number of racing
 * requests (on any instance) through, on every MongoDB-compatible server.
 */
const useSchema = new Schema({ _id: { type: String, required: true }, at: { type: Date, required: true } }, { collection: 'login_token_uses', versionKey: false });

/** One code entered against one sign-in e-mail (its selector); counted to kill that code after too many. */
const codeTrySchema = new Schema({ selector: { type: String, required: true }, at: { type: Date, required: true } }, { collection: 'login_code_tries', versionKey: false });
codeTrySchema.index({ selector: 1 });

export interface SignInMail {
  selector: string;
  email: string;
  tokenHash: string;
  codeHash: string;
  createdAt: Date;
  expiresAt: Date;
  /** Its link or code has signed someone in. */
  used: boolean;
}

export type LoginTokenRepository = ReturnType<typeof loginTokenRepository>;

export function loginTokenRepository(connection: Connection) {
  const Tokens = modelOn(connection, 'LoginToken', loginTokenSchema);
  const Uses = modelOn(connection, 'LoginTokenUse', useSchema);
  const Tries = modelOn(connection, 'LoginCodeTry', codeTrySchema);

  type Doc = Omit<SignInMail, 'used'> & { usedAt: Date | null };
  // usedAt is set just after the use is inserted: the use record is what counts.
  const toMail = async (doc: Doc | null): Promise<SignInMail | null> => {
    if (!doc) return null;
    const used = doc.usedAt !== null || (await Uses.exists({ _id: doc.selector })) !== null;
    return { selector: doc.selector, email: doc.email, tokenHash: doc.tokenHash, codeHash: doc.codeHash, createdAt: doc.createdAt, expiresAt: doc.expiresAt, used };
  };

  return {
    async create(token: { selector: string; email: string; tokenHash: string; codeHash: string; createdAt: Date; expiresAt: Date }): Promise<void> {
      await Tokens.create(token);
    },
    /** The sign-in e-mail with this selector, whatever its state. */
    async bySelector(selector: string): Promise<SignInMail | null> {
      return toMail(await Tokens.findOne({ selector }).lean<Doc>());
    },
    /** The address's newest sign-in e-mail, whatever its state (ties by insertion order). */
    async newest(email: string): Promise<SignInMail | null> {
      return toMail(await Tokens.findOne({ email }).sort({ createdAt: -1, _id: -1 }).lean<Doc>());
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
    /**
     * Records a code try against one sign-in e-mail and says how many it has had (this one
     * included). An insert, then a count: the n-th try inserted always counts at least n.
     */
    async countCodeTry(selector: string, now: Date): Promise<number> {
      await Tries.create({ selector, at: now });
      return Tries.countDocuments({ selector });
    },
    /** Old records are of no use to anyone. */
    async deleteExpired(before: Date): Promise<void> {
      const old = await Tokens.find({ expiresAt: { $lt: before } }, { selector: 1 }).lean();
      await Promise.all([Tokens.deleteMany({ expiresAt: { $lt: before } }), Uses.deleteMany({ _id: { $in: old.map((d) => d.selector) } }), Tries.deleteMany({ at: { $lt: before } })]);
    },
    async ensureIndexes(): Promise<void> {
      await Promise.all([Tokens.init(), Uses.init(), Tries.init()]);
    },
  };
}
