import { z } from 'zod';
import { ALLERGEN_FRIENDLY_OPTIONS, MAX_MINIMUM_ORDER_MEALS, MAX_PRICE_PER_MEAL, PLAN_KINDS, WEEKDAYS } from './offer-constants';
import { SERVICE_TEXT_LIMITS as L } from './owner-constants';
import { isWebAddress, WEB_ADDRESS_MESSAGE } from './web-address';

/**
 * The facts of a listing's offer, as visitors compare them: every one optional (null or empty when
 * the owner has not said). Prices are USD per meal.
 */
export const OfferSchema = z.object({
  pricePerMeal: z.object({ low: z.number(), high: z.number() }).nullable(),
  plans: z.enum(PLAN_KINDS).nullable(),
  /** Whether a subscriber can pause, skip or cancel any time. */
  pauseAnyTime: z.boolean().nullable(),
  deliveryDays: z.array(z.enum(WEEKDAYS)),
  /** The last moment to order for the next delivery: a day and an hour (0–23) of the service's own time. */
  orderCutoff: z.object({ day: z.enum(WEEKDAYS), hour: z.number().int() }).nullable(),
  /** The fewest meals an order may have. */
  minimumOrderMeals: z.number().int().nullable(),
  allergenFriendly: z.array(z.enum(ALLERGEN_FRIENDLY_OPTIONS)),
  menuUrl: z.string(),
});
export type Offer = z.infer<typeof OfferSchema>;

/** A listing that has said nothing of its offer. */
export const EMPTY_OFFER: Offer = { pricePerMeal: null, plans: null, pauseAnyTime: null, deliveryDays: [], orderCutoff: null, minimumOrderMeals: null, allergenFriendly: [], menuUrl: '' };

const price = z
  .number({ error: 'must be a price in dollars' })
  .min(0, 'must not be negative')
  .max(MAX_PRICE_PER_MEAL, `must be at most $${MAX_PRICE_PER_MEAL}`)
  // 9.29 * 100 is 928.9999999999999 in floating point: whole cents within a millionth of one.
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'must be in dollars and cents');

/** A list of distinct choices, kept in the order the options are listed. */
const choices = <T extends readonly [string, ...string[]]>(options: T) =>
  z
    .array(z.enum(options))
    .max(options.length)
    .refine((values) => new Set(values).size === values.length, 'must not name one twice')
    .transform((values) => options.filter((option) => values.includes(option)) as Array<T[number]>);

const menuUrl = z
  .string()
  .trim()
  .max(L.url, `must be at most ${L.url} characters`)
  .refine((value) => value === '' || isWebAddress(value), WEB_ADDRESS_MESSAGE);

/** What the owner's and the admin's forms send of the offer: every fact optional. */
export const OfferInputSchema = z.strictObject({
  pricePerMeal: z
    .strictObject({ low: price, high: price })
    .refine((range) => range.low <= range.high, { error: 'the lowest price must not be above the highest', path: ['low'] })
    .nullable()
    .default(null),
  plans: z.enum(PLAN_KINDS).nullable().default(null),
  pauseAnyTime: z.boolean().nullable().default(null),
  deliveryDays: choices(WEEKDAYS).default([]),
  orderCutoff: z
    .strictObject({ day: z.enum(WEEKDAYS), hour: z.number({ error: 'must be an hour' }).int('must be a whole hour').min(0, 'must be 0 to 23').max(23, 'must be 0 to 23') })
    .nullable()
    .default(null),
  minimumOrderMeals: z
    .number({ error: 'must be a number of meals' })
    .int('must be a whole number of meals')
    .min(1, 'must be at least 1 meal')
    .max(MAX_MINIMUM_ORDER_MEALS, `must be at most ${MAX_MINIMUM_ORDER_MEALS} meals`)
    .nullable()
    .default(null),
  allergenFriendly: choices(ALLERGEN_FRIENDLY_OPTIONS).default([]),
  menuUrl: menuUrl.default(''),
});
export type OfferInput = z.input<typeof OfferInputSchema>;
