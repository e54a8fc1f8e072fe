import { z } from 'zod';
import {
  HOLD_REASONS,
  MAX_REPLY_LENGTH,
  MAX_REVIEW_DECISION_REASON_LENGTH,
  MAX_REVIEW_LENGTH,
  MAX_REVIEW_REPORT_LENGTH,
  MAX_REVIEWER_NAME_LENGTH,
  MIN_REVIEW_LENGTH,
  MIN_REVIEWER_NAME_LENGTH,
  REPLY_STATUSES,
  REVIEW_QUEUES,
  REVIEW_STATUSES,
  REVIEW_TRAIL_ACTIONS,
} from './review-constants';

/** Free text shown on pages and to staff: plain text only (no angle brackets, so no HTML anywhere it is shown). */
const plainText = (what: string, min: number, max: number) =>
  z
    .string(`The ${what} must be text.`)
    .trim()
    .min(min, min <= 1 ? `Write the ${what}.` : `The ${what} must be at least ${min} characters long.`)
    .max(max, `The ${what} can be at most ${max} characters long.`)
    .refine((text) => !/[<>]/.test(text), `The ${what} must be plain text: leave out < and >.`);

/** A star rating: a whole number from 1 to 5. */
export const RatingSchema = z
  .number('The rating must be a number of stars from 1 to 5.')
  .int('The rating must be a whole number of stars from 1 to 5.')
  .min(1, 'The rating must be from 1 to 5 stars.')
  .max(5, 'The rating must be from 1 to 5 stars.');

/** POST /services/:id/reviews and PATCH /reviews/:id (the whole review again): the review a signed-in visitor writes, and the name it is shown with. */
export const ReviewBodySchema = z.strictObject({
  rating: RatingSchema,
  text: plainText('review', MIN_REVIEW_LENGTH, MAX_REVIEW_LENGTH),
  name: plainText('name', MIN_REVIEWER_NAME_LENGTH, MAX_REVIEWER_NAME_LENGTH),
});
export type ReviewBody = z.input<typeof ReviewBodySchema>;

/** POST /reviews/:id/reply: the listing's owner answers once, in public. */
export const ReviewReplyBodySchema = z.strictObject({ text: plainText('reply', 1, MAX_REPLY_LENGTH) });
export type ReviewReplyBody = z.input<typeof ReviewReplyBodySchema>;

/** POST /reviews/:id/reports: anyone signed in tells staff what is wrong with a review (once each). */
export const ReviewReportBodySchema = z.strictObject({ reason: plainText('reason', 1, MAX_REVIEW_REPORT_LENGTH) });
export type ReviewReportBody = z.input<typeof ReviewReportBodySchema>;

/**
 * A staff decision: `approve` needs no reason; any other says why, in plain text, to `reader` (who
 * is e-mailed it).
 */
function staffDecision<D extends string>(decisions: readonly [D, ...D[]], reader: string) {
  return z
    .strictObject({
      decision: z.enum(decisions),
      reason: z
        .string()
        .trim()
        .max(MAX_REVIEW_DECISION_REASON_LENGTH, `The reason can be at most ${MAX_REVIEW_DECISION_REASON_LENGTH} characters long.`)
        .refine((text) => !/[<>]/.test(text), 'The reason must be plain text: leave out < and >.')
        .default(''),
    })
    .refine((body) => body.decision === 'approve' || body.reason.length > 0, { message: `Say why: ${reader} reads it.`, path: ['reason'] });
}

/** POST /admin/reviews/:id/decision: a rejection or a removal says why (the reviewer reads it). */
export const ReviewDecisionBodySchema = staffDecision(['approve', 'reject', 'remove'], 'the reviewer');
export type ReviewDecisionBody = z.input<typeof ReviewDecisionBodySchema>;

/** POST /admin/reviews/:id/reply-decision: staff show an owner's reply the checks held, or take a reply down (saying why: the owner reads it). */
export const ReplyDecisionBodySchema = staffDecision(['approve', 'remove'], "the listing's owner");
export type ReplyDecisionBody = z.input<typeof ReplyDecisionBodySchema>;

export const ReviewIdParamsSchema = z.strictObject({ id: z.string().regex(/^[0-9a-f]{24}$/, 'must be a review id') });

/** GET /services/:id/reviews: a page of a listing's published reviews, newest first. */
export const ReviewPageQuerySchema = z.strictObject({ page: z.coerce.number().int().min(1).max(10_000).default(1) });

