import { z } from 'zod';
import { IMAGE_SIZES } from './media-constants';

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

/** media.adminList: the media screen's filters. */
export const AdminMediaQuerySchema = z.strictObject({
  q: z.string().trim().max(100).optional(),
  featuredOnly: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .default(false),
  includeDeleted: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .default(false),
});
export type AdminMediaQuery = z.infer<typeof AdminMediaQuerySchema>;

export interface AdminMediaItem {
  id: string;
  /** Where the image is shown from: the image CDN for items with an imageKitId when one is set. */
  url: string;
  altText: string;
  associatedEntityId: string | null;
  serviceName: string | null;
  featured: boolean;
  countryCode: string;
  createdAt: string;
  deletedAt: string | null;
}

export const MediaIdParamsSchema = z.strictObject({ id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,99}$/, 'must be a media id') });
export const MediaAltTextBodySchema = z.strictObject({ altText: z.string().trim().max(300) });
export const MediaBulkBodySchema = z.strictObject({
  ids: z
    .array(z.string().regex(/^[a-z0-9][a-z0-9-]{0,99}$/))
    .min(1, 'names no media')
    .max(1000, 'names more than 1,000 items'),
});

/** The banner screen: every banner, active or not. */
export interface AdminBannerImage extends BannerImage {
  isActive: boolean;
}
export const BannerIdsSchema = z
  .array(z.string().regex(/^[a-z0-9][a-z0-9-]{0,99}$/, 'must be banner ids'))
  .min(1, 'names no banner')
  .max(200);
export const BannerChangesSchema = z
  .strictObject({ isActive: z.boolean(), order: z.number().int().min(0).max(10_000), alt_description: z.string().trim().max(300) })
  .partial()
  .refine((c) => Object.keys(c).length > 0, 'has nothing to change');
export const BannerBulkChangesSchema = z.strictObject({ ids: BannerIdsSchema, changes: BannerChangesSchema });
export const BannerBulkIdsSchema = z.strictObject({ ids: BannerIdsSchema });
export const AddBannerSchema = z.discriminatedUnion('source', [
  z.strictObject({ source: z.literal('unsplash'), unsplashId: z.string().regex(/^[A-Za-z0-9_-]{4,40}$/, 'must be a photo id') }),
  z.strictObject({ source: z.literal('custom'), url: z.string().trim().min(1).max(2000), alt: z.string().trim().max(300).default('') }),
]);
export const StockSearchQuerySchema = z.strictObject({
  query: z.string().trim().min(1).max(100).default('meal prep food healthy'),
  page: z.coerce.number().int().min(1).max(100).default(1),
});
export const StockByUrlQuerySchema = z.strictObject({ url: z.string().trim().min(1).max(2000) });
export interface StockPhoto {
  id: string;
  urls: { regular: string; small: string };
  alt_description: string;
  user: { name: string; username: string };
}

/** An image rendition: /images/:id/:size. */
export const ImageParamsSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]{1,100}$/, 'must be 1 to 100 lowercase letters, digits or dashes'),
  size: z.enum(IMAGE_SIZES),
});
/** media.uploadImageKit: the image's bytes are the body; its name and folder come in the query. */
export const UploadQuerySchema = z.strictObject({
  fileName: z.string().trim().min(1).max(200).default('logo'),
  folder: z.enum(['services']).default('services'),
});

/**
 * svc-media's internal answer about one media item (GET /internal/media/:id): what svc-catalog
 * needs to decide whether a listing may use it as its logo.
 */
export const MediaItemFactsSchema = z.object({
  id: z.string(),
  /** Who uploaded it; null for demo and imported media. */
  uploadedBy: z.string().nullable(),
  /** The service it is the logo of, once one uses it. */
  associatedEntityId: z.string().nullable(),
  deletedAt: z.string().nullable(),
});
export type MediaItemFacts = z.infer<typeof MediaItemFactsSchema>;

/** The answer of GET /internal/media/:id: `item` is null for an id svc-media does not know (a 404 would look like a missing route). */
export const MediaItemLookupSchema = z.object({ item: MediaItemFactsSchema.nullable() });
