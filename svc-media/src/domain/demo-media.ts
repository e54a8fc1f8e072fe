import { DEMO_PICTURE_SIZE, DEMO_PICTURE_WIDTHS, demoBanners, demoLogos, demoPhotosOf, demoPictures, demoServices } from '@mealprep/demo-data';
import sharp from 'sharp';
import { IMAGE_WIDTHS, imageUrl } from '@mealprep/contracts';
import pLimit from 'p-limit';
import type { DomainEvents } from '@mealprep/service-kit';
import type { BannerImageRepository } from '../data-access/banner-image-repository';
import type { ImageFileStore } from '../data-access/image-file-store';
import type { MediaRepository } from '../data-access/media-repository';
import type { SeedMarkerRepository } from '../data-access/seed-marker-repository';
import type { ServiceDirectoryRepository } from '../data-access/service-directory-repository';
import type { ImageFolder, StoredImageRepository } from '../data-access/stored-image-repository';
import { bannerSvg, logoSvg, pictureSvg } from './demo-artwork';
import type { PhotoRepository } from '../data-access/photo-repository';
import { PHOTO_FORMATS, photoEncoders } from './photos/photo-renditions';
import { renderSvgToWebp } from './render-image';

export interface DemoMediaDeps {
  banners: BannerImageRepository;
  /** Where the demo services' photos are recorded (absent: none are drawn). */
  photos?: PhotoRepository;
  media: MediaRepository;
  images: StoredImageRepository;
  markers: SeedMarkerRepository;
  files: ImageFileStore;
  /** The demo services are seeded by svc-catalog without events: their names come from the same demo data. */
  directory?: ServiceDirectoryRepository;
  events: DomainEvents;
  /** How many drawings render at once; sharp works off the main thread, so a few overlap well. */
  concurrency?: number;
}

const BANNER_WIDTHS = [IMAGE_WIDTHS.full, IMAGE_WIDTHS.card, IMAGE_WIDTHS.thumb];
const LOGO_WIDTHS = [IMAGE_WIDTHS.card, IMAGE_WIDTHS.thumb];
const DEFAULT_CONCURRENCY = 4;

interface Drawing {
  id: string;
  svg: () => string;
}

/**
 * Draws the drawings that have no stored image yet, writes their files, then records them. Files
 * come first, so a recorded image always has its files.
 */
async function storeDrawings(deps: DemoMediaDeps, folder: ImageFolder, drawings: Drawing[], widths: number[]): Promise<void> {
  const existing = await deps.images.existingIds(drawings.map((d) => d.id));
  const missing = drawings.filter((d) => !existing.has(d.id));
  const stored = await pLimit(deps.concurrency ?? DEFAULT_CONCURRENCY).map(missing, async (drawing) => {
    const renditions = await renderSvgToWebp(drawing.svg(), widths);
    await Promise.all(renditions.map((r) => deps.files.write(folder, drawing.id, r.width, r.bytes)));
    return {
      id: drawing.id,
      folder,
      contentType: 'image/webp' as const,
      renditions: renditions.map(({ width, height, bytes, etag }) => ({ width, height, bytes: bytes.length, etag })),
    };
  });
  await deps.images.insertMissing(stored);
}

async function seedBanners(deps: DemoMediaDeps): Promise<number> {
  if (await deps.markers.has('demo-banners')) return 0;
  await storeDrawings(
    deps,
    'banners',
    demoBanners.map((b) => ({ id: b.id, svg: () => bannerSvg(b.id, b.palette) })),
    BANNER_WIDTHS,
  );
  const added = await deps.banners.insertMissing(
    demoBanners.map((b) => ({
      id: b.id,
      source: 'custom',
      unsplashId: null,
      urls: { regular: imageUrl(b.id, 'full'), small: imageUrl(b.id, 'card') },
      url: imageUrl(b.id, 'full'),
      alt_description: b.alt,
      user: null,
      isActive: true,
      order: b.order,
      imageId: b.id,
    })),
    // The home page hears about new banners through the broker.
    (count) => [deps.events.event('media.banners.changed', { count })],
  );
  await deps.markers.mark('demo-banners');
  return added;
}

