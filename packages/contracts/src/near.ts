import { z } from 'zod';
import { MAX_PAGE_SIZE } from './constants';
import { SlugSchema } from './geo-region';
import { DEFAULT_NEAR_RADIUS, MAX_PLACE_QUERY, NEAR_DELIVERY_FILTERS, NEAR_RADII, NEAR_REACHES } from './near-constants';
import { FilterCountsSchema, ListingFilterQueryShape, ServiceCardSchema } from './service';

export const PointSchema = z.object({ latitude: z.number(), longitude: z.number() });
export type Point = z.infer<typeof PointSchema>;

/** One of the radii, as a query gives it ("25"), read as a number. */
const radius = z
  .enum(NEAR_RADII.map(String) as [string, ...string[]], { error: `must be one of ${NEAR_RADII.join(', ')} miles` })
  .default(String(DEFAULT_NEAR_RADIUS))
  .transform((value) => Number(value) as (typeof NEAR_RADII)[number]);

/** services.near: services that reach a place. Unknown parameters are refused with a 400. */
export const NearQuerySchema = z.strictObject({
  /** A 5-digit ZIP code or "City, ST" as the visitor typed it. */
  place: z.string().trim().min(1, 'is required').max(MAX_PLACE_QUERY, `must be at most ${MAX_PLACE_QUERY} characters`),
  radius,
  mealType: SlugSchema.optional(),
  delivery: z.enum(NEAR_DELIVERY_FILTERS, { error: `must be one of ${NEAR_DELIVERY_FILTERS.join(', ')}` }).optional(),
  /** The filters every list takes (near-me has its own way of reaching, `delivery`, above). */
  meal: ListingFilterQueryShape.meal,
  price: ListingFilterQueryShape.price,
  rating: ListingFilterQueryShape.rating,
  pause: ListingFilterQueryShape.pause,
  allergen: ListingFilterQueryShape.allergen,
  /** Also count how many listings each filter's choices leave. */
  facets: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .transform((v) => v === 'true')
    .optional(),
  /** Page of the services near the place. */
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  /** Page of the services that ship from farther away. */
  shipPage: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(6),
});
export type NearQuery = z.infer<typeof NearQuerySchema>;

export const NearPlaceSchema = z.object({
  kind: z.enum(['zip', 'city']),
  zip: z.string().nullable(),
  city: z.string(),
  /** USPS code, e.g. "TX". */
  state: z.string(),
  /** The state's page slug, e.g. "texas". */
  stateSlug: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  /** "Austin, TX 78701" or "Austin, TX". */
  label: z.string(),
});
export type NearPlace = z.infer<typeof NearPlaceSchema>;

export const NearCardSchema = ServiceCardSchema.extend({
  /** Miles from the place to the service's nearest location; null when it has no known location. */
  distanceMiles: z.number().nullable(),
  reach: z.enum(NEAR_REACHES),
});
export type NearCard = z.infer<typeof NearCardSchema>;

const pageOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int(), pageCount: z.number().int() });

export const NearResultSchema = z.object({
  place: NearPlaceSchema,
  radius: z.number(),
  /** Within the radius, nearest first. */
  local: pageOf(NearCardSchema),
  /** Ship to the whole country from farther away, nearest first. */
  nationwide: pageOf(NearCardSchema),
  /** With `facets`: how many listings (near and nationwide) each choice of each filter leaves. */
  facets: FilterCountsSchema.optional(),
});
export type NearResult = z.infer<typeof NearResultSchema>;

/** places.nearest: the ZIP code nearest to a point (what "Use my location" sends). */
export const NearestPlaceQuerySchema = z.strictObject({
  lat: z.coerce.number({ error: 'must be a latitude' }).min(-90, 'must be a latitude').max(90, 'must be a latitude'),
  lng: z.coerce.number({ error: 'must be a longitude' }).min(-180, 'must be a longitude').max(180, 'must be a longitude'),
});
export const NearestPlaceSchema = z.object({ zip: z.string(), city: z.string(), state: z.string() });

/** A city with published services, as its state page lists it: /state/{state}/{slug}. */
export const CitySummarySchema = z.object({ slug: z.string(), name: z.string(), count: z.number().int() });
export type CitySummary = z.infer<typeof CitySummarySchema>;
export const CityListSchema = z.object({ items: z.array(CitySummarySchema) });
export type CityList = z.infer<typeof CityListSchema>;

/** regions.city: a city page's heading and breadcrumbs ("Meal Prep in Austin, TX"). */
export const CitySchema = CitySummarySchema.extend({
  state: z.object({ slug: z.string(), name: z.string(), /** USPS code, e.g. "TX"; empty when unknown. */ code: z.string() }),
});
export type City = z.infer<typeof CitySchema>;
export const CityParamsSchema = z.strictObject({ slug: SlugSchema, city: SlugSchema });

/** services.nearby: "Also near {city}" on a service's page: the nearest other services, and its city page. */
export const NearbyServicesSchema = z.object({
  city: z.object({ name: z.string(), stateSlug: z.string(), slug: z.string() }).nullable(),
  items: z.array(NearCardSchema),
});
export type NearbyServices = z.infer<typeof NearbyServicesSchema>;
