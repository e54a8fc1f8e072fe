import { z } from 'zod';
import { SlugSchema } from './geo-region';
import { ILL_FORMED_TEXT_MESSAGE, isWellFormedText } from './text';

/** A quote request's message: long enough to say what is wanted, short enough to read. */
export const LEAD_MESSAGE_LIMITS = { min: 20, max: 2000 } as const;
export const LEAD_FULFILMENTS = ['delivery', 'pickup', 'either'] as const;
export const LEAD_STATUSES = ['new', 'replied', 'closed', 'spam'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
/** Why a request waits for staff before it reaches anyone (the review checks, a form sent without JavaScript, one text to many listings). */
export const LEAD_HOLD_REASONS = ['link', 'strong-language', 'shouting', 'no-challenge', 'repeated'] as const;
export type LeadHoldReason = (typeof LEAD_HOLD_REASONS)[number];

/**
 * The documented limits: requests from one client address an hour, to one listing a day, from one
 * e-mail address a day; each held across every instance (kept in the database).
 */
export const LEAD_LIMITS = {
  perClient: { points: 5, windowMs: 60 * 60 * 1000 },
  perListing: { points: 20, windowMs: 24 * 60 * 60 * 1000 },
  perEmail: { points: 10, windowMs: 24 * 60 * 60 * 1000 },
} as const;
/** A form sent sooner than this after it was shown was not filled in by a person. */
export const LEAD_MIN_FILL_MS = 3_000;
/** A form older than this asks to be loaded again (its token has run out). */
export const LEAD_FORM_MAX_AGE_MS = 2 * 60 * 60 * 1000;
/** How long a request is kept: 180 days; one for a listing nobody has claimed, 30 days unless it is claimed by then. */
export const LEAD_KEPT_DAYS = 180;
export const UNCLAIMED_LEAD_KEPT_DAYS = 30;
/** Meals a week one may ask for. */
export const LEAD_MEALS_PER_WEEK = { min: 1, max: 100 } as const;

/** One line of text a mail may carry in a header: no line breaks (no header injection), no markup, well-formed. */
const oneLine = (max: number) =>
  z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(max, `must be at most ${max} characters`)
    .refine(isWellFormedText, ILL_FORMED_TEXT_MESSAGE)
    .refine((value) => !/[\r\n\u2028\u2029]/.test(value), 'must be one line')
    .refine((value) => !/[<>]/.test(value), 'must be plain text, without HTML (no "<" or ">")');

/**
 * A visitor's quote request to one listing, as the form sends it. `website` is the form's hidden
 * field: people leave it empty (a bot that fills every field does not; its request is answered
 * as sent and dropped). `formToken` is the signed token the form was shown with.
 */
export const LeadRequestSchema = z.strictObject({
  name: oneLine(80),
  email: z.email({ error: 'must be an e-mail address' }).max(254, 'must be at most 254 characters'),
  zip: z.string().regex(/^[0-9]{5}$/, 'must be a 5-digit ZIP code'),
  mealTypes: z.array(SlugSchema).max(12, 'must be at most 12 meal types').default([]),
  mealsPerWeek: z
    .number({ error: 'must be a number of meals' })
    .int('must be a whole number of meals')
    .min(LEAD_MEALS_PER_WEEK.min, `must be at least ${LEAD_MEALS_PER_WEEK.min}`)
    .max(LEAD_MEALS_PER_WEEK.max, `must be at most ${LEAD_MEALS_PER_WEEK.max}`),
  startDate: z.iso.date({ error: 'must be a date written YYYY-MM-DD' }),
  fulfilment: z.enum(LEAD_FULFILMENTS, { error: 'must be delivery, pickup or either' }),
  message: z
    .string()
    .trim()
    .min(LEAD_MESSAGE_LIMITS.min, `must be at least ${LEAD_MESSAGE_LIMITS.min} characters`)
    .max(LEAD_MESSAGE_LIMITS.max, `must be at most ${LEAD_MESSAGE_LIMITS.max} characters`)
    .refine(isWellFormedText, ILL_FORMED_TEXT_MESSAGE),
  website: z.string().max(500).default(''),
  formToken: z.string().min(1, 'is missing: load the form again').max(500),
});
export type LeadRequest = z.infer<typeof LeadRequestSchema>;

/** What the form is shown with: its signed token, and whether the listing has an owner to read the request yet. */
export const LeadFormSchema = z.object({ formToken: z.string(), unclaimed: z.boolean() });
export type LeadForm = z.infer<typeof LeadFormSchema>;

/** What a sent request comes to: on its way to the owner, held for staff first, or kept until the business claims its listing. */
export const LeadAnswerSchema = z.object({ outcome: z.enum(['sent', 'held', 'waiting-for-claim']) });
export type LeadAnswer = z.infer<typeof LeadAnswerSchema>;

/** The secret of a visitor's delete link, sent back to delete their request. */
export const LeadDeleteBodySchema = z.strictObject({ token: z.string().regex(/^[\w-]{32}$/, 'must be the link from your e-mail') });
