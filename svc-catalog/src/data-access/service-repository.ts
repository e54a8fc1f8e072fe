import { Types, type Connection } from 'mongoose';
import type { EditableService, EventEnvelope, ServiceSnapshot, ServiceStatus } from '@mealprep/contracts';
import { IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_REUSED_MESSAGE } from '@mealprep/contracts';
import { AppError, keyedTurns, LOST_RACE, untilWritten, type Outbox } from '@mealprep/service-kit';
import { readFrom, SNAPSHOT_FIELDS, toEditable, toSnapshot, toStored, type NewService, type StoredService } from './service-mapping';
import { atVersion, serviceModel, type Doc, type ServiceModel } from './service-model';
import { serviceImportWriter } from './service-import-writer';

/** The events a write announces, from the service as it was (null when new) and as the write leaves it; stored in the same write. */
export type Announce = (before: StoredService | null, after: StoredService) => EventEnvelope[];

/** A copy of a stored document with a $set applied (dotted paths too): what an update will leave. */
function withSet(doc: Doc, set: Doc): Doc {
  const out: Doc = { ...doc };
  for (const [path, value] of Object.entries(set)) {
    const keys = path.split('.');
    let target = out;
    for (const key of keys.slice(0, -1)) target = target[key] = { ...(target[key] ?? {}) };
    target[keys.at(-1)!] = value;
  }
  return out;
}

/**
 * The most ids one find asks for. A find {_id: {$in: [...]}} of up to 1,000 keys is read by key by
 * the embedded FerretDB (as the launcher builds it; FerretDB itself reads the whole collection for
 * any $in), as MongoDB reads it from the _id index: 1,000 of 20,000 services in 0.9 s, against 2.5 s
 * one findById at a time (bench/keyed-queries.ts).
 */
const IDS_PER_FIND = 1_000;

/**
 * Documents by _id, in the order of `ids` (each id once; ids that are not ObjectIds, and services
 * that are not there, left out), read with finds by many keys of IDS_PER_FIND ids each.
 */
async function findInOrder(Model: ServiceModel, ids: readonly string[], projection?: Record<string, number>): Promise<Doc[]> {
  const wanted = [...new Set(ids)].filter((id) => Types.ObjectId.isValid(id));
  const found = new Map<string, Doc>();
  for (let start = 0; start < wanted.length; start += IDS_PER_FIND) {
    const docs = await Model.find({ _id: { $in: wanted.slice(start, start + IDS_PER_FIND) } }, projection).lean();
    for (const doc of docs) found.set(String(doc._id), doc as Doc);
  }
  // Keyed as the ids cast: the hex of an ObjectId, whatever the case or form of the id asked for.
  return wanted.flatMap((id) => found.get(String(new Types.ObjectId(id))) ?? []);
}

/** How many recent writes' Idempotency-Keys a listing keeps: a page sends a write again within seconds, a few saves later at most. */
const WRITE_KEYS_KEPT = 20;

/**
 * A write sent with an Idempotency-Key, as a listing keeps it: the key, the user who sent it (a key
 * is its sender's: another user's same key is another key) and a hash of the request it came with.
 */
export interface KeyedWrite {
  key: string;
  userId: string;
  fingerprint: string;
}

/** The keyed writes a stored listing keeps (entries of another shape, such as the bare keys kept before, are bound to nobody and dropped). */
function keptWrites(doc: Doc): KeyedWrite[] {
  if (!Array.isArray(doc.writeKeys)) return [];
  return (doc.writeKeys as unknown[]).flatMap((k) => {
    const { key, userId, fingerprint } = (typeof k === 'object' && k !== null ? k : {}) as Partial<Record<keyof KeyedWrite, unknown>>;
    return typeof key === 'string' && typeof userId === 'string' && typeof fingerprint === 'string' ? [{ key, userId, fingerprint }] : [];
  });
}

const isDuplicateKey = (err: unknown) => typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 11000;
const SLUG_TAKEN = 'That URL slug is already used by another service. Choose another.';

export interface StatusChangeInput {
  byUserId: string | null;
  byEmail: string | null;
  reason?: string | null;
}

/** What a write to one service does, decided from the service as it was read; null: nothing to do. */
export interface PlannedChange {
  /** Fields to set (dotted paths allowed). */
  set: Doc;
  /** A status change, recorded in the history. */
  status?: { to: ServiceStatus; at: Date; reason: string | null } & StatusChangeInput;
  /** An entry for the listing's ownership trail (a claim decided). */
  ownership?: Doc;
  announce: Announce;
}
export type Plan = (current: StoredService) => PlannedChange | null;

const CHANGED_MEANWHILE = 'This listing was changed by someone else at the same moment. Reload it and try again.';

export type ServiceRepository = ReturnType<typeof serviceRepository>;

/**
 * The services collection: reads, version-guarded writes with the events they announce, and the
 * import's reads and writes (service-import-writer.ts).
 */
