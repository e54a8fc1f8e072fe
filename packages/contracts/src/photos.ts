import { z } from 'zod';
import { MAX_LISTING_PHOTOS, PHOTO_ALT_MAX, PHOTO_ALT_MIN, PHOTO_CAPTION_MAX, PHOTO_FORMATS } from './photo-constants';
import { isWellFormedText } from './text';

export const PhotoIdSchema = z.string().regex(/^p-[a-f0-9]{24}$/, 'must be a photo id');
const ServiceIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be a service id');

/** media.uploadPhoto: the photo's bytes are the body; the query names the listing it is for. */
export const PhotoUploadQuerySchema = z.strictObject({
  listingId: ServiceIdSchema,
  fileName: z.string().trim().max(200).default('photo'),
});

/** One file of a photo: `/photos/:photoId/:file`, the file being `{width}-{hash}.{format}`. */
export const PhotoFileParamsSchema = z.strictObject({
  photoId: PhotoIdSchema,
  file: z.string().regex(new RegExp(`^[0-9]{1,4}-[a-f0-9]{32}\\.(${PHOTO_FORMATS.join('|')})$`), 'must be a photo file'),
});
export const PhotoIdParamsSchema = z.strictObject({ photoId: PhotoIdSchema });

export const PhotoSourceSchema = z.object({
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  avif: z.string(),
  webp: z.string(),
  jpeg: z.string(),
});

/** A photo of a listing as pages show it (ListingPhoto). */
export const ListingPhotoSchema = z.object({
  id: z.string(),
  alt: z.string(),
  caption: z.string().nullable(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  sources: z.array(PhotoSourceSchema),
});

/** What svc-media says of one photo (GET /internal/media/photos/:photoId): null for an id it does not know. */
export const PhotoFactsSchema = z.object({
  id: z.string(),
  listingId: z.string(),
  uploadedBy: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  sources: z.array(PhotoSourceSchema),
  removedAt: z.string().nullable(),
});
export type PhotoFacts = z.infer<typeof PhotoFactsSchema>;
export const PhotoLookupSchema = z.object({ photo: PhotoFactsSchema.nullable() });

/** A description (alt text) or caption: one line of well-formed text, no markup. */
const photoText = (min: number, max: number, what: string) =>
  z
    .string()
    .trim()
    .min(min, `${what} must be at least ${min} characters`)
    .max(max, `${what} must be at most ${max} characters`)
    .refine(isWellFormedText, `${what} holds half of a character (it is not well-formed text)`)
    .refine((text) => !/[<>]/.test(text), `${what} cannot hold HTML`)
    .refine((text) => !/[\r\n]/.test(text), `${what} must be one line`);

/** services.setPhotos: the listing's whole gallery, in its order, with the cover named. */
export const ListingPhotosBodySchema = z
  .strictObject({
    photos: z
      .array(
        z.strictObject({
          id: PhotoIdSchema,
          alt: photoText(PHOTO_ALT_MIN, PHOTO_ALT_MAX, 'A description'),
          caption: z
            .union([photoText(1, PHOTO_CAPTION_MAX, 'A caption'), z.literal('')])
            .nullable()
            .default(null),
        }),
      )
      .max(MAX_LISTING_PHOTOS, `A listing can have at most ${MAX_LISTING_PHOTOS} photos`),
    coverId: PhotoIdSchema.nullable().default(null),
  })
  .refine((body) => new Set(body.photos.map((p) => p.id)).size === body.photos.length, { message: 'A photo is named twice', path: ['photos'] })
  .refine((body) => body.coverId === null || body.photos.some((p) => p.id === body.coverId), { message: 'The cover must be one of the photos', path: ['coverId'] });
export type ListingPhotosBody = z.infer<typeof ListingPhotosBodySchema>;

/** Staff remove a photo: the owner is mailed the reason. */
export const PhotoRemovalBodySchema = z.strictObject({ reason: photoText(5, 500, 'A reason') });
/** Anyone signed in reports a photo. */
export const PhotoReportBodySchema = z.strictObject({ reason: photoText(5, 500, 'A reason') });
