import { Schema, type Connection } from 'mongoose';
import type { EventEnvelope } from '@mealprep/contracts';
import { carriesEvents, modelOn, type Outbox } from '@mealprep/service-kit';

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
bannerImageSchema.plugin(carriesEvents);

export type BannerImageRepository = ReturnType<typeof bannerImageRepository>;
export type NewBannerImage = Omit<BannerImageRecord, 'createdAt'> & { createdAt?: string };
/** The events a banner change announces, given how many banners are active after it; stored in the same write. */
export type AnnounceBanners = (activeAfter: number) => EventEnvelope[];

export function bannerImageRepository(connection: Connection, outbox: Outbox) {
  const Model = modelOn(connection, 'BannerImage', bannerImageSchema);
  const carrier = outbox.carrier(Model);
  /** Active banners other than these ids, plus `more`: the active count a change to these will leave. */
  const activeAfter = async (ids: readonly string[], more: number) => (await Model.countDocuments({ isActive: true, _id: { $nin: ids } })) + more;
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
    /** Inserts the banners whose id is new, the last carrying what it announces; returns how many were new. */
    async insertMissing(banners: NewBannerImage[], announce: AnnounceBanners): Promise<number> {
      const known = new Set((await Model.find({ _id: { $in: banners.map((b) => b.id) } }, { _id: 1 }).lean()).map((d) => String(d._id)));
      const missing = banners.filter((b) => !known.has(b.id));
      if (missing.length === 0) return 0;
      const now = new Date();
      const docs = missing.map(({ id, createdAt, ...banner }) => ({ _id: id, ...banner, createdAt: createdAt ? new Date(createdAt) : now }));
      return carrier.insertMany(docs, announce(await activeAfter([], missing.filter((b) => b.isActive).length)));
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
    async create(banner: Omit<BannerImageRecord, 'createdAt'>, announce: AnnounceBanners): Promise<BannerImageRecord> {
      const { id, ...rest } = banner;
      const events = announce(await activeAfter([], banner.isActive ? 1 : 0));
      const doc = await Model.create(carrier.insert({ _id: id, ...rest, createdAt: new Date() }, events));
      carrier.written([id], events);
      return toPlain(doc.toObject());
    },
    /** Which of these ids exist. */
    async existing(ids: readonly string[]): Promise<string[]> {
      const docs = await Model.find({ _id: { $in: ids } }, { _id: 1 }).lean();
      return docs.map((d) => String(d._id));
    },
    /** Changes banners; each one changed carries the announcement (the relay sends it once). */
    async update(ids: readonly string[], changes: { isActive?: boolean; order?: number; alt_description?: string }, announce: AnnounceBanners): Promise<number> {
      const staying = changes.isActive === undefined ? await Model.countDocuments({ _id: { $in: ids }, isActive: true }) : changes.isActive ? ids.length : 0;
      const events = announce(await activeAfter(ids, staying));
      const result = await Model.updateMany({ _id: { $in: ids } }, carrier.update({ $set: changes }, events));
      carrier.written(ids, events);
      return result.matchedCount;
    },
    /** Deletes banners; what it announces is recorded with the ids first (see Outbox). */
    async remove(ids: readonly string[], announce: AnnounceBanners): Promise<number> {
      return carrier.deleteWith(ids, announce(await activeAfter(ids, 0)));
    },
    async ensureIndexes(): Promise<void> {
      await Model.init();
    },
  };
}
