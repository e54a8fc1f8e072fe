import { Schema, Types, type Connection } from 'mongoose';
import type { EditableService, EventEnvelope, PublicService, ServiceSnapshot, ServiceStatus, StatusChange } from '@mealprep/contracts';
import { SERVICE_STATUSES } from '@mealprep/contracts';
import { AppError, carriesEvents, modelOn, type Outbox } from '@mealprep/service-kit';

const addressSchema = new Schema(
  { line1: String, city: String, region: String, postalCode: String, countryCode: String },
  { _id: false },
);
const locationSchema = new Schema(
  { label: String, address: addressSchema, isPrimary: Boolean, createdAt: Date, updatedAt: Date },
  { _id: false },
);

const serviceSchema = new Schema(
  {
    name: { type: String, required: true },
    slug: { type: String, required: true, unique: true },
    tagline: { type: String, default: '' },
    description: { type: String, default: '' },
    defaultCurrency: { type: String, default: 'USD' },
    languages: { type: [String], default: ['en'] },
    mealTypes: { type: [String], default: [] },
    status: { type: String, enum: SERVICE_STATUSES, default: 'draft', index: true },
    featuredUntil: { type: Date, default: null },
    publishedAt: { type: Date, default: null },
    ownerUserId: { type: String, default: null, index: true },
    deliveryMethods: {
      localDelivery: { type: Boolean, default: false },
      pickup: { type: Boolean, default: false },
      shipsDomestically: { type: Boolean, default: false },
      shipsInternationally: { type: Boolean, default: false },
    },
    contact: {
      email: { type: String, default: '' },
      phone: { type: String, default: '' },
      website: { type: String, default: '' },
      socialLinks: { type: [String], default: [] },
    },
    locations: { type: [locationSchema], default: [] },
    media: { logoImageId: { type: String, default: null } },
    metadata: { type: Schema.Types.Mixed, default: {} },
    /** Every status change: who, when, from, to and why (the audit trail). */
    statusHistory: {
      type: [new Schema({ at: Date, byUserId: String, byEmail: String, from: String, to: String, reason: String }, { _id: false })],
      default: [],
    },
    /** Existing services this one may repeat (same website domain, or same name in the same city). */
    possibleDuplicateOf: {
      type: [new Schema({ id: String, name: String, slug: String, reason: String }, { _id: false })],
      default: [],
    },
    /**
     * One more with every write. A write applies only to the version it read (so two writers of
     * one listing never undo each other: the later one reads again), and every event carries the
     * version it leaves, so projections apply only what is newer than what they hold.
     */
    version: { type: Number, default: 0 },
  },
  { collection: 'services', versionKey: false, timestamps: true },
);
serviceSchema.plugin(carriesEvents);

export type StoredService = PublicService & { ownerUserId: string | null; metadata: Record<string, unknown>; version: number };
export type NewService = Omit<StoredService, 'version'>;
/** The events a write announces, from the service as it was (null when new) and as the write leaves it; stored in the same write. */
export type Announce = (before: StoredService | null, after: StoredService) => EventEnvelope[];

type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- a lean document as the driver gives it, read field by field where it is mapped

const iso = (value: unknown): string | null => (value instanceof Date ? value.toISOString() : value ? new Date(String(value)).toISOString() : null);

/** The document a stored service was read from, kept with it (not enumerable) so a write that follows need not read it again. */
const READ_FROM = Symbol('read from');

function toStored(doc: Doc): StoredService {
  const stored = toStoredFields(doc);
  Object.defineProperty(stored, READ_FROM, { value: doc, enumerable: false });
  return stored;
}

