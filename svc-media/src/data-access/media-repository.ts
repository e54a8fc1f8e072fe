import { Schema, type Connection } from 'mongoose';
import { modelOn } from '@mealprep/service-kit';

/** A media item as the spec describes it; `url` points at our own renditions or at the image CDN. */
export interface MediaRecord {
  id: string;
  url: string;
  /** Where the files live, relative to the media folder (or the CDN path for imageKit items). */
  path: string;
  imageKitId: string | null;
  altText: string;
  associatedEntityType: 'service';
  associatedEntityId: string | null;
  countryCode: string;
  /** Who uploaded it (null for demo and imported media). */
  uploadedBy?: string | null;
  createdAt: string;
  deletedAt: string | null;
}

const mediaSchema = new Schema(
  {
    _id: { type: String, required: true },
    url: { type: String, required: true },
    path: { type: String, default: '' },
    imageKitId: { type: String, default: null },
    altText: { type: String, default: '' },
    associatedEntityType: { type: String, enum: ['service'], default: 'service' },
    associatedEntityId: { type: String, default: null, index: true },
    countryCode: { type: String, default: 'US' },
    uploadedBy: { type: String, default: null },
    createdAt: { type: Date, required: true },
    deletedAt: { type: Date, default: null },
  },
  { collection: 'media', versionKey: false },
);

export type MediaRepository = ReturnType<typeof mediaRepository>;
export type NewMedia = Omit<MediaRecord, 'createdAt' | 'deletedAt'>;

export function mediaRepository(connection: Connection) {
  const Model = modelOn(connection, 'Media', mediaSchema);
  const toPlain = (doc: Record<string, unknown>): MediaRecord => ({
    id: String(doc._id),
    url: String(doc.url),
    path: String(doc.path ?? ''),
    imageKitId: doc.imageKitId ? String(doc.imageKitId) : null,
    altText: String(doc.altText ?? ''),
    associatedEntityType: 'service',
    associatedEntityId: doc.associatedEntityId ? String(doc.associatedEntityId) : null,
    countryCode: String(doc.countryCode ?? 'US'),
    uploadedBy: doc.uploadedBy ? String(doc.uploadedBy) : null,
    createdAt: new Date(doc.createdAt as Date).toISOString(),
    deletedAt: doc.deletedAt ? new Date(doc.deletedAt as Date).toISOString() : null,
  });
  return {
    async findById(id: string): Promise<MediaRecord | null> {
      const doc = await Model.findById(id).lean();
      return doc ? toPlain(doc) : null;
    },
    async list(): Promise<MediaRecord[]> {
      const docs = await Model.find().sort({ createdAt: 1, _id: 1 }).lean();
      return docs.map(toPlain);
    },
    /** Inserts the items whose id is new; returns how many were. */
    async insertMissing(items: NewMedia[]): Promise<number> {
      if (items.length === 0) return 0;
      const now = new Date();
      const result = await Model.bulkWrite(
        items.map(({ id, ...item }) => ({
          updateOne: { filter: { _id: id }, update: { $setOnInsert: { ...item, createdAt: now, deletedAt: null } }, upsert: true },
        })),
      );
      return result.upsertedCount;
    },
    async setAltText(id: string, altText: string): Promise<boolean> {
      const result = await Model.updateOne({ _id: id }, { $set: { altText } });
      return result.matchedCount > 0;
    },
    /** Which of these ids exist. */
    async existing(ids: readonly string[]): Promise<string[]> {
      const docs = await Model.find({ _id: { $in: ids } }, { _id: 1 }).lean();
      return docs.map((d) => String(d._id));
    },
    /** Soft-deletes (a date) or restores (null); returns how many changed. */
    async setDeleted(ids: readonly string[], at: Date | null): Promise<number> {
      const filter = at ? { _id: { $in: ids }, deletedAt: null } : { _id: { $in: ids }, deletedAt: { $ne: null } };
      const result = await Model.updateMany(filter, { $set: { deletedAt: at } });
      return result.modifiedCount;
    },
    /** Soft-deletes every media item of a service (it was deleted); returns how many. */
    async retireForService(serviceId: string, at: Date): Promise<number> {
      const result = await Model.updateMany({ associatedEntityId: serviceId, deletedAt: null }, { $set: { deletedAt: at } });
      return result.modifiedCount;
    },
    /** Ties a media item to the service that uses it (once: an item belongs to one service). */
    async associate(id: string, serviceId: string): Promise<boolean> {
      const result = await Model.updateOne({ _id: id, associatedEntityId: null }, { $set: { associatedEntityId: serviceId } });
      return result.modifiedCount > 0;
    },
    async ensureIndexes(): Promise<void> {
      await Model.init();
    },
  };
}
