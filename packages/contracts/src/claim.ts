import { z } from 'zod';
import { CLAIM_KINDS, CLAIM_STATUSES, MAX_CLAIM_NOTE_LENGTH, MAX_CLAIM_REASON_LENGTH } from './claim-constants';
import { ServiceStatusSchema } from './service';

/** Free text shown to admins and claimants: plain text only (no angle brackets, so no HTML in any page or mail). */
const plainText = (max: number, what: string) =>
  z
    .string()
    .trim()
    .max(max, `The ${what} can be at most ${max} characters long.`)
    .refine((text) => !/[<>]/.test(text), `The ${what} must be plain text: leave out < and >.`);

export const ClaimNoteSchema = plainText(MAX_CLAIM_NOTE_LENGTH, 'note');

/** POST /services/:id/claims. A note is needed unless the claimant's address proves the listing theirs. */
export const ClaimBodySchema = z.strictObject({ note: ClaimNoteSchema.default('') });
export type ClaimBody = z.input<typeof ClaimBodySchema>;

export const ClaimSchema = z.object({
  id: z.string(),
  serviceId: z.string(),
  serviceName: z.string(),
  serviceSlug: z.string(),
  /** A waiting claim: what it was when sent (admins read what it is now in `listing`, AdminClaimSchema); a decided one: what it was when decided. */
  kind: z.enum(CLAIM_KINDS),
  status: z.enum(CLAIM_STATUSES),
  claimantUserId: z.string(),
  claimantEmail: z.string(),
  note: z.string(),
  /** Why it was granted at once, or the admin's reason for a rejection (or an approval, when given). */
  reason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /** Who on the staff decided it: for admins only (always null in the claimant's own views). */
  decidedByEmail: z.string().nullable(),
});
export type Claim = z.infer<typeof ClaimSchema>;

/** The claimed listing as it is now, for the admin who decides (the claim itself may be older than its owner). */
export const ClaimedListingSchema = z.object({
  /** Its status now; null when it was deleted (the claim can only be rejected). */
  status: ServiceStatusSchema.nullable(),
  /** Its owner now, with their address as the listing's trails know it (null when they do not), or null when it has none. */
  owner: z.object({ userId: z.string(), email: z.string().nullable() }).nullable(),
  /** What deciding the claim now is: a claim of a listing with no owner, or a dispute with its owner. */
  kind: z.enum(CLAIM_KINDS),
});
export type ClaimedListing = z.infer<typeof ClaimedListingSchema>;

/** GET /admin/claims: a claim with its listing as it is now. */
export const AdminClaimSchema = ClaimSchema.extend({ listing: ClaimedListingSchema });
export type AdminClaim = z.infer<typeof AdminClaimSchema>;
export const AdminClaimListSchema = z.object({ items: z.array(AdminClaimSchema) });
export type AdminClaimList = z.infer<typeof AdminClaimListSchema>;

/** GET /services/:id/claim: what a claim by the signed-in user would do, before they send it. */
export const ClaimCheckSchema = z.object({
  serviceId: z.string(),
  serviceName: z.string(),
  serviceSlug: z.string(),
  /** Whether it can be claimed at all (published or closed). */
  claimable: z.boolean(),
  /** The signed-in user owns it already. */
  yours: z.boolean(),
  /** Someone else owns it: a claim is a dispute. */
  owned: z.boolean(),
  /** A claim now would be granted at once (no note needed). */
  grantedAtOnce: z.boolean(),
  /** Why, in a sentence the claimant reads. */
  why: z.string(),
  /** The claimant's claim of it that is waiting, if any. */
  waiting: ClaimSchema.nullable(),
});
export type ClaimCheck = z.infer<typeof ClaimCheckSchema>;

export const ClaimListSchema = z.object({ items: z.array(ClaimSchema) });
export type ClaimList = z.infer<typeof ClaimListSchema>;

/** GET /admin/claims: the waiting ones (oldest first) or the decided ones (newest first). */
export const AdminClaimQuerySchema = z.strictObject({ status: z.enum(['waiting', 'decided']).default('waiting') });

export const ClaimIdParamsSchema = z.strictObject({ id: z.string().regex(/^[0-9a-f]{24}$/, 'must be a claim id') });

/**
 * POST /admin/claims/:id/decision. A rejection says why; the claimant reads it. A decision stands on
 * the listing as it is when it is written: `expectedOwnerUserId` is the owner the admin saw (null:
 * none), and the decision is refused (409) when the listing's owner is another by then. Left out,
 * the owner it had when the claim was sent.
 */
export const ClaimDecisionBodySchema = z
  .strictObject({
    decision: z.enum(['approve', 'reject']),
    reason: plainText(MAX_CLAIM_REASON_LENGTH, 'reason').default(''),
    expectedOwnerUserId: z.string().min(1).max(200).nullable().optional(),
  })
  .refine((body) => body.decision === 'approve' || body.reason.length > 0, { message: 'Say why the claim is rejected: the claimant reads it.', path: ['reason'] });
export type ClaimDecisionBody = z.input<typeof ClaimDecisionBodySchema>;

/** One change of a listing's owner (or a refused claim of it), in its audit trail. */
export const OwnershipChangeSchema = z.object({
  at: z.string(),
  action: z.enum(['granted', 'approved', 'rejected']),
  kind: z.enum(CLAIM_KINDS),
  claimId: z.string(),
  claimantEmail: z.string(),
  fromOwnerUserId: z.string().nullable(),
  toOwnerUserId: z.string().nullable(),
  byEmail: z.string().nullable(),
  reason: z.string().nullable(),
});
export type OwnershipChange = z.infer<typeof OwnershipChangeSchema>;
