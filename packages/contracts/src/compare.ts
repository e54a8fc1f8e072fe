import { z } from 'zod';
import { MAX_COMPARED } from './compare-constants';
import { MAX_PLACE_QUERY } from './near-constants';
import { NearPlaceSchema } from './near';
import { PublicServiceSchema } from './service';

/** GET /services/compare?s=a,b&place=78701: up to MAX_COMPARED listings by slug, and how far each is from a place when one is given. */
export const CompareQuerySchema = z.strictObject({
  s: z
    .string({ error: 'is required' })
    .max(MAX_COMPARED * 201, `must name at most ${MAX_COMPARED} services`)
    .transform((list) => [
      ...new Set(
        list
          .split(',')
          .map((slug) => slug.trim().toLowerCase())
          .filter(Boolean),
      ),
    ])
    .refine((slugs) => slugs.length >= 1, 'must name a service')
    .refine((slugs) => slugs.length <= MAX_COMPARED, `must name at most ${MAX_COMPARED} services`),
  place: z.string().trim().min(1, 'must not be empty').max(MAX_PLACE_QUERY, `must be at most ${MAX_PLACE_QUERY} characters`).optional(),
});

/** One compared listing: null when there is no public listing of that slug (unknown, or not public: never which). */
export const ComparedSchema = z.object({
  slug: z.string(),
  service: PublicServiceSchema.extend({
    /** Miles from the place to its nearest location (a tenth of a mile); null without a place or a known location. */
    distanceMiles: z.number().nullable(),
  }).nullable(),
});
export type Compared = z.infer<typeof ComparedSchema>;

export const CompareResultSchema = z.object({
  items: z.array(ComparedSchema),
  /** The place distances are measured from; null when none was given or it is not known (`placeProblem` says why). */
  place: NearPlaceSchema.nullable(),
  placeProblem: z.string().nullable(),
});
export type CompareResult = z.infer<typeof CompareResultSchema>;