function toStoredFields(doc: Doc): StoredService {
  return {
    id: String(doc._id),
    name: doc.name,
    slug: doc.slug,
    tagline: doc.tagline ?? '',
    description: doc.description ?? '',
    defaultCurrency: doc.defaultCurrency ?? 'USD',
    languages: doc.languages ?? ['en'],
    mealTypes: doc.mealTypes ?? [],
    status: doc.status,
    featuredUntil: iso(doc.featuredUntil),
    createdAt: iso(doc.createdAt) ?? new Date(0).toISOString(),
    updatedAt: iso(doc.updatedAt) ?? new Date(0).toISOString(),
    publishedAt: iso(doc.publishedAt),
    deliveryMethods: {
      localDelivery: Boolean(doc.deliveryMethods?.localDelivery),
      pickup: Boolean(doc.deliveryMethods?.pickup),
      shipsDomestically: Boolean(doc.deliveryMethods?.shipsDomestically),
      shipsInternationally: Boolean(doc.deliveryMethods?.shipsInternationally),
    },
    contact: {
      email: doc.contact?.email ?? '',
      phone: doc.contact?.phone ?? '',
      website: doc.contact?.website ?? '',
      socialLinks: doc.contact?.socialLinks ?? [],
    },
    locations: (doc.locations ?? []).map((l: Doc) => ({
      label: l.label ?? '',
      address: {
        line1: l.address?.line1 ?? '',
        city: l.address?.city ?? '',
        region: l.address?.region ?? '',
        postalCode: l.address?.postalCode ?? '',
        countryCode: l.address?.countryCode ?? 'US',
      },
      isPrimary: Boolean(l.isPrimary),
    })),
    media: { logoImageId: doc.media?.logoImageId ?? null },
    ownerUserId: doc.ownerUserId ?? null,
    metadata: doc.metadata ?? {},
    version: typeof doc.version === 'number' ? doc.version : 0,
  };
}

function toHistory(entries: Doc[] | undefined): StatusChange[] {
  return (entries ?? []).map((h) => ({
    at: iso(h.at) ?? new Date(0).toISOString(),
    byUserId: h.byUserId ?? null,
    byEmail: h.byEmail ?? null,
    from: h.from ?? null,
    to: h.to,
    reason: h.reason ?? null,
  }));
}

function toEditable(doc: Doc): EditableService {
  const stored = toStored(doc);
  return {
    ...toPublic(stored),
    ownerUserId: stored.ownerUserId,
    metadata: stored.metadata,
    statusHistory: toHistory(doc.statusHistory),
    possibleDuplicateOf: (doc.possibleDuplicateOf ?? []).map((d: Doc) => ({ id: d.id, name: d.name, slug: d.slug, reason: d.reason })),
  };
}

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

/** Up to this many services are read by _id one at a time (about 0.7 ms each on FerretDB), more with one read of all. */
const BY_KEY_UP_TO = 1_000;

const SNAPSHOT_FIELDS = { name: 1, slug: 1, status: 1, 'contact.website': 1, featuredUntil: 1, 'media.logoImageId': 1, version: 1 };
const toSnapshot = (d: Doc): ServiceSnapshot => ({
  serviceId: String(d._id),
  name: String(d.name ?? ''),
  slug: String(d.slug ?? ''),
  website: String(d.contact?.website ?? ''),
  status: String(d.status ?? ''),
  featuredUntil: iso(d.featuredUntil),
  logoImageId: d.media?.logoImageId ?? null,
  version: typeof d.version === 'number' ? d.version : 0,
});

const isDuplicateKey = (err: unknown) => typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 11000;
const SLUG_TAKEN = 'That URL slug is already used by another service. Choose another.';

export interface StatusChangeInput {
  byUserId: string | null;
  byEmail: string | null;
  reason?: string | null;
}

/** The public view of a stored service: owner, submission metadata and version are not shown. */
export function toPublic(service: StoredService): PublicService {
  const { ownerUserId: _owner, metadata: _metadata, version: _version, ...visible } = service;
  return visible;
}

/** What a write to one service does, decided from the service as it was read; null: nothing to do. */
export interface PlannedChange {
  /** Fields to set (dotted paths allowed). */
  set: Doc;
  /** A status change, recorded in the history. */
  status?: { to: ServiceStatus; at: Date; reason: string | null } & StatusChangeInput;
  announce: Announce;
}
export type Plan = (current: StoredService) => PlannedChange | null;

/**
 * How often a write is tried again when another writer changed the service between its read and
 * its write, with a short random wait that grows (20 writers of one listing at once all get through).
 */
const MAX_ATTEMPTS = 30;
const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * 4 * attempt));
const CHANGED_MEANWHILE = 'This listing was changed by someone else at the same moment. Reload it and try again.';