async function seedLogos(deps: DemoMediaDeps): Promise<number> {
  if (await deps.markers.has('demo-logos')) return 0;
  const logos = demoLogos();
  await storeDrawings(
    deps,
    'logos',
    logos.map((logo) => ({ id: logo.id, svg: () => logoSvg(logo.name) })),
    LOGO_WIDTHS,
  );
  // The catalogue's demo services point at these logos by id; the media item points back.
  const serviceByLogo = new Map(demoServices(new Date(0)).map((s) => [s.media.logoImageId, s]));
  const added = await deps.media.insertMissing(
    logos.map((logo) => {
      const service = serviceByLogo.get(logo.id);
      return {
        id: logo.id,
        url: imageUrl(logo.id, 'card'),
        path: `logos/${logo.id}`,
        imageKitId: null,
        altText: `${logo.name} logo`,
        associatedEntityType: 'service' as const,
        associatedEntityId: service?.id ?? null,
        countryCode: service?.locations[0]?.address.countryCode ?? 'US',
      };
    }),
  );
  if (deps.directory) {
    for (const service of demoServices()) {
      // As the oldest state: what svc-catalog then says of the service wins.
      await deps.directory.apply({
        id: service.id,
        version: 0,
        name: service.name,
        slug: service.slug,
        status: service.status,
        featuredUntil: service.featuredUntil,
        photoIds: (service.media.photos ?? []).map((p) => p.id),
      });
    }
  }
  await deps.markers.mark('demo-logos');
  return added;
}

/** The folder of a demo picture's files: every demo photo that shows it is served from there. */
export const demoPictureFolder = (key: string) => `demo-${key}`;

/**
 * Draws the twelve demo pictures once (each width and format, named as demo-data names them) and
 * records every demo service's photos (two to four each) as showing one of them, so a fresh start
 * shows galleries. svc-catalog seeds the same photos on the listings from the same demo data.
 */
async function seedPhotos(deps: DemoMediaDeps): Promise<number> {
  if (!deps.photos || (await deps.markers.has('demo-photos'))) return 0;
  const photos = deps.photos;
  await pLimit(deps.concurrency ?? DEFAULT_CONCURRENCY).map(demoPictures, async (picture) => {
    const { width, height } = DEMO_PICTURE_SIZE;
    const raw = await sharp(Buffer.from(pictureSvg(picture.key, picture.palette, width, height)))
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    for (const target of DEMO_PICTURE_WIDTHS) {
      const resized = await sharp(raw.data, { raw: { width: raw.info.width, height: raw.info.height, channels: raw.info.channels } })
        .resize({ width: target })
        .raw()
        .toBuffer({ resolveWithObject: true });
      for (const format of PHOTO_FORMATS) {
        const encoded = await photoEncoders[format](sharp(resized.data, { raw: { width: resized.info.width, height: resized.info.height, channels: resized.info.channels } })).toBuffer();
        await deps.files.write('photos', demoPictureFolder(picture.key), target, encoded, format);
      }
    }
  });
  const services = demoServices(new Date(0));
  let added = 0;
  for (const [index, service] of services.entries()) {
    for (const photo of demoPhotosOf(index, service.slug)) {
      const inserted = await photos.insertMissing({
        id: photo.id,
        listingId: service.id,
        uploadedBy: 'demo-seed',
        width: photo.width,
        height: photo.height,
        sources: photo.sources,
        bytes: {},
        createdAt: new Date(0).toISOString(),
        filesOf: demoPictureFolder(photo.pictureKey),
      });
      if (inserted) added += 1;
    }
  }
  await deps.markers.mark('demo-photos');
  return added;
}

/**
 * Draws and records the demo banners and service logos once. A later start adds nothing, even
 * after an admin removed some of them.
 */
export async function seedDemoMedia(deps: DemoMediaDeps): Promise<{ banners: number; logos: number; photos: number }> {
  const banners = await seedBanners(deps);
  const logos = await seedLogos(deps);
  const photos = await seedPhotos(deps);
  await deps.events.relay();
  return { banners, logos, photos };
}