/** GET /services/:id/reviews/mine: the reviews on the page the visitor reads (which of them they reported). */
export const ReviewStandingQuerySchema = z.strictObject({
  shown: z
    .string()
    .max(25 * 30, 'must name at most 30 reviews')
    .regex(/^(?:[0-9a-f]{24}(?:,[0-9a-f]{24})*)?$/, 'must be review ids separated by commas')
    .transform((list) => (list ? [...new Set(list.split(','))] : []))
    .default([]),
});

/** GET /admin/reviews: one of the staff's queues. */
export const AdminReviewQuerySchema = z.strictObject({
  status: z.enum(REVIEW_QUEUES).default('held'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

/** A listing's rating: the average of its published reviews (one decimal) and how many there are; average null with none. */
export const RatingSummarySchema = z.object({ average: z.number().nullable(), count: z.number().int().nonnegative() });
export type RatingSummary = z.infer<typeof RatingSummarySchema>;

export const ReviewReplySchema = z.object({ text: z.string(), at: z.string() });

/** A published review as visitors read it. */
export const PublicReviewSchema = z.object({
  id: z.string(),
  rating: z.number().int(),
  text: z.string(),
  name: z.string(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  reply: ReviewReplySchema.nullable(),
});
export type PublicReview = z.infer<typeof PublicReviewSchema>;

export const ReviewPageSchema = z.object({
  items: z.array(PublicReviewSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int(),
  summary: RatingSummarySchema,
});
export type ReviewPage = z.infer<typeof ReviewPageSchema>;

/** The signed-in visitor's own review of a listing, in whatever state it is, with staff's reason when they decided it. */
export const OwnReviewSchema = PublicReviewSchema.extend({
  status: z.enum(REVIEW_STATUSES),
  reason: z.string().nullable(),
});
export type OwnReview = z.infer<typeof OwnReviewSchema>;

/** GET /services/:id/reviews/mine: what the signed-in visitor may do with the listing's reviews. */
export const ReviewStandingSchema = z.object({
  /** Their review, if they wrote one. */
  review: OwnReviewSchema.nullable(),
  /** They own the listing: they reply to reviews and cannot write one. */
  owner: z.boolean(),
  /** The ids of the reviews they reported. */
  reported: z.array(z.string()),
  /** For the listing's owner: their replies to the shown reviews that are not shown (waiting for staff, or taken down). */
  replies: z.array(z.object({ reviewId: z.string(), status: z.enum(REPLY_STATUSES) })).optional(),
});
export type ReviewStanding = z.infer<typeof ReviewStandingSchema>;

export const ReviewReportSchema = z.object({ at: z.string(), reason: z.string(), byEmail: z.string(), byOwner: z.boolean() });

/** The owner's reply as staff see it, whatever its state. */
export const AdminReplySchema = z.object({
  text: z.string(),
  at: z.string(),
  status: z.enum(REPLY_STATUSES),
  holdReasons: z.array(z.enum(HOLD_REASONS)),
  /** Staff's reason for taking it down. */
  reason: z.string().nullable(),
});

/** A review as staff see it on /dashboard/reviews. */
export const AdminReviewSchema = OwnReviewSchema.extend({
  serviceId: z.string(),
  serviceName: z.string(),
  serviceSlug: z.string(),
  userId: z.string(),
  email: z.string(),
  holdReasons: z.array(z.enum(HOLD_REASONS)),
  reports: z.array(ReviewReportSchema),
  decidedAt: z.string().nullable(),
  decidedByEmail: z.string().nullable(),
  /** The owner's reply in whatever state (the public `reply` is only a shown one). */
  ownerReply: AdminReplySchema.nullable(),
});
export type AdminReview = z.infer<typeof AdminReviewSchema>;
export const AdminReviewListSchema = z.object({ items: z.array(AdminReviewSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int(), pageCount: z.number().int() });
export type AdminReviewList = z.infer<typeof AdminReviewListSchema>;

/** One moderation step in a listing's trail. */
export const ReviewTrailEntrySchema = z.object({
  at: z.string(),
  reviewId: z.string(),
  action: z.enum(REVIEW_TRAIL_ACTIONS),
  /** Why: the checks' reasons when held, the reporter's or the admin's words otherwise. */
  reason: z.string().nullable(),
  byEmail: z.string().nullable(),
});
export type ReviewTrailEntry = z.infer<typeof ReviewTrailEntrySchema>;
