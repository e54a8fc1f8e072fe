import { z } from 'zod';

export const SlugSchema = z
  .string()
  .min(1)
  .max(120)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lowercase letters, digits and single hyphens');

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
