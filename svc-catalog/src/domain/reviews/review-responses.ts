import { PUBLIC_SERVICE_STATUSES, type Identity, type PublicReview } from '@mealprep/contracts';
import { AppError } from '@mealprep/service-kit';
import type { StoredReview } from '../../data-access/review-repository';
import type { StoredService } from '../../data-access/service-mapping';
import { replyHoldReasons } from './review-checks';
import { addStep, afterChange, nowOf, takeAction, type ReviewDeps } from './review-ledger';
import { asPublic, changed, heldWhy, isAdmin, NO_SUCH_REVIEW } from './reviews';

/*
 * What others do with a shown review: its listing's owner replies once, and anyone signed in
 * reports it once for staff.
 */

/** The listing of a review the caller may see: a published review of a public listing (staff see every one). */
export async function shownReview(deps: ReviewDeps, identity: Identity, reviewId: string): Promise<{ review: StoredReview; service: StoredService }> {
  const review = await deps.reviews.findById(reviewId);
  const service = review ? await deps.services.findById(review.serviceId) : null;
  const visible = review && service && ((review.status === 'published' && PUBLIC_SERVICE_STATUSES.includes(service.status)) || isAdmin(identity));
  if (!visible) throw AppError.notFound(NO_SUCH_REVIEW);
  return { review, service };
}

const ALREADY_REPLIED = 'You have already replied to this review.';
const ALREADY_REPORTED = 'You have already reported this review. Our team will look at it.';

/**
 * POST /reviews/:id/reply: the listing's owner answers a published review once, in public. The
 * checks read it as they read reviews: one they hold waits for staff before it is shown. Once: the
 * reply is written only onto the review as it was read without one (two at once: one is kept).
 */
export async function replyToReview(deps: ReviewDeps, identity: Identity, reviewId: string, text: string): Promise<PublicReview> {
  const { review, service } = await shownReview(deps, identity, reviewId);
  if (service.ownerUserId !== identity.userId) throw new AppError('not_owner', "Only the listing's owner can reply to its reviews.", { status: 403 });
  if (review.status !== 'published') throw AppError.notFound(NO_SUCH_REVIEW);
  if (review.reply) throw new AppError('already_replied', ALREADY_REPLIED, { status: 409 });
  await takeAction(deps, identity);
  const reasons = replyHoldReasons(text);
  const reply = { text, at: nowOf(deps), byUserId: identity.userId, status: reasons.length > 0 ? 'held' : 'published', holdReasons: reasons, reason: null };
  const written = await deps.reviews.modify(review.id, (current) => {
    if (current.reply) throw new AppError('already_replied', ALREADY_REPLIED, { status: 409 });
    return { set: { reply }, events: [changed(deps, service, current, 'replied', { wasShown: true, publicChange: reasons.length === 0 })] };
  });
  if (!written) throw AppError.notFound(NO_SUCH_REVIEW);
  const replied = written.after;
  await afterChange(deps, async () => {
    deps.shelf.forget(service.id);
    deps.queues.apply(replied);
    if (reasons.length > 0) await addStep(deps, service.id, { reviewId: review.id, action: 'reply-held', reason: heldWhy(reasons), by: null });
  });
  return asPublic(replied);
}

/**
 * POST /reviews/:id/reports: anyone signed in (its owner too) tells staff what is wrong with a
 * published review; once each: the report is written only onto the review as it was read without
 * one of theirs.
 */
export async function reportReview(deps: ReviewDeps, identity: Identity, reviewId: string, reason: string): Promise<{ received: true }> {
  const { review, service } = await shownReview(deps, identity, reviewId);
  if (review.userId === identity.userId) throw new AppError('own_review', 'You cannot report your own review: edit or delete it instead.', { status: 409 });
  const reportedBy = (r: StoredReview) => r.reports.some((report) => report.byUserId === identity.userId);
  if (reportedBy(review)) throw new AppError('already_reported', ALREADY_REPORTED, { status: 409 });
  await takeAction(deps, identity);
  const at = nowOf(deps);
  const byOwner = service.ownerUserId === identity.userId;
  const written = await deps.reviews.modify(review.id, (current) => {
    if (reportedBy(current)) throw new AppError('already_reported', ALREADY_REPORTED, { status: 409 });
    return {
      set: { openReports: current.openReports + 1 },
      push: { reports: { at, reason, byUserId: identity.userId, byEmail: identity.email, byOwner } },
      events: [changed(deps, service, current, 'reported', { wasShown: true, publicChange: false, reason })],
    };
  });
  if (!written) throw AppError.notFound(NO_SUCH_REVIEW);
  const reported = written.after;
  await afterChange(deps, async () => {
    deps.queues.apply(reported);
    await addStep(deps, service.id, { reviewId: review.id, action: 'reported', reason, by: identity });
  });
  return { received: true };
}
