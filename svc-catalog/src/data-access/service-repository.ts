import { Schema, type Connection } from 'mongoose';
import type { PublicService, ServiceStatus } from '@mealprep/contracts';
import { SERVICE_STATUSES } from '@mealprep/contracts';
import { modelOn } from '@mealprep/service-kit';

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
    async setStatus(id: string, status: ServiceStatus, now: Date): Promise<StoredService | null> {
      const current = await Model.findById(id).lean();
      if (!current) return null;
      const update: Doc = { status };
      if (status === 'published' && !(current as Doc).publishedAt) update.publishedAt = now;
      const doc = await Model.findByIdAndUpdate(id, { $set: update }, { new: true }).lean();
      return doc ? toStored(doc as Doc) : null;
    },
    async ensureIndexes(): Promise<void> {
      await Model.init();
    },
  };
}
