import { Schema, type Connection } from 'mongoose';
import type { EventEnvelope, PhotoFormat, PhotoSource } from '@mealprep/contracts';
import { carriesEvents, modelOn, type Outbox } from '@mealprep/service-kit';

/** One photo uploaded for a listing: its files' hashes per width and format, who uploaded it, and a removal by staff. */
export interface PhotoRecord {
  id: string;
  listingId: string;
  uploadedBy: string;
  width: number;
  height: number;
  /** Narrowest first. */
  sources: PhotoSource[];
  /** Bytes of each file, by `{width}-{format}`, for the media library and the benchmarks. */
  bytes: Record<string, number>;
  createdAt: string;
  /** Whose files it is served from when not its own (a demo photo shows one of the shared demo pictures). */
  filesOf?: string | null;
  removedAt: string | null;
  removedBy: string | null;
  removedReason: string | null;
}

const sourceSchema = new Schema({ width: { type: Number, required: true }, height: { type: Number, required: true }, avif: String, webp: String, jpeg: String }, { _id: false });

const photoSchema = new Schema(
  {
    _id: { type: String, required: true },
    listingId: { type: String, required: true },
    uploadedBy: { type: String, required: true },
    width: { type: Number, required: true },
    height: { type: Number, required: true },
    sources: { type: [sourceSchema], default: [] },
    bytes: { type: Schema.Types.Mixed, default: {} },
    createdAt: { type: Date, required: true },
    filesOf: { type: String, default: null },
    removedAt: { type: Date, default: null },
    removedBy: { type: String, default: null },
    removedReason: { type: String, default: null },
  },
  { collection: 'photos', versionKey: false, minimize: false },
);

photoSchema.plugin(carriesEvents);

export type PhotoRepository = ReturnType<typeof photoRepository>;

/** Every read and write is by the photo's id (a key): nothing here reads the collection whole. */
export function photoRepository(connection: Connection, outbox: Outbox) {
  const Model = modelOn(connection, 'Photo', photoSchema);
  const carrier = outbox.carrier(Model);
  const toPlain = (doc: Record<string, unknown>): PhotoRecord => ({
    id: String(doc._id),
    listingId: String(doc.listingId),
    uploadedBy: String(doc.uploadedBy),
    width: Number(doc.width),
    height: Number(doc.height),
    sources: ((doc.sources ?? []) as PhotoSource[]).map((s) => ({ width: Number(s.width), height: Number(s.height), avif: String(s.avif), webp: String(s.webp), jpeg: String(s.jpeg) })),
    bytes: (doc.bytes ?? {}) as Record<string, number>,
    createdAt: new Date(doc.createdAt as Date).toISOString(),
    filesOf: doc.filesOf ? String(doc.filesOf) : null,
    removedAt: doc.removedAt ? new Date(doc.removedAt as Date).toISOString() : null,
    removedBy: doc.removedBy ? String(doc.removedBy) : null,
    removedReason: doc.removedReason ? String(doc.removedReason) : null,
  });
  return {
    async insert(photo: Omit<PhotoRecord, 'removedAt' | 'removedBy' | 'removedReason'>): Promise<void> {
      await Model.create({ ...photo, _id: photo.id, createdAt: new Date(photo.createdAt) });
    },
    /** Recorded unless a photo of this id is (the demo seed, started again): true when it was added. */
    async insertMissing(photo: Omit<PhotoRecord, 'removedAt' | 'removedBy' | 'removedReason'>): Promise<boolean> {
      const { id, ...rest } = photo;
      const result = await Model.updateOne({ _id: id }, { $setOnInsert: { ...rest, createdAt: new Date(photo.createdAt) } }, { upsert: true });
      return result.upsertedCount > 0;
    },
    async findById(id: string): Promise<PhotoRecord | null> {
      const doc = await Model.findById(id).lean();
      return doc ? toPlain(doc) : null;
    },
    /** Staff removed it, announced in the same write: true when this call did (a second removal changes nothing, announces nothing). */
    async markRemoved(id: string, by: string, reason: string, at: Date, events: EventEnvelope[]): Promise<boolean> {
      const result = await Model.updateOne({ _id: id, removedAt: null }, carrier.update({ $set: { removedAt: at, removedBy: by, removedReason: reason } }, events));
      if (result.modifiedCount > 0) carrier.written([id], events);
      return result.modifiedCount > 0;
    },
    async restore(id: string): Promise<boolean> {
      const result = await Model.updateOne({ _id: id, removedAt: { $ne: null } }, { $set: { removedAt: null, removedBy: null, removedReason: null } });
      return result.modifiedCount > 0;
    },
    async ensureIndexes(): Promise<void> {
      await Model.init();
    },
  };
}

/** The key a file's size is kept under in `bytes`. */
export const bytesKey = (width: number, format: PhotoFormat) => `${width}-${format}`;
