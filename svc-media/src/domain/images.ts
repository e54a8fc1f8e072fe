import { IMAGE_WIDTHS, type ImageSize } from '@mealprep/contracts';
import { AppError } from '@mealprep/service-kit';
import type { ImageFileStore } from '../data-access/image-file-store';
import type { Rendition, StoredImageRepository } from '../data-access/stored-image-repository';

export interface ImageDeps {
  images: StoredImageRepository;
  files: ImageFileStore;
}

export interface OpenedImage {
  contentType: string;
  etag: string;
  width: number;
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
 * answered from the record alone.
 */
export async function openImage(deps: ImageDeps, id: string, size: ImageSize): Promise<OpenedImage> {
  const image = await deps.images.findById(id);
  const rendition = image && pickRendition(image.renditions, IMAGE_WIDTHS[size]);
  if (!image || !rendition) throw AppError.notFound(`There is no image "${id}".`);
  return {
    contentType: image.contentType,
    etag: rendition.etag,
    width: rendition.width,
    read: async () => {
      const bytes = await deps.files.read(image.folder, image.id, rendition.width);
      if (!bytes) throw AppError.notFound(`The file of image "${id}" is missing.`);
      return bytes;
    },
  };
}
