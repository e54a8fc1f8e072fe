import type { ListingPhoto } from '@mealprep/contracts';
import { photoFileUrl, photoSourceFor, photoSrcset } from '@mealprep/contracts/browser';

export interface PhotoPictureProps {
  photo: ListingPhoto;
  /** The `sizes` attribute: how wide the picture is drawn, so the browser picks the smallest file that fills it. */
  sizes: string;
  /** The first screen's largest picture: fetched first, never lazily. */
  priority?: boolean;
  /** Widths above this are not offered (a card never needs more than a phone's width). */
  maxWidth?: number;
  className?: string;
  /** Shown in place of the photo's own description (empty: the picture is decoration next to its words). */
  alt?: string;
}

/**
 * One photo in AVIF, WebP or JPEG (whichever the browser reads first) at the width its place needs,
 * with its width and height written so the page keeps its room before the file arrives (no layout shift).
 */
export function PhotoPicture({ photo, sizes, priority = false, maxWidth, className = '', alt }: PhotoPictureProps) {
  const fallback = photoSourceFor(photo, 640);
  if (!fallback) return null;
  return (
    <picture>
      <source type="image/avif" srcSet={photoSrcset(photo, 'avif', maxWidth)} sizes={sizes} />
      <source type="image/webp" srcSet={photoSrcset(photo, 'webp', maxWidth)} sizes={sizes} />
      <img
        src={photoFileUrl(photo.id, fallback, 'jpeg')}
        srcSet={photoSrcset(photo, 'jpeg', maxWidth)}
        sizes={sizes}
        width={photo.width}
        height={photo.height}
        alt={alt ?? photo.alt}
        loading={priority ? 'eager' : 'lazy'}
        decoding={priority ? 'sync' : 'async'}
        {...(priority ? { fetchPriority: 'high' as const } : {})}
        className={className}
      />
    </picture>
  );
}
