import { randomBytes } from 'node:crypto';
import { MAX_IMAGE_BYTES, imageUrl, type AdminBannerImage } from '@mealprep/contracts';
import { AppError, type DomainEvents } from '@mealprep/service-kit';
import type { AnnounceBanners, BannerImageRepository } from '../data-access/banner-image-repository';
import type { ImageFileStore } from '../data-access/image-file-store';
import type { StoredImageRepository } from '../data-access/stored-image-repository';
import { toBannerImage } from './banners';
import { photoIdFromUrl, type StockPhotos } from './stock-photos';
import type { UploadGate } from './upload-gate';
import { ingestImage } from './uploads';

export interface AdminBannerDeps {
  banners: BannerImageRepository;
  images: StoredImageRepository;
  files: ImageFileStore;
  stock: StockPhotos;
  /** Fetches an image an admin named, public addresses only (data-access/public-image-fetch.ts). */
  fetchImage: (url: string, maxBytes: number) => Promise<{ bytes: Buffer; contentType: string }>;
  events: DomainEvents;
  /** Drawing the banner's renditions takes its turn with the uploads. */
  gate: UploadGate;
}

export async function listAllBanners(deps: AdminBannerDeps): Promise<AdminBannerImage[]> {
  return (await deps.banners.list()).map((record) => ({ ...toBannerImage(record), isActive: record.isActive }));
}

/** unsplash.getImageByUrl: the photo a photo-page URL shows. */
export async function stockPhotoByUrl(deps: AdminBannerDeps, url: string) {
  const id = photoIdFromUrl(url);
  if (!id) throw AppError.badRequest('That is not a stock photo page URL.');
  return deps.stock.byId(id);
}

/**
 * Adds a banner from the stock-photo service (by photo id, looked up here rather than trusting
 * URLs from the page) or from an image URL. The picture is fetched once through the guarded
 * fetch, checked and stored like an upload, so the site never hot-links it.
 */
export async function addBanner(deps: AdminBannerDeps, adminId: string, input: { source: 'unsplash'; unsplashId: string } | { source: 'custom'; url: string; alt: string }): Promise<AdminBannerImage> {
  const photo = input.source === 'unsplash' ? await deps.stock.byId(input.unsplashId) : null;
  const from = photo ? photo.urls.regular : (input as { url: string }).url;
  const { bytes } = await deps.fetchImage(from, MAX_IMAGE_BYTES);
  const imageId = await deps.gate.run(adminId, () => ingestImage(deps, bytes, 'banners'));
  const record = await deps.banners.create(
    {
      id: `b-${randomBytes(8).toString('hex')}`,
      source: input.source,
      unsplashId: photo?.id ?? null,
      urls: { regular: imageUrl(imageId, 'full'), small: imageUrl(imageId, 'card') },
      url: imageUrl(imageId, 'full'),
      alt_description: photo ? photo.alt_description : (input as { alt: string }).alt,
      user: photo && photo.user.name ? photo.user : null,
      isActive: true,
      order: await deps.banners.nextOrder(),
      imageId,
    },
    changed(deps),
  );
  await deps.events.relay();
  return { ...toBannerImage(record), isActive: record.isActive };
}

async function known(deps: AdminBannerDeps, ids: readonly string[]): Promise<void> {
  const found = await deps.banners.existing(ids);
  if (found.length !== ids.length) throw AppError.notFound(`${ids.length - found.length} of the selected banner images do not exist. Nothing was changed.`);
}

export async function updateBanners(deps: AdminBannerDeps, ids: readonly string[], changes: { isActive?: boolean; order?: number; alt_description?: string }): Promise<{ updated: number }> {
  await known(deps, ids);
  const updated = await deps.banners.update(ids, changes, changed(deps));
  await deps.events.relay();
  return { updated };
}

export async function removeBanners(deps: AdminBannerDeps, ids: readonly string[]): Promise<{ deleted: number }> {
  await known(deps, ids);
  const deleted = await deps.banners.remove(ids, changed(deps));
  await deps.events.relay();
  return { deleted };
}

/** The home page's hero hears of it through the broker. */
function changed(deps: AdminBannerDeps): AnnounceBanners {
  return (count) => [deps.events.event('media.banners.changed', { count })];
}