export function serviceRepository(connection: Connection, outbox: Outbox) {
  const Model = serviceModel(connection);
  const carrier = outbox.carrier(Model);
  // One write at a time per listing in this process: writers that raced here would each read and
  // try again until one wins, a burst of n writes costing about n² reads and tries (30 at once, 15 s).
  // Other instances still race, and the version guard settles those.
  const turns = keyedTurns();

  /** See modify: the tries of one write, once its turn has come. */
  async function modifyInTurn(id: string, plan: Plan, fresh: Doc | null, options: { write?: KeyedWrite }): Promise<{ before: StoredService; after: StoredService } | null> {
    let known = fresh;
    const tryOnce = async (): Promise<{ before: StoredService; after: StoredService } | null | typeof LOST_RACE> => {
      const current = known ?? ((await Model.findById(id).lean()) as Doc | null);
      known = null;
      if (!current) return null;
      const before = toStored(current);
      const kept = keptWrites(current);
      const { write } = options;
      const earlier = write && kept.find((k) => k.key === write.key && k.userId === write.userId);
      if (earlier) {
        // The key names the request it came with: another change with it is refused, never dropped.
        if (earlier.fingerprint !== write.fingerprint) throw new AppError(IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_REUSED_MESSAGE, { status: 422 });
        // Sent again after an answer that never arrived: it was applied, once.
        return { before, after: before };
      }
      const planned = plan(before);
      if (!planned) return { before, after: before };
      const set: Doc = planned.status ? { ...planned.set, status: planned.status.to } : { ...planned.set };
      // Kept in the same guarded write as the change (set from what was read: FerretDB ignores $push's $slice).
      if (write) set.writeKeys = [...kept.slice(-(WRITE_KEYS_KEPT - 1)), { key: write.key, userId: write.userId, fingerprint: write.fingerprint }];
      if (planned.status?.to === 'published' && !current.publishedAt) set.publishedAt = planned.status.at;
      const operations: Doc = { $set: set, $inc: { version: 1 } };
      if (planned.status && planned.status.to !== before.status) {
        const { to, at, reason, byUserId, byEmail } = planned.status;
        operations.$push = { statusHistory: { at, byUserId, byEmail, from: before.status, to, reason } };
      }
      if (planned.ownership) operations.$push = { ...operations.$push, ownershipHistory: planned.ownership };
      const expected = { ...toStored(withSet(current, set)), version: before.version + 1 };
      const events = planned.announce(before, expected);
      try {
        const doc = await Model.findOneAndUpdate(atVersion(current), carrier.update(operations, events), { returnDocument: 'after' }).lean();
        if (!doc) return LOST_RACE;
        carrier.written([doc._id], events);
        return { before, after: toStored(doc as Doc) };
      } catch (err) {
        if (isDuplicateKey(err)) throw new AppError('slug_taken', SLUG_TAKEN, { status: 409 });
        throw err;
      }
    };
    return untilWritten(tryOnce, () => {
      throw new AppError('changed_meanwhile', CHANGED_MEANWHILE, { status: 409 });
    });
  }

  return {
    /** Services by id, in the order asked (each once); unknown ids are left out. */
    async findByIds(ids: readonly string[]): Promise<StoredService[]> {
      return (await findInOrder(Model, ids)).map(toStored);
    },
    async listAll(): Promise<StoredService[]> {
      const docs = await Model.find().lean();
      return docs.map((d) => toStored(d as Doc));
    },
    /**
     * Changes one service as `plan` decides from the service as read, in one write that holds the
     * events it announces; the write applies only if nobody wrote the service since it was read,
     * else it reads again and asks `plan` again (so rules are checked against what is there).
     * `read`: the service as the caller just read it, used for the first try.
     * `write`: the write's Idempotency-Key, kept in the same write; the same request sent again with
     * it by the same user is answered as done without writing, another request with it is refused (422).
     * Returns the service before and after (the same when `plan` says there is nothing to do, or the
     * write was applied already), or null when there is no such service.
     */
    async modify(id: string, plan: Plan, read?: StoredService, options: { write?: KeyedWrite } = {}): Promise<{ before: StoredService; after: StoredService } | null> {
      if (!Types.ObjectId.isValid(id)) return null;
      // The service as the caller read it a moment ago, if it did (a bulk call reads them all first):
      // one read fewer, unless another write of it in this process comes first.
      const fresh = read && read.id === id && !turns.waiting(id) ? readFrom(read) : null;
      return turns.run(id, () => modifyInTurn(id, plan, fresh, options));
    },
    /** Deletes services; the events that report it are recorded with the ids first (see Outbox). Returns how many were deleted. */
    async deleteMany(ids: readonly string[], events: readonly EventEnvelope[]): Promise<number> {
      return carrier.deleteWith(ids, events);
    },
    async findById(id: string): Promise<StoredService | null> {
      const doc = await Model.findById(id).lean();
      return doc ? toStored(doc as Doc) : null;
    },
    async count(): Promise<number> {
      return Model.estimatedDocumentCount();
    },
    /**
     * The review trails listings carried before they were kept apart (review-records.ts), and
     * taking them off: read once, by the migration at start.
     */
    async legacyReviewTrails(): Promise<Array<{ serviceId: string; steps: Doc[] }>> {
      const docs = await Model.collection.find({ reviewTrail: { $exists: true } }, { projection: { reviewTrail: 1 } }).toArray();
      return docs.map((doc) => ({ serviceId: String(doc._id), steps: Array.isArray(doc.reviewTrail) ? (doc.reviewTrail as Doc[]) : [] }));
    },
    async dropLegacyReviewTrails(serviceIds: readonly string[]): Promise<void> {
      for (const id of serviceIds) await Model.collection.updateOne({ _id: new Types.ObjectId(id) }, { $unset: { reviewTrail: '' } });
    },
    /**
     * The demo seed's second step: what the import columns cannot say (status, featuring, logo,
     * description, contact, address, dates), set on services the import has just made.
     */
    async setDemoDetails(services: NewService[]): Promise<void> {
      if (services.length === 0) return;
      await Model.bulkWrite(
        services.map((s) => {
          const set: Doc = {
            description: s.description,
            defaultCurrency: s.defaultCurrency,
            languages: s.languages,
            status: s.status,
            featuredUntil: s.featuredUntil ? new Date(s.featuredUntil) : null,
            publishedAt: s.publishedAt ? new Date(s.publishedAt) : null,
            updatedAt: new Date(s.updatedAt),
            'deliveryMethods.pickup': s.deliveryMethods.pickup,
            'deliveryMethods.shipsInternationally': s.deliveryMethods.shipsInternationally,
            deliveryRadiusMiles: s.deliveryRadiusMiles,
            'contact.email': s.contact.email,
            'contact.phone': s.contact.phone,
            'contact.socialLinks': s.contact.socialLinks,
            locations: s.locations,
            media: s.media,
            offer: s.offer,
            rating: s.rating,
            metadata: { ...s.metadata, place: null, imageLinkFull: '', profilePageImageLink: '' },
            statusHistory: [
              { at: new Date(s.createdAt), byUserId: null, byEmail: null, from: null, to: 'published', reason: 'Imported from CSV' },
              ...(s.status === 'published' ? [] : [{ at: new Date(s.createdAt), byUserId: null, byEmail: null, from: 'published', to: s.status, reason: 'Demo data' }]),
            ],
          };
          return { updateOne: { filter: { _id: s.id }, update: { $set: set, $inc: { version: 1 } } } };
        }),
        { timestamps: false },
      );
      // createdAt is immutable to mongoose, which would drop it from the update above.
      await Model.collection.bulkWrite(services.map((s) => ({ updateOne: { filter: { _id: new Types.ObjectId(s.id) }, update: { $set: { createdAt: new Date(s.createdAt) } } } })));
    },
    async findEditable(id: string): Promise<EditableService | null> {
      if (!/^[0-9a-f]{24}$/.test(id)) return null;
      const doc = await Model.findById(id).lean();
      return doc ? toEditable(doc as Doc) : null;
    },
    /** The listing as findEditable gives it, from a service this repository read or wrote (no read); null if it has no document. */
    editableOf(service: StoredService): EditableService | null {
      const doc = readFrom(service);
      return doc ? toEditable(doc) : null;
    },
    /** findEditable for many ids at once: the services found, by id (ids findEditable refuses, and unknown ones, left out). */
    async findEditableByIds(ids: readonly string[]): Promise<Map<string, EditableService>> {
      const docs = await findInOrder(
        Model,
        ids.filter((id) => /^[0-9a-f]{24}$/.test(id)),
      );
      return new Map(docs.map((doc) => [String(doc._id), toEditable(doc)]));
    },
    /** An owner's new listing, with what it announces; a slug in use is a 409 with a clear message. */
    async create(input: Doc, now: Date, change: StatusChangeInput, announce: Announce): Promise<StoredService> {
      const fields = {
        ...input,
        _id: new Types.ObjectId(),
        createdAt: now,
        updatedAt: now,
        version: 1,
        statusHistory: [{ at: now, byUserId: change.byUserId, byEmail: change.byEmail, from: null, to: input.status, reason: null }],
      };
      const events = announce(null, toStored(new Model(fields).toObject() as Doc));
      try {
        const doc = await Model.create(carrier.insert(fields, events));
        carrier.written([doc._id], events);
        return toStored(doc.toObject() as Doc);
      } catch (err) {
        if (isDuplicateKey(err)) throw new AppError('slug_taken', SLUG_TAKEN, { status: 409 });
        throw err;
      }
    },
    /** The import's reads and writes, on this model. */
    ...serviceImportWriter(Model, carrier, outbox),
    /** What the projections of svc-checker and svc-media hold of every service (at their start). */
    async listSnapshots(): Promise<ServiceSnapshot[]> {
      return (await Model.find({}, SNAPSHOT_FIELDS).lean()).map((d) => toSnapshot(d as Doc));
    },
    /** The same for some services (an import's), in the order asked (each once); those that are gone are left out. */
    async snapshotsByIds(ids: readonly string[]): Promise<ServiceSnapshot[]> {
      return (await findInOrder(Model, ids, SNAPSHOT_FIELDS)).map(toSnapshot);
    },
    async ensureIndexes(): Promise<void> {
      await Model.init();
    },
  };
}
