import { z } from 'zod';
import { ListingPhotoSchema } from './photos';
import { HOW_DID_YOU_FIND_US_OPTIONS, ORDERS_PER_WEEK_OPTIONS, SERVICE_TEXT_LIMITS as L, YEARS_IN_BUSINESS_OPTIONS, YES_NO } from './owner-constants';
import { SlugSchema } from './geo-region';
import { DEFAULT_DELIVERY_RADIUS_MILES, MAX_DELIVERY_RADIUS_MILES, ZIP_CODE_PATTERN } from './near-constants';
import { OwnershipChangeSchema } from './claim';
import { OfferInputSchema } from './offer';
import { ReviewTrailEntrySchema } from './review';
import { webAddress } from './web-address';
import { PublicServiceSchema, ServiceStatusSchema } from './service';

const text = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);
const webUrl = webAddress(L.url);
const optionOrEmpty = <T extends readonly [string, ...string[]]>(options: T) => z.union([z.enum(options), z.literal('')]).default('');

/** A media id: demo logos and uploads alike. */
export const MediaIdSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'must be a media id');

const ContactInputSchema = z.strictObject({
  email: z.union([z.email({ error: 'must be an e-mail address' }).max(L.email), z.literal('')]),
  phone: text(L.phone).default(''),
  website: z.union([webUrl, z.literal('')]).default(''),
  socialLinks: z.array(webUrl).max(5).default([]),
  /** Whether visitors may see the address (behind a button; never printed in a page). */
  showEmail: z.boolean().default(false),
});

const DeliveryInputSchema = z.strictObject({
  localDelivery: z.boolean(),
  pickup: z.boolean(),
  shipsDomestically: z.boolean(),
  shipsInternationally: z.boolean(),
});

/** A 5-digit US ZIP code, or empty. */
const zipCode = z.union([z.string().trim().regex(ZIP_CODE_PATTERN, 'must be a 5-digit ZIP code'), z.literal('')]);
/** How far local delivery reaches, in whole miles. */
const deliveryRadius = z
  .number({ error: 'must be a number of miles' })
  .int('must be a whole number of miles')
  .min(1, 'must be at least 1 mile')
  .max(MAX_DELIVERY_RADIUS_MILES, `must be at most ${MAX_DELIVERY_RADIUS_MILES} miles`);

const LocationInputSchema = z.strictObject({
  label: text(80).default(''),
  address: z.strictObject({
    line1: text(L.street).default(''),
    city: text(L.city).default(''),
    /** The state's name, e.g. "New York" (checked against the states by svc-catalog). */
    region: text(60).default(''),
    postalCode: zipCode.default(''),
    countryCode: z.literal('US').default('US'),
  }),
  isPrimary: z.boolean().default(true),
});

/** services.insert: what an owner's form sends. The server sets owner, status and dates itself. */
export const ServiceInsertSchema = z.strictObject({
  name: text(L.name).min(1, 'is required'),
  slug: SlugSchema,
  tagline: text(L.tagline).default(''),
  description: text(L.description).default(''),
  defaultCurrency: z.literal('USD').default('USD'),
  languages: z
    .array(z.string().regex(/^[a-z]{2}$/, 'must be a language code'))
    .min(1)
    .max(5)
    .default(['en']),
  mealTypes: z.array(SlugSchema).max(30).default([]),
  deliveryMethods: DeliveryInputSchema,
  deliveryRadiusMiles: deliveryRadius.default(DEFAULT_DELIVERY_RADIUS_MILES),
  contact: ContactInputSchema,
  locations: z.array(LocationInputSchema).max(5).default([]),
  media: z.strictObject({ logoImageId: MediaIdSchema.nullable().default(null) }).default({ logoImageId: null }),
  /** The facts of its offer, each optional. */
  offer: OfferInputSchema.prefault({}),
  /** A new listing is always a draft; it is sent for approval by its own call. */
  status: z.literal('draft').default('draft'),
  metadata: z.strictObject({
    ownerName: text(L.name).min(1, 'is required'),
    yearsInBusiness: optionOrEmpty(YEARS_IN_BUSINESS_OPTIONS),
    yearsInBusinessOther: text(200).default(''),
    recurringMealPlans: optionOrEmpty(YES_NO),
    ordersPerWeek: optionOrEmpty(ORDERS_PER_WEEK_OPTIONS),
    onlinePayment: optionOrEmpty(YES_NO),
    howDidYouFindUs: optionOrEmpty(HOW_DID_YOU_FIND_US_OPTIONS),
    howDidYouFindUsOther: text(200).default(''),
    hasWebsite: optionOrEmpty(YES_NO),
    termsAccepted: z.literal(true, { error: 'the terms must be accepted' }),
    submittedVia: z.literal('dashboard').default('dashboard'),
  }),
});
export type ServiceInsert = z.infer<typeof ServiceInsertSchema>;
export type ServiceInsertInput = z.input<typeof ServiceInsertSchema>;

