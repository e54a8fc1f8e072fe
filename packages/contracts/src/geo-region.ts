import { z } from 'zod';
import { SLUG_MAX_LENGTH, SLUG_PATTERN, SLUG_PATTERN_MESSAGE } from './slug';

export const SlugSchema = z.string().min(1).max(SLUG_MAX_LENGTH).regex(SLUG_PATTERN, SLUG_PATTERN_MESSAGE);

export const GeoRegionSchema = z.object({
  slug: SlugSchema,
  name: z.string().min(1),
  countryCode: z.literal('US'),
  type: z.literal('state'),
});
export type GeoRegion = z.infer<typeof GeoRegionSchema>;

export const GeoRegionListQuerySchema = z.strictObject({
  countryCode: z.literal('US').default('US'),
});

export const GeoRegionListSchema = z.object({ items: z.array(GeoRegionSchema) });
export type GeoRegionList = z.infer<typeof GeoRegionListSchema>;

export const SlugParamsSchema = z.strictObject({ slug: SlugSchema });
