import { IMAGE_WIDTHS, type ImageSize } from '@mealprep/contracts';
import { AppError } from '@mealprep/service-kit';
import type { ImageFileStore } from '../data-access/image-file-store';
import type { MediaRepository } from '../data-access/media-repository';
import type { Rendition, StoredImageRepository } from '../data-access/stored-image-repository';

export interface ImageDeps {
  images: StoredImageRepository;
  files: ImageFileStore;
  media: Pick<MediaRepository, 'findById'>;
}

export interface OpenedImage {
  contentType: string;
  etag: string;
  width: number;
  /** A soft-deleted media item's image, shown to admins only (their media screen lists it). */
  deleted: boolean;
  read: () => Promise<Buffer>;
}

/**
 * The rendition that best serves a size: the exact width, else the nearest wider one (the browser
 * scales it down), else the widest there is.
 */
export function pickRendition(renditions: Rendition[], wanted: number): Rendition | null {
  const byWidth = [...renditions].sort((a, b) => a.width - b.width);
  return byWidth.find((r) => r.width >= wanted) ?? byWidth.at(-1) ?? null;
}

/**
 * Finds an image's rendition for a size without reading it yet, so a cache revalidation is
 * answered from the record alone. The image of a soft-deleted media item is not there for
 * visitors, owners included; admins still see it on the media screen.
 */
export async function openImage(deps: ImageDeps, id: string, size: ImageSize, viewer: { admin: boolean }): Promise<OpenedImage> {
  // Both by _id: banners have an image and no media item, uploads and logos have both.
  const [image, item] = await Promise.all([deps.images.findById(id), deps.media.findById(id)]);
  const rendition = image && pickRendition(image.renditions, IMAGE_WIDTHS[size]);
  const deleted = Boolean(item?.deletedAt);
  // A brand picture is served by its own route (its files are not WebP).
  if (!image || image.folder === 'brand' || !rendition || (deleted && !viewer.admin)) throw AppError.notFound(`There is no image "${id}".`);
  return {
    contentType: image.contentType,
    etag: rendition.etag,
    width: rendition.width,
    deleted,
    read: async () => {
      const bytes = await deps.files.read(image.folder, image.id, rendition.width);
      if (!bytes) throw AppError.notFound(`The file of image "${id}" is missing.`);
      return bytes;
    },
  };
}