/** services.update: the fields the Edit Service form may change. */
export const ServiceUpdateSchema = z
  .strictObject({
    name: text(L.name).min(1, 'is required'),
    slug: SlugSchema,
    tagline: text(L.tagline),
    description: text(L.description),
    contact: z.strictObject({
      email: z.union([z.email({ error: 'must be an e-mail address' }).max(L.email), z.literal('')]),
      phone: text(L.phone),
      website: z.union([webUrl, z.literal('')]),
      /** Left out: as it was. */
      showEmail: z.boolean().optional(),
    }),
    deliveryMethods: DeliveryInputSchema,
    deliveryRadiusMiles: deliveryRadius,
    /** The ZIP code of the listing's main location (its city and state follow from it when it has none). */
    postalCode: zipCode,
    media: z.strictObject({ logoImageId: MediaIdSchema.nullable() }),
    /** The whole offer as the form shows it: a fact left out is one the listing no longer says. */
    offer: OfferInputSchema,
  })
  .partial()
  .refine((update) => Object.keys(update).length > 0, 'has nothing to change');
export type ServiceUpdate = z.infer<typeof ServiceUpdateSchema>;

export const StatusChangeSchema = z.object({
  at: z.string(),
  /**
   * Who made the change. Admins see everyone; an owner sees who only for their own changes, and for
   * anyone else's whether it was one of the listing's earlier owners (`byPreviousOwner`) or someone
   * on the staff (`byAdmin`).
   */
  byUserId: z.string().nullable(),
  byEmail: z.string().nullable(),
  byAdmin: z.boolean().optional(),
  byPreviousOwner: z.boolean().optional(),
  from: ServiceStatusSchema.nullable(),
  to: ServiceStatusSchema,
  reason: z.string().nullable(),
});
export type StatusChange = z.infer<typeof StatusChangeSchema>;

/** services.edit: everything the Edit Service screen shows, for the owner or an admin. */
export const EditableServiceSchema = PublicServiceSchema.extend({
  ownerUserId: z.string().nullable(),
  /** One more with every write: the live stream names it, and a page holding this version or a later one need not read it again. */
  version: z.number().int().nonnegative(),
  /** The answers its maker gave in the listing's form (and when they accepted the terms), or what an import set: an owner is not shown another owner's answers. */
  metadata: z.record(z.string(), z.unknown()),
  statusHistory: z.array(StatusChangeSchema),
  /** Other services this one may repeat: for admins only (an owner is never told of another owner's listing). */
  possibleDuplicateOf: z.array(z.object({ id: z.string(), name: z.string(), slug: z.string(), reason: z.string() })),
  /** Claims granted, approved and rejected: for admins (an owner sees only those that made them the owner, without who owned it before or who decided). */
  ownershipHistory: z.array(OwnershipChangeSchema),
  /** Each moderation step of its reviews (held, reported, approved, rejected, removed): for admins only. */
  reviewTrail: z.array(ReviewTrailEntrySchema),
  /** Photos lately taken out of its gallery (newest first), which its owner may put back. */
  removedPhotos: z.array(ListingPhotoSchema).optional(),
});
export type EditableService = z.infer<typeof EditableServiceSchema>;

export const CreatedServiceSchema = z.object({ id: z.string(), slug: z.string(), status: ServiceStatusSchema });
