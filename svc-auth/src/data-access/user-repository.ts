import { Schema, type Connection } from 'mongoose';
import { modelOn } from '@mealprep/service-kit';

const userSchema = new Schema(
  {
    /** The first address of `emails`, kept apart so it can carry a unique index. */
    primaryEmail: { type: String, required: true, unique: true },
    emails: { type: [{ _id: false, address: String, verified: Boolean }], default: [] },
    createdAt: { type: Date, required: true },
    lastLoginAt: { type: Date, default: null },
  },
  { collection: 'users', versionKey: false },
);

const roleSchema = new Schema({ name: { type: String, required: true, unique: true } }, { collection: 'roles', versionKey: false });

const assignmentSchema = new Schema(
  {
    userId: { type: String, required: true },
    role: { type: String, required: true },
    createdAt: { type: Date, required: true },
  },
  { collection: 'role_assignments', versionKey: false },
);
assignmentSchema.index({ userId: 1, role: 1 }, { unique: true });

export interface StoredUser {
  id: string;
  email: string;
}

const isDuplicateKey = (err: unknown) => typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 11000;

export type UserRepository = ReturnType<typeof userRepository>;

export function userRepository(connection: Connection) {
  const Users = modelOn(connection, 'User', userSchema);
  const Roles = modelOn(connection, 'Role', roleSchema);
  const Assignments = modelOn(connection, 'RoleAssignment', assignmentSchema);
  const toUser = (doc: { _id: unknown; primaryEmail: string }): StoredUser => ({ id: String(doc._id), email: doc.primaryEmail });

  return {
    async findByEmail(email: string): Promise<StoredUser | null> {
      const doc = await Users.findOne({ primaryEmail: email }).lean();
      return doc ? toUser(doc) : null;
    },
    async findById(id: string): Promise<StoredUser | null> {
      if (!/^[a-f0-9]{24}$/.test(id)) return null;
      const doc = await Users.findById(id).lean();
      return doc ? toUser(doc) : null;
    },
    /** The user of this address, made on first sign-in; `created` tells which. Safe under races. */
    async findOrCreate(email: string, now: Date): Promise<{ user: StoredUser; created: boolean }> {
      const existing = await this.findByEmail(email);
      if (existing) return { user: existing, created: false };
      try {
        const doc = await Users.create({ primaryEmail: email, emails: [{ address: email, verified: true }], createdAt: now });
        return { user: toUser(doc), created: true };
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
        const raced = await this.findByEmail(email);
        if (!raced) throw err;
        return { user: raced, created: false };
      }
    },
    async touchLogin(id: string, now: Date): Promise<void> {
      await Users.updateOne({ _id: id }, { $set: { lastLoginAt: now } });
    },
    async rolesOf(userId: string): Promise<Array<'admin'>> {
      const docs = await Assignments.find({ userId }).lean();
      return docs.map((d) => d.role).filter((r): r is 'admin' => r === 'admin');
    },
    /** True when the role was not held before. */
    async grant(userId: string, role: 'admin', now: Date): Promise<boolean> {
      try {
        await Assignments.create({ userId, role, createdAt: now });
        return true;
      } catch (err) {
        if (isDuplicateKey(err)) return false;
        throw err;
      }
    },
    /** True when the role was held. */
    async revoke(userId: string, role: 'admin'): Promise<boolean> {
      const result = await Assignments.deleteOne({ userId, role });
      return result.deletedCount > 0;
    },
    async ensureIndexes(): Promise<void> {
      await Promise.all([Users.init(), Roles.init(), Assignments.init()]);
      // The role records the assignments name.
      await Roles.updateOne({ name: 'admin' }, { $setOnInsert: { name: 'admin' } }, { upsert: true });
    },
  };
}
