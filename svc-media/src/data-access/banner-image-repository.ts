import { Schema, type Connection } from 'mongoose';
import { modelOn } from '@mealprep/service-kit';

export const BANNER_SOURCES = ['unsplash', 'media', 'custom'] as const;

/** A banner image as stored: the spec's entity plus the id of our own stored image, if any. */
export interface BannerImageRecord {
  id: string;
  source: (typeof BANNER_SOURCES)[number];
  unsplashId: string | null;
  urls: { regular: string; small: string };
  url: string;
  alt_description: string;
  user: { name: string; username: string } | null;
  isActive: boolean;
  order: number;
  /** Set when the picture is one of ours (custom or media); its renditions are served by id. */
  imageId: string | null;
  createdAt: string;
}

const bannerImageSchema = new Schema(
  {
    _id: { type: String, required: true },
    source: { type: String, required: true, enum: BANNER_SOURCES },
    unsplashId: { type: String, default: null },
    urls: {
      regular: { type: String, default: '' },
      small: { type: String, default: '' },
    },
    url: { type: String, default: '' },
    alt_description: { type: String, default: '' },
    user: {
      type: new Schema({ name: { type: String, required: true }, username: { type: String, default: '' } }, { _id: false }),
      default: null,
    },
    isActive: { type: Boolean, required: true, default: true },
    order: { type: Number, required: true, default: 0 },
    imageId: { type: String, default: null },
    createdAt: { type: Date, required: true },
  },
  { collection: 'banner_images', versionKey: false },
);
// Serves the home page's "active, in order" read without a collection scan.
bannerImageSchema.index({ isActive: 1, order: 1 });

export type BannerImageRepository = ReturnType<typeof bannerImageRepository>;
export type NewBannerImage = Omit<BannerImageRecord, 'createdAt'> & { createdAt?: string };

export function bannerImageRepository(connection: Connection) {
  const Model = modelOn(connection, 'BannerImage', bannerImageSchema);
  const toPlain = (doc: Record<string, unknown>): BannerImageRecord => {
    const urls = (doc.urls ?? {}) as { regular?: string; small?: string };
    const user = doc.user as { name?: string; username?: string } | null | undefined;
    return {
      id: String(doc._id),
      source: doc.source as BannerImageRecord['source'],
      unsplashId: doc.unsplashId ? String(doc.unsplashId) : null,
      urls: { regular: String(urls.regular ?? ''), small: String(urls.small ?? '') },
      url: String(doc.url ?? ''),
      alt_description: String(doc.alt_description ?? ''),
      user: user?.name ? { name: String(user.name), username: String(user.username ?? '') } : null,
      isActive: Boolean(doc.isActive),
      order: Number(doc.order ?? 0),
      imageId: doc.imageId ? String(doc.imageId) : null,
      createdAt: new Date(doc.createdAt as Date).toISOString(),
    };
  };
  return {
    /** Active banners by order (then age), at most `limit`. */
    async listActive(limit: number): Promise<BannerImageRecord[]> {
      const docs = await Model.find({ isActive: true }).sort({ order: 1, createdAt: 1, _id: 1 }).limit(limit).lean();
      return docs.map(toPlain);
    },
    async list(): Promise<BannerImageRecord[]> {
      const docs = await Model.find().sort({ order: 1, createdAt: 1, _id: 1 }).lean();
      return docs.map(toPlain);
    },
    /** Inserts the banners whose id is new; returns how many were. */
    async insertMissing(banners: NewBannerImage[]): Promise<number> {
      if (banners.length === 0) return 0;
      const now = new Date();
      const result = await Model.bulkWrite(
        banners.map(({ id, createdAt, ...banner }) => ({
          updateOne: {
            filter: { _id: id },
            update: { $setOnInsert: { ...banner, createdAt: createdAt ? new Date(createdAt) : now } },
            upsert: true,
          },
        })),
      );
      return result.upsertedCount;
    },
    async findById(id: string): Promise<BannerImageRecord | null> {
      const doc = await Model.findById(id).lean();
      return doc ? toPlain(doc) : null;
    },
    /** The next order number: after every banner there is. */
    async nextOrder(): Promise<number> {
      const last = await Model.findOne().sort({ order: -1 }).lean();
      return last ? Number(last.order ?? 0) + 1 : 0;
    },
    async create(banner: Omit<BannerImageRecord, 'createdAt'>): Promise<BannerImageRecord> {
      const { id, ...rest } = banner;
      const doc = await Model.create({ _id: id, ...rest, createdAt: new Date() });
      return toPlain(doc.toObject());
    },
    /** Which of these ids exist. */
    async existing(ids: readonly string[]): Promise<string[]> {
      const docs = await Model.find({ _id: { $in: ids } }, { _id: 1 }).lean();
      return docs.map((d) => String(d._id));
    },
    async update(ids: readonly string[], changes: { isActive?: boolean; order?: number; alt_description?: string }): Promise<number> {
      const result = await Model.updateMany({ _id: { $in: ids } }, { $set: changes });
      return result.matchedCount;
    },
    async remove(ids: readonly string[]): Promise<number> {
      const result = await Model.deleteMany({ _id: { $in: ids } });
      return result.deletedCount;
    },
    async ensureIndexes(): Promise<void> {
      await Model.init();
    },
  };
}
