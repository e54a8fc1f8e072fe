import { z } from 'zod';

export const IMAGE_SIZES = ['thumb', 'card', 'full'] as const;
export type ImageSize = (typeof IMAGE_SIZES)[number];
/** Width in pixels of each stored rendition. */
export const IMAGE_WIDTHS: Record<ImageSize, number> = { thumb: 160, card: 480, full: 1600 };

/** Where the browser loads a stored image from (through the gateway). */
export function imageUrl(imageId: string, size: ImageSize): string {
  return `/api/media/images/${encodeURIComponent(imageId)}/${size}`;
}

export const BannerImageSchema = z.object({
  id: z.string(),
  source: z.enum(['unsplash', 'media', 'custom']),
  /** Large rendition for the hero. */
  url: z.string(),
  /** Small rendition, for narrow screens. */
  smallUrl: z.string(),
  alt: z.string(),
  credit: z.object({ name: z.string(), username: z.string() }).nullable(),
  order: z.number().int(),
});
export type BannerImage = z.infer<typeof BannerImageSchema>;

export const MAX_ACTIVE_BANNERS = 5;
export const BannerImageListSchema = z.object({ items: z.array(BannerImageSchema) });
export type BannerImageList = z.infer<typeof BannerImageListSchema>;
