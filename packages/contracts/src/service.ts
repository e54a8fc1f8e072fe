import { z } from 'zod';
import { ListingPhotoSchema } from './photos';
import { MAX_PAGE_SIZE, MAX_SEARCH_LENGTH, SERVICE_STATUSES } from './constants';
import { LIST_SORTS, MAX_FILTER_PARAM_LENGTH, MAX_FILTER_VALUES } from './filter-constants';
import { SlugSchema } from './geo-region';
import { OfferSchema } from './offer';
import { RatingSummarySchema } from './review';

export const ServiceStatusSchema = z.enum(SERVICE_STATUSES);

export const DeliveryMethodsSchema = z.object({
  localDelivery: z.boolean(),
  pickup: z.boolean(),
  shipsDomestically: z.boolean(),
  shipsInternationally: z.boolean(),
});

export const AddressSchema = z.object({
  line1: z.string(),
  city: z.string(),
  /** Holds the state's name, e.g. "New York". */
  region: z.string(),
  postalCode: z.string(),
  countryCode: z.string(),
});

export const LocationSchema = z.object({
  label: z.string(),
  address: AddressSchema,
  isPrimary: z.boolean(),
  /** Where it is: from the import's coordinates, else its ZIP code, else its city and state; null when none is known. */
  point: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
});

export const ContactSchema = z.object({
  email: z.string(),
  phone: z.string(),
  website: z.string(),
  socialLinks: z.array(z.string()),
  /** Whether visitors may ask for the e-mail address (public answers never carry it: `email` is empty there). */
  showEmail: z.boolean().optional(),
});

/** A service as visitors see it on its detail page. Owner and submission metadata stay private. */
export const PublicServiceSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  tagline: z.string(),
  description: z.string(),
  defaultCurrency: z.string(),
  languages: z.array(z.string()),
  mealTypes: z.array(z.string()),
  status: ServiceStatusSchema,
  featuredUntil: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  publishedAt: z.string().nullable(),
  deliveryMethods: DeliveryMethodsSchema,
  /** How far (miles) its local delivery reaches from each location. */
  deliveryRadiusMiles: z.number(),
  contact: ContactSchema,
  locations: z.array(LocationSchema),
  media: z.object({
    logoImageId: z.string().nullable(),
    /** Its gallery in its owner's order (absent: none), and which of them is the cover (shown first, and on its card). */
    photos: z.array(ListingPhotoSchema).optional(),
    coverPhotoId: z.string().nullable().optional(),
  }),
  /** The facts of its offer (price per meal, plans, delivery days…), each null or empty when not said. */
  offer: OfferSchema,
  /** Published or closed with no owner: its page invites the business to claim it. */
  claimable: z.boolean(),
  /** The average and count of its published reviews. */
  rating: RatingSummarySchema,
  /** How long it has been in business, as its form or the import gave it; absent when not said. */
  yearsInBusiness: z.string().optional(),
});
export type PublicService = z.infer<typeof PublicServiceSchema>;

/** What a grid card needs; lists send only this. */
export const ServiceCardSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  tagline: z.string(),
  mealTypes: z.array(z.string()),
  city: z.string(),
  state: z.string(),
  logoImageId: z.string().nullable(),
  /** Its gallery's cover, in the small widths a card uses; absent or null: none. */
  cover: ListingPhotoSchema.nullable().optional(),
  shipsDomestically: z.boolean(),
  localDelivery: z.boolean(),
  featured: z.boolean(),
  /** The average and count of its published reviews. */
  rating: RatingSummarySchema,
});
export type ServiceCard = z.infer<typeof ServiceCardSchema>;

const flag = z.enum(['true', 'false']).transform((v) => v === 'true');

/** A filter's parameter: once, or given several times; a value a filter does not have is ignored (see readListingFilters), one too long refused. */
const filterParam = z
  .union([
    z.string().max(MAX_FILTER_PARAM_LENGTH, `must be at most ${MAX_FILTER_PARAM_LENGTH} characters`),
    z.array(z.string().max(MAX_FILTER_PARAM_LENGTH, `must be at most ${MAX_FILTER_PARAM_LENGTH} characters`)).max(MAX_FILTER_VALUES, `must be given at most ${MAX_FILTER_VALUES} times`),
  ])
  .optional();

/** The filters every public list takes (meal types, delivery, price, rating, pause, allergens), as the page's URL gives them. */
export const ListingFilterQueryShape = {
  meal: filterParam,
  delivery: filterParam,
  price: filterParam,
  rating: filterParam,
  pause: filterParam,
  allergen: filterParam,
};

