import { Schema, Types, type Connection } from 'mongoose';
import type { EditableService, EventEnvelope, PublicService, ServiceStatus, StatusChange } from '@mealprep/contracts';
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
  },
  { collection: 'services', versionKey: false, timestamps: true },
);
serviceSchema.plugin(carriesEvents);

export type StoredService = PublicService & { ownerUserId: string | null; metadata: Record<string, unknown> };
export type NewService = StoredService;
/** The events a write announces, from the service as it was (null when new) and as the write leaves it; stored in the same write. */
export type Announce = (before: StoredService | null, after: StoredService) => EventEnvelope[];

type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const iso = (value: unknown): string | null => (value instanceof Date ? value.toISOString() : value ? new Date(String(value)).toISOString() : null);

function toStored(doc: Doc): StoredService {
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

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const isDuplicateKey = (err: unknown) => typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 11000;
const SLUG_TAKEN = 'That URL slug is already used by another service. Choose another.';

export interface StatusChangeInput {
  byUserId: string | null;
  byEmail: string | null;
  reason?: string | null;
}

/** The public view of a stored service: owner and submission metadata are not shown. */
export function toPublic(service: StoredService): PublicService {
  const { ownerUserId: _owner, metadata: _metadata, ...visible } = service;
  return visible;
}

export type ServiceRepository = ReturnType<typeof serviceRepository>;

export function serviceRepository(connection: Connection, outbox: Outbox) {
  const Model = modelOn(connection, 'Service', serviceSchema);
  const carrier = outbox.carrier(Model);
  const none: Announce = () => [];
  return {

    async listByStatus(status: ServiceStatus): Promise<StoredService[]> {
      const docs = await Model.find({ status }).lean();
      return docs.map((d) => toStored(d as Doc));
    },
    async findByIds(ids: readonly string[]): Promise<StoredService[]> {
      const docs = await Model.find({ _id: { $in: ids } }).lean();
      return docs.map((d) => toStored(d as Doc));
    },
    async listAll(): Promise<StoredService[]> {
      const docs = await Model.find().lean();
      return docs.map((d) => toStored(d as Doc));
    },
    /**
     * Features (until a date) or unfeatures (null) services, one write each carrying what it
     * announces (one update per document costs what a shared one does on FerretDB); returns how many changed.
     */
    async setFeatured(services: readonly StoredService[], until: Date | null, announce: Announce): Promise<number> {
      let changed = 0;
      for (const before of services) {
        const events = announce(before, { ...before, featuredUntil: until ? until.toISOString() : null });
        const result = await Model.updateOne({ _id: before.id }, carrier.update({ $set: { featuredUntil: until } }, events));
        if (result.matchedCount > 0) carrier.written([before.id], events);
        changed += result.modifiedCount;
      }
      return changed;
    },
    /** Deletes services; the events that report it are recorded with the ids first (see Outbox). Returns how many were deleted. */
    async deleteMany(ids: readonly string[], events: readonly EventEnvelope[]): Promise<number> {
      return carrier.deleteWith(ids, events);
    },
    async findById(id: string): Promise<StoredService | null> {
      const doc = await Model.findById(id).lean();
      return doc ? toStored(doc as Doc) : null;
    },
    /** services.myServices: what a user owns, oldest first (the first is the one "Edit My Service" opens). */
    async listByOwner(ownerUserId: string): Promise<StoredService[]> {
      const docs = await Model.find({ ownerUserId }).sort({ createdAt: 1, _id: 1 }).lean();
      return docs.map((d) => toStored(d as Doc));
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
          return { updateOne: { filter: { _id: s.id }, update: { $set: set } } };
        }),
        { timestamps: false },
      );
      // createdAt is immutable to mongoose, which would drop it from the update above.
      await Model.collection.bulkWrite(services.map((s) => ({ updateOne: { filter: { _id: new Types.ObjectId(s.id) }, update: { $set: { createdAt: new Date(s.createdAt) } } } })));
    },
    /**
     * Sets a status, with what it announces in the same write; with `onlyFrom`, only while the
     * status is still that one (null otherwise), so racing callers change it once.
     */
    async setStatus(
      id: string,
      status: ServiceStatus,
      now: Date,
      change: StatusChangeInput = { byUserId: null, byEmail: null },
      options: { onlyFrom?: ServiceStatus; announce?: Announce } = {},
    ): Promise<StoredService | null> {
      const filter = options.onlyFrom ? { _id: id, status: options.onlyFrom } : { _id: id };
      const current = (await Model.findOne(filter).lean()) as Doc | null;
      if (!current) return null;
      const update: Doc = { status };
      if (status === 'published' && !current.publishedAt) update.publishedAt = now;
      const entry = { at: now, byUserId: change.byUserId, byEmail: change.byEmail, from: current.status, to: status, reason: change.reason ?? null };
      const events = (options.announce ?? none)(toStored(current), toStored(withSet(current, update)));
      const doc = await Model.findOneAndUpdate(
        filter,
        carrier.update(current.status === status ? { $set: update } : { $set: update, $push: { statusHistory: entry } }, events),
        { returnDocument: 'after' },
      ).lean();
      if (!doc) return null;
      carrier.written([doc._id], events);
      return toStored(doc as Doc);
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
    /** Sets fields (dotted paths allowed), with what it announces; a slug in use is a 409. */
    async update(id: string, set: Doc, change: ({ status: ServiceStatus; from: ServiceStatus } & StatusChangeInput & { at: Date }) | undefined, announce: Announce): Promise<StoredService | null> {
      const current = (await Model.findById(id).lean()) as Doc | null;
      if (!current) return null;
      const operations: Doc = { $set: change ? { ...set, status: change.status } : set };
      if (change) {
        operations.$push = { statusHistory: { at: change.at, byUserId: change.byUserId, byEmail: change.byEmail, from: change.from, to: change.status, reason: change.reason ?? null } };
      }
      const events = announce(toStored(current), toStored(withSet(current, operations.$set)));
      try {
        const doc = await Model.findByIdAndUpdate(id, carrier.update(operations, events), { returnDocument: 'after' }).lean();
        if (!doc) return null;
        carrier.written([doc._id], events);
        return toStored(doc as Doc);
      } catch (err) {
        if (isDuplicateKey(err)) throw new AppError('slug_taken', SLUG_TAKEN, { status: 409 });
        throw err;
      }
    },
    /**
     * Writes imported services by slug: new ones are inserted (published, with no owner), existing
     * ones get the imported fields only where they differ; rows identical to what is stored are
     * not written at all. What the import announces rides on its last write.
     */
    async upsertImported(
      services: Array<{ name: string; slug: string; tagline: string; mealTypes: string[]; deliveryMethods: Doc; website: string; city: string; state: string; metadata: Doc }>,
      now: Date,
      by: { byUserId: string | null; byEmail: string | null },
      options: {
        /** The id a new row gets (the demo seed keeps ids stable); a new ObjectId when not given. */
        newId?: (slug: string) => string;
        announce?: (counts: { created: number; updated: number }) => EventEnvelope[];
      } = {},
    ): Promise<{ created: number; updated: number; unchanged: number }> {
      // One read of what is there (a slug lookup per row costs a scan each on FerretDB).
      const wanted = new Set(services.map((s) => s.slug));
      const existing = new Map<string, Doc>();
      const compared = { slug: 1, name: 1, tagline: 1, mealTypes: 1, deliveryMethods: 1, 'contact.website': 1, 'locations.address.city': 1, 'locations.address.region': 1, 'metadata.place': 1, 'metadata.imageLinkFull': 1, 'metadata.profilePageImageLink': 1 };
      for (const doc of await Model.find({}, compared).lean()) {
        if (wanted.has((doc as Doc).slug)) existing.set((doc as Doc).slug, doc as Doc);
      }
      const inserts: Doc[] = [];
      const updates: Array<{ _id: unknown; set: Doc }> = [];
      let unchanged = 0;
      for (const s of services) {
        const location = s.city || s.state ? [{ label: '', address: { line1: '', city: s.city, region: s.state, postalCode: '', countryCode: 'US' }, isPrimary: true, createdAt: now, updatedAt: now }] : [];
        const current = existing.get(s.slug);
        if (!current) {
          inserts.push({
            _id: new Types.ObjectId(options.newId?.(s.slug)),
            name: s.name, slug: s.slug, tagline: s.tagline, mealTypes: s.mealTypes, deliveryMethods: s.deliveryMethods,
            contact: { email: '', phone: '', website: s.website, socialLinks: [] }, locations: location, status: 'published', publishedAt: now,
            ownerUserId: null, metadata: s.metadata, createdAt: now, updatedAt: now,
            statusHistory: [{ at: now, ...by, from: null, to: 'published', reason: 'Imported from CSV' }],
          });
          continue;
        }
        const primary = (current.locations ?? [])[0]?.address as Doc | undefined;
        const delivery = current.deliveryMethods ?? {};
        const same =
          current.name === s.name && (current.tagline ?? '') === s.tagline && JSON.stringify(current.mealTypes ?? []) === JSON.stringify(s.mealTypes) &&
          ['localDelivery', 'shipsDomestically'].every((k) => Boolean(delivery[k]) === Boolean(s.deliveryMethods[k])) &&
          (current.contact?.website ?? '') === s.website &&
          (primary?.city ?? '') === s.city && (primary?.region ?? '') === s.state &&
          JSON.stringify(current.metadata?.place ?? null) === JSON.stringify(s.metadata.place) &&
          (current.metadata?.imageLinkFull ?? '') === s.metadata.imageLinkFull && (current.metadata?.profilePageImageLink ?? '') === s.metadata.profilePageImageLink;
        if (same) {
          unchanged += 1;
          continue;
        }
        updates.push({
          _id: current._id,
          set: {
            name: s.name,
            tagline: s.tagline,
            mealTypes: s.mealTypes,
            // Only the two delivery flags the file has columns for: pickup and international shipping stay as they were.
            'deliveryMethods.localDelivery': s.deliveryMethods.localDelivery,
            'deliveryMethods.shipsDomestically': s.deliveryMethods.shipsDomestically,
            'contact.website': s.website,
            'metadata.imageLinkFull': s.metadata.imageLinkFull,
            'metadata.profilePageImageLink': s.metadata.profilePageImageLink,
            'metadata.place': s.metadata.place,
            locations: location,
            updatedAt: now,
          },
        });
      }
      const counts = { created: inserts.length, updated: updates.length };
      const events = counts.created + counts.updated > 0 ? (options.announce?.(counts) ?? []) : [];
      // New rows first, then changed ones: the very last write carries the events, so they cannot go out before the import is whole.
      for (let start = 0; start < inserts.length; start += 1000) {
        const last = updates.length === 0 && start + 1000 >= inserts.length;
        // Lean: no document per row is built (10,000 rows stay well inside the memory budget).
        await carrier.insertMany(inserts.slice(start, start + 1000), last ? events : []);
      }
      for (const [i, update] of updates.entries()) {
        const carrying = i === updates.length - 1;
        await Model.updateOne({ _id: update._id }, carrying ? carrier.update({ $set: update.set }, events) : { $set: update.set }, { timestamps: false });
        if (carrying) carrier.written([update._id], events);
      }
      return { ...counts, unchanged };
    },
    /** Every service's name, slug, website and status (svc-checker's projection). */
    async listWebsites(): Promise<Array<{ serviceId: string; name: string; slug: string; website: string; status: string }>> {
      const docs = await Model.find({}, { name: 1, slug: 1, status: 1, 'contact.website': 1 }).lean();
      return docs.map((d) => ({ serviceId: String(d._id), name: String((d as Doc).name ?? ''), slug: String((d as Doc).slug ?? ''), website: String((d as Doc).contact?.website ?? ''), status: String((d as Doc).status ?? '') }));
    },
    async slugTaken(slug: string, exceptId?: string): Promise<boolean> {
      const doc = await Model.findOne({ slug }, { _id: 1 }).lean();
      return doc !== null && String(doc._id) !== exceptId;
    },
    /** Services that may be the same business: same website host, or same name in the same city. */
    async findPossibleDuplicates(probe: { websiteHost: string | null; name: string; city: string | null }): Promise<Array<{ id: string; name: string; slug: string; reason: string }>> {
      const found: Array<{ id: string; name: string; slug: string; reason: string }> = [];
      if (probe.websiteHost) {
        const escaped = escapeRegex(probe.websiteHost);
        const docs = await Model.find({ 'contact.website': { $regex: `^https?://(www\\.)?${escaped}(?:[:/?#]|$)`, $options: 'i' } }, { name: 1, slug: 1 }).limit(5).lean();
        for (const d of docs) found.push({ id: String(d._id), name: d.name, slug: d.slug, reason: `same website (${probe.websiteHost})` });
      }
      if (probe.city) {
        const nameRx = `^${escapeRegex(probe.name)}$`;
        const cityRx = `^${escapeRegex(probe.city)}$`;
        const docs = await Model.find({ name: { $regex: nameRx, $options: 'i' }, 'locations.address.city': { $regex: cityRx, $options: 'i' } }, { name: 1, slug: 1 }).limit(5).lean();
        for (const d of docs) if (!found.some((f) => f.id === String(d._id))) found.push({ id: String(d._id), name: d.name, slug: d.slug, reason: `same name in ${probe.city}` });
      }
      return found;
    },
    async ensureIndexes(): Promise<void> {
      await Model.init();
    },
  };
}