/** The filter that matches a document only while it is still at the version that was read. */
const atVersion = (doc: Doc) => (typeof doc.version === 'number' ? { _id: doc._id, version: doc.version } : { _id: doc._id, version: { $exists: false } });

/** A row of a services import, as the import maps it. */
export interface ImportRow {
  name: string;
  slug: string;
  tagline: string;
  mealTypes: string[];
  deliveryMethods: { localDelivery: boolean; pickup: boolean; shipsDomestically: boolean; shipsInternationally: boolean };
  website: string;
  city: string;
  state: string;
  metadata: { imageLinkFull: string; profilePageImageLink: string; place: { longitude: number; latitude: number } | null } & Doc;
}

/** A stored listing as an import compares it with a row: what the file has columns for, and its owner. */
export interface ImportedListing {
  name: string;
  tagline: string;
  mealTypes: string[];
  deliveryMethods: { localDelivery: boolean; shipsDomestically: boolean };
  website: string;
  city: string;
  region: string;
  place: unknown;
  imageLinkFull: string;
  profilePageImageLink: string;
  ownerUserId: string | null;
}

/** What an import does with a row whose slug a stored listing has (decided by the domain). */
export type ImportDecision = 'write' | 'unchanged' | 'owned';
/** Why an import did not write a row: an owner has the listing, it kept changing, or it was deleted meanwhile. */
export type ImportRefusal = 'owned' | 'busy' | 'gone';

/** What an import compares with what is stored (and the owner and version it must respect). */
const IMPORT_COMPARED = {
  slug: 1, name: 1, tagline: 1, mealTypes: 1, deliveryMethods: 1, 'contact.website': 1, 'locations.address.city': 1, 'locations.address.region': 1,
  'metadata.place': 1, 'metadata.imageLinkFull': 1, 'metadata.profilePageImageLink': 1, ownerUserId: 1, version: 1,
};

function toImportedListing(doc: Doc): ImportedListing {
  const primary = (doc.locations ?? [])[0]?.address as Doc | undefined;
  const delivery = doc.deliveryMethods ?? {};
  const listing: ImportedListing = {
    name: doc.name,
    tagline: doc.tagline ?? '',
    mealTypes: doc.mealTypes ?? [],
    deliveryMethods: { localDelivery: Boolean(delivery.localDelivery), shipsDomestically: Boolean(delivery.shipsDomestically) },
    website: doc.contact?.website ?? '',
    city: primary?.city ?? '',
    region: primary?.region ?? '',
    place: doc.metadata?.place ?? null,
    imageLinkFull: doc.metadata?.imageLinkFull ?? '',
    profilePageImageLink: doc.metadata?.profilePageImageLink ?? '',
    ownerUserId: doc.ownerUserId ?? null,
  };
  Object.defineProperty(listing, READ_FROM, { value: doc, enumerable: false });
  return listing;
}

/** The document a listing was read from (see READ_FROM). */
const readFrom = (value: object): Doc | null => (value as Record<symbol, Doc | undefined>)[READ_FROM] ?? null;

function importedLocation(row: ImportRow, now: Date): Doc[] {
  return row.city || row.state ? [{ label: '', address: { line1: '', city: row.city, region: row.state, postalCode: '', countryCode: 'US' }, isPrimary: true, createdAt: now, updatedAt: now }] : [];
}

function importedFields(row: ImportRow, now: Date): Doc {
  return {
    name: row.name,
    tagline: row.tagline,
    mealTypes: row.mealTypes,
    // Only the two delivery flags the file has columns for: pickup and international shipping stay as they were.
    'deliveryMethods.localDelivery': row.deliveryMethods.localDelivery,
    'deliveryMethods.shipsDomestically': row.deliveryMethods.shipsDomestically,
    'contact.website': row.website,
    'metadata.imageLinkFull': row.metadata.imageLinkFull,
    'metadata.profilePageImageLink': row.metadata.profilePageImageLink,
    'metadata.place': row.metadata.place,
    locations: importedLocation(row, now),
    updatedAt: now,
  };
}

export type ServiceRepository = ReturnType<typeof serviceRepository>;