/** Query of the public service lists. Unknown parameters are refused with a 400. */
export const ServiceListQuerySchema = z.strictObject({
  ...ListingFilterQueryShape,
  /** By name (A–Z), or best rated first. */
  sort: z.enum(LIST_SORTS, { error: `must be one of ${LIST_SORTS.join(', ')}` }).default('name'),
  /** Also count how many listings each filter's choices leave (the filter form's numbers). */
  facets: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .transform((v) => v === 'true')
    .optional(),
  state: SlugSchema.optional(),
  /** A city page's services: the city's slug within `state` (with no state, that city in any state). */
  city: SlugSchema.optional(),
  mealType: SlugSchema.optional(),
  shipping: flag.optional(),
  featured: flag.optional(),
  q: z.string().trim().max(MAX_SEARCH_LENGTH, `must be at most ${MAX_SEARCH_LENGTH} characters`).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(6),
});
export type ServiceListQuery = z.infer<typeof ServiceListQuerySchema>;

const counts = z.record(z.string(), z.number().int());
export const FilterCountsSchema = z.object({ meal: counts, delivery: counts, price: counts, rating: counts, pause: z.number().int(), allergen: counts });

export const ServiceListSchema = z.object({
  items: z.array(ServiceCardSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int(),
  /** With `facets`: how many listings each choice of each filter leaves. */
  facets: FilterCountsSchema.optional(),
});
export type ServiceList = z.infer<typeof ServiceListSchema>;

export const ServiceIdParamsSchema = z.strictObject({ id: z.string().regex(/^[0-9a-f]{24}$/, 'must be a service id') });

/**
 * The Idempotency-Key header of a write that may be sent again: a page that got no answer (the
 * connection broke, or the site said to try again) sends the same write with the same key, and a
 * key already applied to that listing is answered without writing a second time. A key is its
 * sender's and names one request: the same key from another user is another key, and the same key
 * with another change is refused (422, IDEMPOTENCY_KEY_REUSED_MESSAGE).
 */
export const IdempotencyKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,64}$/, 'must be 16 to 64 letters, digits, - or _')
  .optional();

export const ReportStillOpenResultSchema = z.object({ received: z.literal(true) });

/** How many published services each state has, by state slug. */
export const RegionCountsSchema = z.object({ counts: z.record(z.string(), z.number().int()) });
export type RegionCounts = z.infer<typeof RegionCountsSchema>;

export const AdminStatusBodySchema = z.strictObject({ status: ServiceStatusSchema, reason: z.string().trim().max(500).optional() });

/** services.myServices: one of the caller's own listings. */
export const OwnedServiceSchema = z.object({ id: z.string(), name: z.string(), slug: z.string(), status: ServiceStatusSchema });
export type OwnedService = z.infer<typeof OwnedServiceSchema>;

/** services.adminManagement: the admin table's filters, kept in the page's URL. */
export const AdminServiceQuerySchema = z.strictObject({
  q: z.string().trim().max(MAX_SEARCH_LENGTH).optional(),
  status: ServiceStatusSchema.optional(),
  featured: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  mealType: z
    .string()
    .regex(/^[a-z0-9-]{1,60}$/)
    .optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type AdminServiceQuery = z.infer<typeof AdminServiceQuerySchema>;

export const AdminServiceRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  status: ServiceStatusSchema,
  featuredUntil: z.string().nullable(),
  mealTypes: z.array(z.string()),
  createdAt: z.string(),
  ownerUserId: z.string().nullable(),
});
export type AdminServiceRow = z.infer<typeof AdminServiceRowSchema>;
export interface AdminServiceList {
  items: AdminServiceRow[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
}

/** Bulk calls name 1 to 1,000 services. */
export const BulkIdsSchema = z
  .array(z.string().regex(/^[0-9a-f]{24}$/, 'must be service ids'))
  .min(1, 'names no service')
  .max(1000, 'names more than 1,000 services');
export const BulkStatusBodySchema = z.strictObject({ ids: BulkIdsSchema, status: ServiceStatusSchema });
export const BulkIdsBodySchema = z.strictObject({ ids: BulkIdsSchema });
/** Featured for a number of days: at least 1 (the page falls back to 30 on anything not a number). */
export const FeatureBodySchema = z.strictObject({ days: z.number().int().min(1).max(3650) });
export const BulkFeatureBodySchema = z.strictObject({ ids: BulkIdsSchema, days: z.number().int().min(1).max(3650) });
