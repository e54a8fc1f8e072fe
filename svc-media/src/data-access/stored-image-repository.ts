import { Schema, type Connection } from 'mongoose';
import { modelOn } from '@mealprep/service-kit';

/** Folders under the media directory; a stored image names one of these, never a free path. */
export const IMAGE_FOLDERS = ['banners', 'logos', 'uploads', 'brand', 'photos'] as const;
export type ImageFolder = (typeof IMAGE_FOLDERS)[number];

export interface Rendition {
  width: number;
  height: number;
  bytes: number;
  /** Strong validator of the rendition's bytes, quoted as an HTTP ETag. */
  etag: string;
}

export const STORED_CONTENT_TYPES = ['image/webp', 'image/png', 'image/jpeg', 'image/svg+xml'] as const;
export type StoredContentType = (typeof STORED_CONTENT_TYPES)[number];

/** One image of our own: where its files are and which widths were drawn. */
export interface StoredImage {
  id: string;
  folder: ImageFolder;
  /** WebP for every image but the brand's pictures (a logo may be an SVG, the icon's sizes are PNG, the share image JPEG). */
  contentType: StoredContentType;
  renditions: Rendition[];
  createdAt: string;
}

const renditionSchema = new Schema(
  {
    width: { type: Number, required: true },
    height: { type: Number, required: true },
    bytes: { type: Number, required: true },
    etag: { type: String, required: true },
  },
  { _id: false },
);

const storedImageSchema = new Schema(
  {
    _id: { type: String, required: true },
    folder: { type: String, required: true, enum: IMAGE_FOLDERS },
    contentType: { type: String, required: true, enum: STORED_CONTENT_TYPES },
    renditions: { type: [renditionSchema], default: [] },
    createdAt: { type: Date, required: true },
  },
  { collection: 'stored_images', versionKey: false },
);

export type StoredImageRepository = ReturnType<typeof storedImageRepository>;

export function storedImageRepository(connection: Connection) {
  const Model = modelOn(connection, 'StoredImage', storedImageSchema);
  const toPlain = (doc: Record<string, unknown>): StoredImage => ({
    id: String(doc._id),
    folder: doc.folder as ImageFolder,
    contentType: STORED_CONTENT_TYPES.includes(doc.contentType as StoredContentType) ? (doc.contentType as StoredContentType) : 'image/webp',
    renditions: ((doc.renditions ?? []) as Rendition[]).map((r) => ({
      width: Number(r.width),
      height: Number(r.height),
      bytes: Number(r.bytes),
      etag: String(r.etag),
    })),
    createdAt: new Date(doc.createdAt as Date).toISOString(),
  });
  return {
    async findById(id: string): Promise<StoredImage | null> {
      const doc = await Model.findById(id).lean();
      return doc ? toPlain(doc) : null;
    },
    /** Which of these ids already have an image. */
    async existingIds(ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const docs = await Model.find({ _id: { $in: ids } }, { _id: 1 }).lean();
      return new Set(docs.map((doc) => String(doc._id)));
    },
    /** Records an image whose files are written; an id already recorded is left as it is. */
    async insertMissing(images: Array<Omit<StoredImage, 'createdAt'>>): Promise<number> {
      if (images.length === 0) return 0;
      const now = new Date();
      const result = await Model.bulkWrite(
        images.map(({ id, ...image }) => ({
          updateOne: { filter: { _id: id }, update: { $setOnInsert: { ...image, createdAt: now } }, upsert: true },
        })),
      );
      return result.upsertedCount;
    },
    async ensureIndexes(): Promise<void> {
      await Model.init();
    },
  };
}