export function serviceRepository(connection: Connection, outbox: Outbox) {
  const Model = modelOn(connection, 'Service', serviceSchema);
  const carrier = outbox.carrier(Model);
  return {

    /** Services by id; unknown ids are left out. */
    async findByIds(ids: readonly string[]): Promise<StoredService[]> {
      const valid = [...new Set(ids)].filter((id) => Types.ObjectId.isValid(id));
      // A few by _id one at a time: FerretDB finds a single _id by key, while $in reads the whole collection.
      if (valid.length <= BY_KEY_UP_TO) {
        const found: StoredService[] = [];
        for (const id of valid) {
          const doc = await Model.findById(id).lean();
          if (doc) found.push(toStored(doc as Doc));
        }
        return found;
      }
      return (await Model.find({ _id: { $in: valid } }).lean()).map((d) => toStored(d as Doc));
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
     * Returns the service before and after (the same when `plan` says there is nothing to do), or
     * null when there is no such service.
     */
    async modify(id: string, plan: Plan, read?: StoredService): Promise<{ before: StoredService; after: StoredService } | null> {
      if (!Types.ObjectId.isValid(id)) return null;
      // The service as the caller read it a moment ago, if it did (a bulk call reads them all first): one read fewer.
      let known = read && read.id === id ? readFrom(read) : null;
      for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
        if (attempt > 0) await pause(attempt);
        const current = known ?? ((await Model.findById(id).lean()) as Doc | null);
        known = null;
        if (!current) return null;
        const before = toStored(current);
        const planned = plan(before);
        if (!planned) return { before, after: before };
        const set: Doc = planned.status ? { ...planned.set, status: planned.status.to } : { ...planned.set };
        if (planned.status?.to === 'published' && !current.publishedAt) set.publishedAt = planned.status.at;
        const operations: Doc = { $set: set, $inc: { version: 1 } };
        if (planned.status && planned.status.to !== before.status) {
          const { to, at, reason, byUserId, byEmail } = planned.status;
          operations.$push = { statusHistory: { at, byUserId, byEmail, from: before.status, to, reason } };
        }
        const expected = { ...toStored(withSet(current, set)), version: before.version + 1 };
        const events = planned.announce(before, expected);
        try {
          const doc = await Model.findOneAndUpdate(atVersion(current), carrier.update(operations, events), { returnDocument: 'after' }).lean();
          if (!doc) continue;
          carrier.written([doc._id], events);
          return { before, after: toStored(doc as Doc) };
        } catch (err) {
          if (isDuplicateKey(err)) throw new AppError('slug_taken', SLUG_TAKEN, { status: 409 });
          throw err;
        }
      }
      throw new AppError('changed_meanwhile', CHANGED_MEANWHILE, { status: 409 });
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
            'contact.email': s.contact.email,
            'contact.phone': s.contact.phone,
            'contact.socialLinks': s.contact.socialLinks,
            locations: s.locations,
            media: s.media,
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
    /** The stored listings with these slugs, by slug, as an import compares them (one read of all: a slug lookup per row costs a scan each on FerretDB). */
    async importedListings(slugs: readonly string[]): Promise<Map<string, ImportedListing>> {
      const wanted = new Set(slugs);
      const existing = new Map<string, ImportedListing>();
      for (const doc of await Model.find({}, IMPORT_COMPARED).lean()) {
        if (wanted.has((doc as Doc).slug)) existing.set((doc as Doc).slug, toImportedListing(doc as Doc));
      }
      return existing;
    },
    /**
     * Writes an import as the domain planned it: new rows are inserted (published, with no
     * owner), listings to update get the imported fields only. Each update applies only while the
     * listing is as read; one that changed meanwhile is read again and `decideAtWrite` is asked
     * again. What the import announces (given the ids about to be written) rides on its last write.
     */
    async writeImport<Row extends ImportRow>(
      plan: { inserts: Row[]; updates: Array<{ listing: ImportedListing; row: Row }> },
      now: Date,
      by: { byUserId: string | null; byEmail: string | null },
      options: {
        decideAtWrite: (listing: ImportedListing, row: Row) => ImportDecision;
        /** The id a new row gets (the demo seed keeps ids stable); a new ObjectId when not given. */
        newId?: (slug: string) => string;
        announce?: (written: { created: number; updated: number; serviceIds: string[] }) => EventEnvelope[];
      },
    ): Promise<{ created: number; updated: number; unchanged: number; refused: Array<{ slug: string; reason: ImportRefusal }>; written: string[] }> {
      const inserts: Doc[] = plan.inserts.map((s) => ({
        _id: new Types.ObjectId(options.newId?.(s.slug)),
        name: s.name, slug: s.slug, tagline: s.tagline, mealTypes: s.mealTypes, deliveryMethods: s.deliveryMethods,
        contact: { email: '', phone: '', website: s.website, socialLinks: [] }, locations: importedLocation(s, now), status: 'published', publishedAt: now,
        ownerUserId: null, metadata: s.metadata, createdAt: now, updatedAt: now, version: 1,
        statusHistory: [{ at: now, ...by, from: null, to: 'published', reason: 'Imported from CSV' }],
      }));
      const updates = plan.updates.map(({ listing, row }) => ({ current: readFrom(listing)!, row }));
      // The announcement rides on the very last write, so it cannot go out before the import is
      // whole. (A row that turns out unchanged after all is named for nothing.)
      const named = [...inserts.map((doc) => String(doc._id)), ...updates.map(({ current }) => String(current._id))];
      const events = named.length > 0 && options.announce ? options.announce({ created: inserts.length, updated: updates.length, serviceIds: named }) : [];
      for (let start = 0; start < inserts.length; start += 1000) {
        const last = updates.length === 0 && start + 1000 >= inserts.length;
        // Lean: no document per row is built (10,000 rows stay well inside the memory budget).
        await carrier.insertMany(inserts.slice(start, start + 1000), last ? events : []);
      }
      let updated = 0;
      let unchanged = 0;
      const refused: Array<{ slug: string; reason: ImportRefusal }> = [];
      const written = inserts.map((doc) => String(doc._id));
      for (const [i, { current, row }] of updates.entries()) {
        const carrying = i === updates.length - 1 ? events : [];
        const result = await writeImported(current, row, now, carrying);
        if (result === 'written') {
          updated += 1;
          written.push(String(current._id));
        } else if (result === 'unchanged') unchanged += 1;
        else refused.push({ slug: row.slug, reason: result });
        if (result !== 'written') await outbox.record(carrying);
      }
      const counts = { created: inserts.length, updated };
      return { ...counts, unchanged, refused, written };

      /**
       * Writes one row only while the service is as read and still has no owner; when it changed
       * meanwhile it is read again and decided again.
       */
      async function writeImported(first: Doc, row: Row, at: Date, carrying: EventEnvelope[]): Promise<'written' | 'unchanged' | ImportRefusal> {
        let current: Doc | null = first;
        for (let attempt = 0; attempt < MAX_ATTEMPTS && current; attempt += 1) {
          const decision = options.decideAtWrite(toImportedListing(current), row);
          if (decision !== 'write') return decision;
          const update = carrier.update({ $set: importedFields(row, at), $inc: { version: 1 } }, carrying);
          const result = await Model.updateOne({ ...atVersion(current), ownerUserId: null }, update, { timestamps: false });
          if (result.matchedCount > 0) {
            carrier.written([current._id], carrying);
            return 'written';
          }
          await pause(attempt + 1);
          current = (await Model.findById(current._id, IMPORT_COMPARED).lean()) as Doc | null;
        }
        return current ? 'busy' : 'gone';
      }
    },
    /** What the projections of svc-checker and svc-media hold of every service (at their start). */
    async listSnapshots(): Promise<ServiceSnapshot[]> {
      return (await Model.find({}, SNAPSHOT_FIELDS).lean()).map((d) => toSnapshot(d as Doc));
    },
    /** The same for some services (an import's); those that are gone are left out. */
    async snapshotsByIds(ids: readonly string[]): Promise<ServiceSnapshot[]> {
      const found: ServiceSnapshot[] = [];
      if (ids.length <= BY_KEY_UP_TO) {
        for (const id of ids) {
          const doc = await Model.findById(id, SNAPSHOT_FIELDS).lean();
          if (doc) found.push(toSnapshot(doc as Doc));
        }
        return found;
      }
      return (await Model.find({ _id: { $in: ids } }, SNAPSHOT_FIELDS).lean()).map((d) => toSnapshot(d as Doc));
    },
    async ensureIndexes(): Promise<void> {
      await Model.init();
    },
  };
}
