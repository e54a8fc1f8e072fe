import { Schema, Types, type Connection } from 'mongoose';
import { MAX_WAITING_CLAIMS, type Claim, type ClaimKind, type ClaimStatus } from '@mealprep/contracts';
import { modelOn } from '@mealprep/service-kit';
import type { Doc } from './service-model';

const claimSchema = new Schema(
  {
    serviceId: { type: String, required: true, index: true },
    serviceName: String,
    serviceSlug: String,
    kind: String,
    status: { type: String, index: true },
    claimantUserId: { type: String, required: true, index: true },
    claimantEmail: String,
    /** The listing's owner when the claim was sent (null: none): what a decision expects unless the admin says what they saw. */
    ownerUserIdWhenSent: { type: String, default: undefined },
    note: String,
    reason: { type: String, default: null },
    createdAt: Date,
    decidedAt: { type: Date, default: null },
    decidedByUserId: { type: String, default: null },
    decidedByEmail: { type: String, default: null },
  },
  { collection: 'claims', versionKey: false },
);

/**
 * Keys that only one claim may hold at a time, each a document whose _id is the key: a claimant's
 * waiting slots (`slot:{user}:{1..3}`), their one waiting claim per listing (`open:{service}:{user}`)
 * and each claim's one decision (`decided:{claim}`). Inserting a document with an _id that exists
 * fails on every MongoDB wire-protocol server, FerretDB included, so two requests at once cannot
 * both take a key, as a read followed by a write could.
 */
const keySchema = new Schema({ _id: { type: String, required: true }, claimId: String, at: Date }, { collection: 'claim_keys', versionKey: false });

const isDuplicateKey = (err: unknown) => typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 11000;

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : value ? new Date(String(value)).toISOString() : null);

/**
 * A claim as stored: the contract's fields, and the listing's owner when it was sent (undefined for
 * claims stored before it was kept). Never sent as is: the domain makes the admin's and the
 * claimant's views of it (claims.ts).
 */
export type StoredClaim = Claim & { ownerUserIdWhenSent: string | null | undefined };

function toClaim(doc: Doc): StoredClaim {
  return {
    id: String(doc._id),
    serviceId: doc.serviceId,
    serviceName: doc.serviceName ?? '',
    serviceSlug: doc.serviceSlug ?? '',
    kind: doc.kind,
    status: doc.status,
    claimantUserId: doc.claimantUserId,
    claimantEmail: doc.claimantEmail ?? '',
    note: doc.note ?? '',
    reason: doc.reason ?? null,
    createdAt: iso(doc.createdAt) ?? new Date(0).toISOString(),
    decidedAt: iso(doc.decidedAt),
    decidedByEmail: doc.decidedByEmail ?? null,
    ownerUserIdWhenSent: doc.ownerUserIdWhenSent === undefined ? undefined : (doc.ownerUserIdWhenSent ?? null),
  };
}

export interface NewClaim {
  serviceId: string;
  serviceName: string;
  serviceSlug: string;
  kind: ClaimKind;
  status: ClaimStatus;
  claimantUserId: string;
  claimantEmail: string;
  note: string;
  reason: string | null;
  createdAt: Date;
  ownerUserIdWhenSent: string | null;
}

export type ClaimRepository = ReturnType<typeof claimRepository>;

