// No zod here: the browser imports these through '@mealprep/contracts/browser'.

/** A listing's gallery holds at most this many photos. */
export const MAX_LISTING_PHOTOS = 12;
/** A photo's description (its alt text), in characters. */
export const PHOTO_ALT_MIN = 5;
export const PHOTO_ALT_MAX = 150;
export const PHOTO_CAPTION_MAX = 200;
/** The widths each photo is drawn at (never wider than the photo itself). */
export const PHOTO_WIDTHS = [320, 640, 1280, 1920] as const;
/** The formats each width is drawn in; the browser picks the first it reads, JPEG being the fallback. */
export const PHOTO_FORMATS = ['avif', 'webp', 'jpeg'] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];

/** One width of a photo: its pixel size and each format's content hash (its file's name). */
export interface PhotoSource {
  width: number;
  height: number;
  avif: string;
  webp: string;
  jpeg: string;
}

/** A photo of a listing as pages show it. */
export interface ListingPhoto {
  id: string;
  alt: string;
  caption: string | null;
  width: number;
  height: number;
  /** Narrowest first. */
  sources: PhotoSource[];
}

/**
 * Where the browser loads one file of a photo (through the gateway). The content hash is in the
 * name: a file never changes under its URL, so it is cached for good.
 */
export function photoFileUrl(photoId: string, source: Pick<PhotoSource, 'width' | PhotoFormat>, format: PhotoFormat): string {
  return `/api/media/photos/${encodeURIComponent(photoId)}/${source.width}-${source[format]}.${format}`;
}

/** A `srcset` of one format over every width drawn. */
export function photoSrcset(photo: Pick<ListingPhoto, 'id' | 'sources'>, format: PhotoFormat, maxWidth = Infinity): string {
  const sources = photo.sources.filter((s, i) => i === 0 || s.width <= maxWidth);
  return sources.map((s) => `${photoFileUrl(photo.id, s, format)} ${s.width}w`).join(', ');
}

/** The source at least `width` wide (the widest when none is). */
export function photoSourceFor(photo: Pick<ListingPhoto, 'sources'>, width: number): PhotoSource | undefined {
  return photo.sources.find((s) => s.width >= width) ?? photo.sources[photo.sources.length - 1];
}

/** A gallery as it is shown: its cover first (the one named, else the first), then the rest in their order. */
export function galleryOrder<P extends { id: string }>(media: { photos?: P[]; coverPhotoId?: string | null }): P[] {
  const photos = media.photos ?? [];
  const cover = photos.find((p) => p.id === media.coverPhotoId) ?? photos[0];
  return cover ? [cover, ...photos.filter((p) => p !== cover)] : [];
}

/** The widths a card's cover is drawn from: a card is at most a phone's width. */
export const CARD_COVER_MAX_WIDTH = 640;

/** A listing's cover as its card carries it: the small widths only. */
export function cardCover(media: { photos?: ListingPhoto[]; coverPhotoId?: string | null }): ListingPhoto | null {
  const cover = galleryOrder(media)[0];
  if (!cover) return null;
  const small = cover.sources.filter((s, i) => i === 0 || s.width <= CARD_COVER_MAX_WIDTH);
  return { ...cover, caption: null, sources: small };
}
