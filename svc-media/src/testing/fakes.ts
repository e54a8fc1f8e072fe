/**
 * In-memory stand-ins for svc-media's repositories, file store, stock-photo service and events,
 * for the domain's unit tests (no database, no broker, no disk). They record what was written and
 * announced so a test can assert what a user would see.
 */
import type { EventEnvelope, StockPhoto } from '@mealprep/contracts';
import type { AnnounceBanners, BannerImageRecord, BannerImageRepository } from '../data-access/banner-image-repository';
import type { ImageFileStore } from '../data-access/image-file-store';
import type { MediaRecord, MediaRepository, NewMedia } from '../data-access/media-repository';
import type { DirectoryEntry, DirectoryState, ServiceDirectoryRepository } from '../data-access/service-directory-repository';
import type { ImageFolder, StoredImage, StoredImageRepository } from '../data-access/stored-image-repository';
import type { UploadQuotaRepository } from '../data-access/upload-quota-repository';
import type { StockPhotos } from '../domain/stock-photos';
import { fakeDomainEvents } from '@mealprep/service-kit/testing/fakes';

/** Events made by the domain, and those a write carried (what the outbox would send). */
export const fakeEvents = () => fakeDomainEvents('svc-media');

/** A media item as stored, with defaults for what a test does not care about. */
export function mediaRecord(over: Partial<MediaRecord> & { id: string }): MediaRecord {
  return {
    url: `/api/media/images/${over.id}/full`,
    path: `uploads/${over.id}`,
    imageKitId: null,
    altText: '',
    associatedEntityType: 'service',
    associatedEntityId: null,
    countryCode: 'US',
    uploadedBy: null,
    createdAt: '2026-03-01T10:00:00.000Z',
    deletedAt: null,
    ...over,
  };
}

export function fakeMedia(initial: MediaRecord[] = []) {
  const items = new Map(initial.map((m) => [m.id, { ...m }]));
  const repo = {
    async findById(id: string) {
      const item = items.get(id);
      return item ? { ...item } : null;
    },
    async list() {
      return [...items.values()].map((m) => ({ ...m }));
    },
    async insertMissing(news: NewMedia[]) {
      let inserted = 0;
      for (const item of news) {
        if (items.has(item.id)) continue;
        items.set(item.id, { ...item, createdAt: new Date().toISOString(), deletedAt: null });
        inserted += 1;
      }
      return inserted;
    },
    async setAltText(id: string, altText: string) {
      const item = items.get(id);
      if (item) item.altText = altText;
      return Boolean(item);
    },
    async existing(ids: readonly string[]) {
      return ids.filter((id) => items.has(id));
    },
    async setDeleted(ids: readonly string[], at: Date | null) {
      let changed = 0;
      for (const id of ids) {
        const item = items.get(id);
        if (!item || (at ? item.deletedAt !== null : item.deletedAt === null)) continue;
        item.deletedAt = at ? at.toISOString() : null;
        changed += 1;
      }
      return changed;
    },
    async retireForService(serviceId: string, at: Date) {
      let changed = 0;
      for (const item of items.values()) {
        if (item.associatedEntityId !== serviceId || item.deletedAt !== null) continue;
        item.deletedAt = at.toISOString();
        changed += 1;
      }
      return changed;
    },
    async associate(id: string, serviceId: string) {
      const item = items.get(id);
      if (!item || item.associatedEntityId !== null) return false;
      item.associatedEntityId = serviceId;
      return true;
    },
    async ensureIndexes() {},
  };
  return { repo: repo as MediaRepository, items };
}

export function fakeStoredImages(initial: Array<Omit<StoredImage, 'createdAt'>> = []) {
  const images = new Map<string, StoredImage>(initial.map((i) => [i.id, { ...i, createdAt: '2026-03-01T10:00:00.000Z' }]));
  const repo = {
    async findById(id: string) {
      return images.get(id) ?? null;
    },
    async existingIds(ids: string[]) {
      return new Set(ids.filter((id) => images.has(id)));
    },
    async insertMissing(news: Array<Omit<StoredImage, 'createdAt'>>) {
      let inserted = 0;
      for (const image of news) {
        if (images.has(image.id)) continue;
        images.set(image.id, { ...image, createdAt: new Date().toISOString() });
        inserted += 1;
      }
      return inserted;
    },
    async ensureIndexes() {},
  };
  return { repo: repo as StoredImageRepository, images };
}

export function fakeFiles() {
  const files = new Map<string, Buffer>();
  const key = (folder: ImageFolder, id: string, width: number) => `${folder}/${id}/${width}.webp`;
  const store = {
    root: '/nowhere',
    async write(folder: ImageFolder, id: string, width: number, bytes: Buffer) {
      files.set(key(folder, id, width), bytes);
    },
    async read(folder: ImageFolder, id: string, width: number) {
      return files.get(key(folder, id, width)) ?? null;
    },
  };
  return { store: store as ImageFileStore, files };
}

