import { z } from 'zod';
import { SlugSchema } from './geo-region';
import { ILL_FORMED_TEXT_MESSAGE, isWellFormedText } from './text';
import { LoginEmailSchema } from './auth';
import { LEAD_CHALLENGE_PAYLOAD_MAX, LEAD_FULFILMENTS, LEAD_HOLD_REASONS, LEAD_MAIL_MODES, LEAD_MAX_PAGE, LEAD_MEALS_PER_WEEK, LEAD_MESSAGE_LIMITS, LEAD_STATUSES } from './lead-constants';

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
  /** The proof of work the browser solved (the ALTCHA widget's payload); a form sent without JavaScript has none and waits for staff. */
  altcha: z.string().max(LEAD_CHALLENGE_PAYLOAD_MAX, 'must be the check the form made').optional(),
});
export type LeadRequest = z.infer<typeof LeadRequestSchema>;
/** What is kept of a request and mailed: what the visitor wrote, without the form's token, hidden field or proof of work. */
export const LeadDetailsSchema = LeadRequestSchema.omit({ website: true, formToken: true, altcha: true });
export type LeadDetails = z.infer<typeof LeadDetailsSchema>;

const hex = (max: number) =>
  z
    .string()
    .regex(/^[0-9a-f]+$/)
    .max(max);
/** An ALTCHA challenge (version 2) as made for one form: what the browser works on, signed. */
export const LeadChallengeSchema = z.object({
  parameters: z.object({
    algorithm: z.string().max(20),
    nonce: hex(128),
    salt: hex(128),
    cost: z.number().int().positive().max(1_000_000),
    keyLength: z.number().int().positive().max(64),
    keyPrefix: hex(128),
    keySignature: hex(128).optional(),
    expiresAt: z.number().optional(),
    data: z.record(z.string().max(40), z.union([z.string().max(200), z.number(), z.boolean(), z.null()])).optional(),
  }),
  signature: hex(128).optional(),
});
export type LeadChallenge = z.infer<typeof LeadChallengeSchema>;
/** What the widget sends back: the challenge and the counter it found, with the key that counter derives. */
export const LeadChallengePayloadSchema = z.object({
  challenge: LeadChallengeSchema,
  solution: z.object({ counter: z.number().int().nonnegative(), derivedKey: hex(128) }),
});

/** What the form is shown with: its signed token, its proof-of-work challenge, and whether the listing has an owner to read the request yet. */
export const LeadFormSchema = z.object({ formToken: z.string(), challenge: LeadChallengeSchema, unclaimed: z.boolean() });
export type LeadForm = z.infer<typeof LeadFormSchema>;

/** What a sent request comes to: on its way to the owner, held for staff first, or kept until the business claims its listing. */
export const LeadAnswerSchema = z.object({ outcome: z.enum(['sent', 'held', 'waiting-for-claim']) });
export type LeadAnswer = z.infer<typeof LeadAnswerSchema>;

/** The secret of a visitor's delete link, sent back to delete their request. */
/** The visitor's delete link's token: the request's id (its 24 hex digits) and its secret. */
export const LeadDeleteBodySchema = z.strictObject({ token: z.string().regex(/^[0-9a-f]{24}[\w-]{32}$/, 'must be the link from your e-mail') });

/** The one-click unsubscribe of the invitations to claim a listing: the signed token in the link. */
/**
 * GET /api/auth/lead-settings (PUT takes its `address` and `mode`): where and how the signed-in
 * owner's quote requests are mailed. `address` is another address they confirmed (null: their
 * sign-in address); `pendingAddress` one mailed a link to confirm it, which gets nothing until then.
 */
export const LeadSettingsSchema = z.object({
  signInAddress: z.string(),
  address: z.string().nullable(),
  pendingAddress: z.string().nullable(),
  mode: z.enum(LEAD_MAIL_MODES),
});
export type LeadSettings = z.infer<typeof LeadSettingsSchema>;
/** PUT /api/auth/lead-settings: another address (a link to confirm it is mailed to it first) or null for the sign-in address, and each request or a daily digest. */
export const LeadSettingsChangeSchema = z.strictObject({
  address: LoginEmailSchema.nullable(),
  mode: z.enum(LEAD_MAIL_MODES, { error: 'must be each or daily' }),
});
/** GET and POST /api/auth/lead-settings/confirm?token=: the link mailed to confirm an address for requests. */
export const LeadAddressConfirmQuerySchema = z.strictObject({ token: z.string().regex(/^[\w-]{1,800}\.[\w-]{43}$/, 'must be the link from the mail') });

export const InvitationUnsubscribeQuerySchema = z.strictObject({ token: z.string().regex(/^[\w-]{1,400}\.[\w-]{32}$/, 'must be the link from the mail') });

/** A request as its owner (or staff) reads it in the inbox. */
export const LeadViewSchema = z.object({
  id: z.string(),
  serviceId: z.string(),
  serviceName: z.string(),
  slug: z.string(),
  status: z.enum(LEAD_STATUSES),
  held: z.enum(LEAD_HOLD_REASONS).nullable(),
  /** Whether its owner has opened it. */
  read: z.boolean(),
  createdAt: z.string(),
  expiresAt: z.string(),
  request: LeadDetailsSchema,
});
export type LeadView = z.infer<typeof LeadViewSchema>;

/** The inbox's lists: the owner's (their listings' requests, those staff hold left out); staff's queue of held ones, and every request. */
export const LEAD_VIEWS = ['inbox', 'held', 'all'] as const;
export const LeadListQuerySchema = z.strictObject({
  view: z.enum(LEAD_VIEWS).default('inbox'),
  status: z.enum(LEAD_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(LEAD_MAX_PAGE).default(1),
});
export type LeadListQuery = z.infer<typeof LeadListQuerySchema>;
export const LeadPageSchema = z.object({
  items: z.array(LeadViewSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int(),
  /** The owner's requests not opened yet (all their listings). */
  unread: z.number().int(),
});
export type LeadPage = z.infer<typeof LeadPageSchema>;
export const LeadIdParamsSchema = z.strictObject({ id: z.string().regex(/^l-[0-9a-f]{24}$/, 'must be a request id') });
/** What the owner (or staff) changes on a request: where it stands, and whether it is read. */
export const LeadChangeBodySchema = z
  .strictObject({ status: z.enum(LEAD_STATUSES, { error: 'must be new, replied, closed or spam' }).optional(), read: z.boolean().optional() })
  .refine((body) => body.status !== undefined || body.read !== undefined, 'must change the status or whether it is read');
export type LeadChange = z.infer<typeof LeadChangeBodySchema>;
