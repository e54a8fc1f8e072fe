import { Schema, Types, type Connection } from 'mongoose';
import type { EventEnvelope } from '@mealprep/contracts';
import { carriesEvents, modelOn, type Outbox } from '@mealprep/service-kit';

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
userSchema.plugin(carriesEvents);

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
assignmentSchema.plugin(carriesEvents);

export interface StoredUser {
  id: string;
  email: string;
  /** When the account was made (ISO). */
  createdAt?: string;
}

const isDuplicateKey = (err: unknown) => typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 11000;

export type UserRepository = ReturnType<typeof userRepository>;

type Role = 'admin';

export function userRepository(connection: Connection, outbox: Outbox) {
  const Users = modelOn(connection, 'User', userSchema);
  const Roles = modelOn(connection, 'Role', roleSchema);
  const Assignments = modelOn(connection, 'RoleAssignment', assignmentSchema);
  const users = outbox.carrier(Users);
  const assignments = outbox.carrier(Assignments);
  const rolesOf = async (userId: string): Promise<Role[]> => {
    const docs = await Assignments.find({ userId }).lean();
    return docs.map((d) => d.role).filter((r): r is Role => r === 'admin');
  };
  const toUser = (doc: { _id: unknown; primaryEmail: string; createdAt?: Date | null }): StoredUser => ({
    id: String(doc._id),
    email: doc.primaryEmail,
    ...(doc.createdAt instanceof Date ? { createdAt: doc.createdAt.toISOString() } : {}),
  });

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
    /**
     * The user of this address, made on first sign-in with what that announces; `created` tells
     * which. Safe under races: one of them creates it.
     */
    async findOrCreate(email: string, now: Date, announce: (user: StoredUser) => EventEnvelope[]): Promise<{ user: StoredUser; created: boolean }> {
      const existing = await this.findByEmail(email);
      if (existing) return { user: existing, created: false };
      const _id = new Types.ObjectId();
      const events = announce(toUser({ _id, primaryEmail: email }));
      try {
        const doc = await Users.create(users.insert({ _id, primaryEmail: email, emails: [{ address: email, verified: true }], createdAt: now }, events));
        users.written([_id], events);
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
    rolesOf,
    /** Grants a role, with what it announces (given the roles the user then has); true when it was not held before. */
    async grant(userId: string, role: Role, now: Date, announce: (roles: Role[]) => EventEnvelope[]): Promise<boolean> {
      const _id = new Types.ObjectId();
      const events = announce([...new Set([...(await rolesOf(userId)), role])]);
      try {
        await Assignments.create(assignments.insert({ _id, userId, role, createdAt: now }, events));
        assignments.written([_id], events);
        return true;
      } catch (err) {
        if (isDuplicateKey(err)) return false;
        throw err;
      }
    },
    /** Revokes a role, with what it announces (given the roles the user is left with); true when it was held. */
    async revoke(userId: string, role: Role, announce: (roles: Role[]) => EventEnvelope[]): Promise<boolean> {
      const held = await Assignments.findOne({ userId, role }, { _id: 1 }).lean();
      if (!held) return false;
      const deleted = await assignments.deleteWith([held._id], announce((await rolesOf(userId)).filter((r) => r !== role)));
      return deleted > 0;
    },
    async ensureIndexes(): Promise<void> {
      await Promise.all([Users.init(), Roles.init(), Assignments.init()]);
      // The role records the assignments name.
      await Roles.updateOne({ name: 'admin' }, { $setOnInsert: { name: 'admin' } }, { upsert: true });
    },
  };
}
