import { Schema, Types, type Connection } from 'mongoose';
import type { EditableService, PublicService, ServiceStatus, StatusChange } from '@mealprep/contracts';
import { SERVICE_STATUSES } from '@mealprep/contracts';
import { AppError, modelOn } from '@mealprep/service-kit';

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

export type StoredService = PublicService & { ownerUserId: string | null; metadata: Record<string, unknown> };
export type NewService = StoredService;

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

export function serviceRepository(connection: Connection) {
  const Model = modelOn(connection, 'Service', serviceSchema);
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
    /** Features (until a date) or unfeatures (null) the given services; returns how many changed. */
    async setFeatured(ids: readonly string[], until: Date | null): Promise<number> {
      const result = await Model.updateMany({ _id: { $in: ids } }, { $set: { featuredUntil: until } });
      return result.modifiedCount;
    },
    /** Deletes the given services and returns what they were. */
    async deleteMany(ids: readonly string[]): Promise<StoredService[]> {
      const docs = await Model.find({ _id: { $in: ids } }).lean();
      await Model.deleteMany({ _id: { $in: ids } });
      return docs.map((d) => toStored(d as Doc));
    },
    async findBySlug(slug: string): Promise<StoredService | null> {
      const doc = await Model.findOne({ slug }).lean();
      return doc ? toStored(doc as Doc) : null;
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
    /** Inserts services with the given ids and dates (demo data, imports). */
    async insertMany(services: NewService[]): Promise<number> {
      const docs = services.map(({ id, featuredUntil, publishedAt, createdAt, updatedAt, ...rest }) => ({
        ...rest,
        _id: id,
        featuredUntil: featuredUntil ? new Date(featuredUntil) : null,
        publishedAt: publishedAt ? new Date(publishedAt) : null,
        createdAt: new Date(createdAt),
        updatedAt: new Date(updatedAt),
      }));
      const inserted = await Model.insertMany(docs, { ordered: false });
      return inserted.length;
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
    /** Sets a status; with `onlyFrom`, only while the status is still that one (null otherwise), so racing callers change it once. */
    async setStatus(id: string, status: ServiceStatus, now: Date, change: StatusChangeInput = { byUserId: null, byEmail: null }, onlyFrom?: ServiceStatus): Promise<StoredService | null> {
      const current = await Model.findOne(onlyFrom ? { _id: id, status: onlyFrom } : { _id: id }).lean();
      if (!current) return null;
      const update: Doc = { status };
      if (status === 'published' && !(current as Doc).publishedAt) update.publishedAt = now;
      const entry = { at: now, byUserId: change.byUserId, byEmail: change.byEmail, from: (current as Doc).status, to: status, reason: change.reason ?? null };
      const doc = await Model.findOneAndUpdate(
        onlyFrom ? { _id: id, status: onlyFrom } : { _id: id },
        (current as Doc).status === status ? { $set: update } : { $set: update, $push: { statusHistory: entry } },
        { returnDocument: 'after' },
      ).lean();
      return doc ? toStored(doc as Doc) : null;
    },
    async findEditable(id: string): Promise<EditableService | null> {
      if (!/^[0-9a-f]{24}$/.test(id)) return null;
      const doc = await Model.findById(id).lean();
      return doc ? toEditable(doc as Doc) : null;
    },
    /** An owner's new listing; a slug in use is a 409 with a clear message. */
    async create(input: Doc, now: Date, change: StatusChangeInput): Promise<StoredService> {
      try {
        const doc = await Model.create({
          ...input,
          createdAt: now,
          updatedAt: now,
          statusHistory: [{ at: now, byUserId: change.byUserId, byEmail: change.byEmail, from: null, to: input.status, reason: null }],
        });
        return toStored(doc.toObject() as Doc);
      } catch (err) {
        if (isDuplicateKey(err)) throw new AppError('slug_taken', SLUG_TAKEN, { status: 409 });
        throw err;
      }
    },
    /** Sets fields (dotted paths allowed); a slug in use is a 409. */
    async update(id: string, set: Doc, change?: { status: ServiceStatus; from: ServiceStatus } & StatusChangeInput & { at: Date }): Promise<StoredService | null> {
      const operations: Doc = { $set: change ? { ...set, status: change.status } : set };
      if (change) {
        operations.$push = { statusHistory: { at: change.at, byUserId: change.byUserId, byEmail: change.byEmail, from: change.from, to: change.status, reason: change.reason ?? null } };
      }
      try {
        const doc = await Model.findByIdAndUpdate(id, operations, { returnDocument: 'after' }).lean();
        return doc ? toStored(doc as Doc) : null;
      } catch (err) {
        if (isDuplicateKey(err)) throw new AppError('slug_taken', SLUG_TAKEN, { status: 409 });
        throw err;
      }
    },
    /**
     * Writes imported services by slug: new ones are inserted (published, with no owner), existing
     * ones get the imported fields only where they differ; rows identical to what is stored are
     * not written at all.
     */
    async upsertImported(
      services: Array<{ name: string; slug: string; tagline: string; mealTypes: string[]; deliveryMethods: Doc; website: string; city: string; state: string; metadata: Doc }>,
      now: Date,
      by: { byUserId: string | null; byEmail: string | null },
      /** The id a new row gets (the demo seed keeps ids stable); MongoDB's own when not given. */
      newId?: (slug: string) => string,
    ): Promise<{ created: number; updated: number; unchanged: number }> {
      let created = 0;
      let updated = 0;
      let unchanged = 0;
      // One read of what is there (a slug lookup per batch costs a scan each on FerretDB).
      const wanted = new Set(services.map((s) => s.slug));
      const existing = new Map<string, Doc>();
      const compared = { slug: 1, name: 1, tagline: 1, mealTypes: 1, deliveryMethods: 1, 'contact.website': 1, 'locations.address.city': 1, 'locations.address.region': 1, 'metadata.place': 1, 'metadata.imageLinkFull': 1, 'metadata.profilePageImageLink': 1 };
      for (const doc of await Model.find({}, compared).lean()) {
        if (wanted.has((doc as Doc).slug)) existing.set((doc as Doc).slug, doc as Doc);
      }
      for (let start = 0; start < services.length; start += 1000) {
        const batch = services.slice(start, start + 1000);
        const inserts: Doc[] = [];
        for (const s of batch) {
          const location = s.city || s.state ? [{ label: '', address: { line1: '', city: s.city, region: s.state, postalCode: '', countryCode: 'US' }, isPrimary: true, createdAt: now, updatedAt: now }] : [];
          const fields: Doc = {
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
          };
          const current = existing.get(s.slug);
          if (!current) {
            inserts.push({
              ...(newId ? { _id: new Types.ObjectId(newId(s.slug)) } : {}),
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
          await Model.updateOne({ _id: current._id }, { $set: { ...fields, locations: location, updatedAt: now } }, { timestamps: false });
          updated += 1;
        }
        if (inserts.length > 0) {
          try {
            // Lean: no document per row is built (10,000 rows stay well inside the memory budget).
            await Model.insertMany(inserts, { ordered: false, lean: true });
          } catch (err) {
            if (!isDuplicateKey(err)) throw err;
          }
          created += inserts.length;
        }
      }
      return { created, updated, unchanged };
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