export function claimRepository(connection: Connection) {
  const Model = modelOn(connection, 'Claim', claimSchema);
  const Keys = modelOn(connection, 'ClaimKey', keySchema);
  /** True when the key was free and is now the claim's. */
  async function take(key: string, claimId: string, at: Date): Promise<boolean> {
    try {
      await Keys.create({ _id: key, claimId, at });
      return true;
    } catch (err) {
      if (isDuplicateKey(err)) return false;
      throw err;
    }
  }
  const release = (keys: string[], claimId: string) => Keys.deleteMany({ _id: { $in: keys }, claimId });
  /**
   * Frees a key its claim holds no longer: the claim was decided, but the key was left behind (the
   * decision's release never ran: the instance stopped, the database failed). A key whose claim is
   * waiting, or is not stored yet (it is being sent), stays. True when the key is free now.
   */
  async function freeIfDecided(key: string): Promise<boolean> {
    const held = (await Keys.findById(key).lean()) as Doc | null;
    if (!held) return true;
    const holder = typeof held.claimId === 'string' && Types.ObjectId.isValid(held.claimId) ? ((await Model.findById(held.claimId, { status: 1 }).lean()) as Doc | null) : null;
    if (!holder || holder.status === 'waiting') return false;
    // Only if the same claim still holds it (another may have taken it since).
    await Keys.deleteOne({ _id: key, claimId: held.claimId });
    return true;
  }
  /** Takes a key; one held by a decided claim is freed and taken (the cap counts the claims waiting now, not what was left behind). */
  const takeFreeing = async (key: string, claimId: string, at: Date) => (await take(key, claimId, at)) || ((await freeIfDecided(key)) && (await take(key, claimId, at)));
  return {
    newId: () => new Types.ObjectId().toString(),
    /**
     * Takes what a waiting claim holds: the claimant's one open claim of this listing and one of
     * their MAX_WAITING_CLAIMS slots. 'open' when they have a claim of it waiting, 'full' when every
     * slot is taken by a claim that is waiting; nothing is kept then. Keys whose claims were decided
     * are freed first (free slots are tried first: only a full set of slots is looked into).
     */
    async reserveWaiting(claimId: string, serviceId: string, userId: string, at: Date): Promise<'ok' | 'open' | 'full'> {
      const open = `open:${serviceId}:${userId}`;
      if (!(await takeFreeing(open, claimId, at))) return 'open';
      for (let slot = 1; slot <= MAX_WAITING_CLAIMS; slot += 1) {
        if (await take(`slot:${userId}:${slot}`, claimId, at)) return 'ok';
      }
      for (let slot = 1; slot <= MAX_WAITING_CLAIMS; slot += 1) {
        if (await takeFreeing(`slot:${userId}:${slot}`, claimId, at)) return 'ok';
      }
      await release([open], claimId);
      return 'full';
    },
    /** Gives back what a waiting claim held (once it is decided, or when it could not be stored). */
    async releaseWaiting(claimId: string, serviceId: string, userId: string): Promise<void> {
      await release([`open:${serviceId}:${userId}`, ...Array.from({ length: MAX_WAITING_CLAIMS }, (_, i) => `slot:${userId}:${i + 1}`)], claimId);
    },
    /** True for the first decision of a claim only: two admins deciding at once, one of them stands. */
    async takeDecision(claimId: string, at: Date): Promise<boolean> {
      return take(`decided:${claimId}`, claimId, at);
    },
    async releaseDecision(claimId: string): Promise<void> {
      await release([`decided:${claimId}`], claimId);
    },
    async insert(id: string, claim: NewClaim): Promise<StoredClaim> {
      const doc = await Model.create({ _id: new Types.ObjectId(id), ...claim });
      return toClaim(doc.toObject() as Doc);
    },
    async findById(id: string): Promise<StoredClaim | null> {
      if (!Types.ObjectId.isValid(id)) return null;
      const doc = await Model.findById(id).lean();
      return doc ? toClaim(doc as Doc) : null;
    },
    /** `kind`: what the claim was when decided (a claim sent before the listing had an owner may be decided as a dispute). */
    async markDecided(id: string, decided: { status: ClaimStatus; kind: ClaimKind; reason: string | null; at: Date; byUserId: string; byEmail: string }): Promise<StoredClaim | null> {
      const doc = await Model.findByIdAndUpdate(
        id,
        { $set: { status: decided.status, kind: decided.kind, reason: decided.reason, decidedAt: decided.at, decidedByUserId: decided.byUserId, decidedByEmail: decided.byEmail } },
        { returnDocument: 'after' },
      ).lean();
      return doc ? toClaim(doc as Doc) : null;
    },
    async mine(userId: string): Promise<StoredClaim[]> {
      return (await Model.find({ claimantUserId: userId }).sort({ createdAt: -1 }).limit(100).lean()).map((d) => toClaim(d as Doc));
    },
    async waitingOf(serviceId: string, userId: string): Promise<StoredClaim | null> {
      const doc = await Model.findOne({ serviceId, claimantUserId: userId, status: 'waiting' }).lean();
      return doc ? toClaim(doc as Doc) : null;
    },
    /** The waiting claims, oldest first, or the latest decided ones. */
    async list(which: 'waiting' | 'decided'): Promise<StoredClaim[]> {
      const docs =
        which === 'waiting'
          ? await Model.find({ status: 'waiting' }).sort({ createdAt: 1 }).limit(500).lean()
          : await Model.find({ status: { $ne: 'waiting' } })
              .sort({ decidedAt: -1 })
              .limit(200)
              .lean();
      return docs.map((d) => toClaim(d as Doc));
    },
    async ensureIndexes(): Promise<void> {
      await Promise.all([Model.init(), Keys.init()]);
    },
  };
}
