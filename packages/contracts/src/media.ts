import { z } from 'zod';

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
export const BannerImageListSchema = z.object({ items: z.array(BannerImageSchema) });
export type BannerImageList = z.infer<typeof BannerImageListSchema>;