/** One count per user and day, never above the maximum. */
export function fakeQuotas() {
  const counts = new Map<string, number>();
  const keyOf = (userId: string, day: string) => `${day}:${userId}`;
  const repo = {
    async take(userId: string, day: string, max: number) {
      const count = counts.get(keyOf(userId, day)) ?? 0;
      if (count >= max) return false;
      counts.set(keyOf(userId, day), count + 1);
      return true;
    },
    async giveBack(userId: string, day: string) {
      const count = counts.get(keyOf(userId, day)) ?? 0;
      if (count <= 1) counts.delete(keyOf(userId, day));
      else counts.set(keyOf(userId, day), count - 1);
    },
    async used(userId: string, day: string) {
      return counts.get(keyOf(userId, day)) ?? 0;
    },
    async pruneBefore() {
      return 0;
    },
    async ensureIndexes() {},
  };
  return {
    repo: repo as UploadQuotaRepository,
    used: (userId: string, day: string) => counts.get(keyOf(userId, day)) ?? 0,
    set: (userId: string, day: string, count: number) => counts.set(keyOf(userId, day), count),
  };
}

/** A banner as stored, with defaults for what a test does not care about. */
export function bannerRecord(over: Partial<BannerImageRecord> & { id: string }): BannerImageRecord {
  return {
    source: 'unsplash',
    unsplashId: null,
    urls: { regular: '', small: '' },
    url: '',
    alt_description: '',
    user: null,
    isActive: true,
    order: 0,
    imageId: null,
    createdAt: '2026-03-01T10:00:00.000Z',
    ...over,
  };
}

export function fakeBanners(written: EventEnvelope[], initial: BannerImageRecord[] = []) {
  const banners = new Map(initial.map((b) => [b.id, { ...b }]));
  const activeCount = () => [...banners.values()].filter((b) => b.isActive).length;
  const ordered = () => [...banners.values()].sort((a, b) => a.order - b.order || a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  const asked: number[] = [];
  const repo = {
    async listActive(limit: number) {
      asked.push(limit);
      return ordered()
        .filter((b) => b.isActive)
        .slice(0, limit);
    },
    async list() {
      return ordered();
    },
    async nextOrder() {
      const orders = [...banners.values()].map((b) => b.order);
      return orders.length ? Math.max(...orders) + 1 : 0;
    },
    async create(banner: Omit<BannerImageRecord, 'createdAt'>, announce: AnnounceBanners) {
      const record = { ...banner, createdAt: new Date().toISOString() };
      banners.set(banner.id, record);
      written.push(...announce(activeCount()));
      return record;
    },
    async existing(ids: readonly string[]) {
      return ids.filter((id) => banners.has(id));
    },
    async update(ids: readonly string[], changes: { isActive?: boolean; order?: number; alt_description?: string }, announce: AnnounceBanners) {
      let matched = 0;
      for (const id of ids) {
        const banner = banners.get(id);
        if (!banner) continue;
        Object.assign(banner, changes);
        matched += 1;
      }
      written.push(...announce(activeCount()));
      return matched;
    },
    async remove(ids: readonly string[], announce: AnnounceBanners) {
      let deleted = 0;
      for (const id of ids) if (banners.delete(id)) deleted += 1;
      written.push(...announce(activeCount()));
      return deleted;
    },
    async ensureIndexes() {},
  };
  return { repo: repo as unknown as BannerImageRepository, banners, asked };
}

/** The stock-photo service: the photos it knows, and the ids it was asked for. */
export function fakeStock(photos: StockPhoto[] = []) {
  const asked: string[] = [];
  const stock: StockPhotos = {
    configured: true,
    async search() {
      return { images: photos, hasMore: false };
    },
    async byId(id: string) {
      asked.push(id);
      const photo = photos.find((p) => p.id === id);
      if (!photo) throw new Error(`no stock photo ${id}`);
      return photo;
    },
  };
  return { stock, asked };
}

/** svc-media's copy of the catalogue: what the domain applied, and the entries the media screen reads. */
export function fakeDirectory(entries: DirectoryEntry[] = []) {
  const applied: DirectoryState[] = [];
  const deleted: string[] = [];
  const synced: Array<{ states: DirectoryState[]; askedAt: Date }> = [];
  const repo = {
    async apply(state: DirectoryState) {
      applied.push(state);
      return true;
    },
    async markDeleted(id: string) {
      deleted.push(id);
    },
    async sync(states: DirectoryState[], askedAt: Date) {
      synced.push({ states, askedAt });
      return { written: states.length, removed: 0 };
    },
    async all() {
      return new Map(entries.map((e) => [e.id, e]));
    },
    async ensureIndexes() {},
  };
  return { repo: repo as ServiceDirectoryRepository, applied, deleted, synced };
}
