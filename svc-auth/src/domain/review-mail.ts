import type { EventPayload } from '@mealprep/contracts';
import { newReviewMail, replyRemovedMail, reviewDecisionMail } from '../mail/review-mail';
import { sendOnce, type StatusMailDeps } from './status-change-mail';

/**
 * An owner hears by e-mail the first time a person's review of their listing is shown (published at
 * once, or approved by staff): once per listing and reviewer, however often that person deletes and
 * writes again. A reviewer hears how staff decided their review, and an owner that staff took their
 * reply down, with the reason: once per event. Each key is claimed before the mail goes out and
 * given back when it fails.
 */
export async function mailOfReview(deps: StatusMailDeps, eventId: string, review: EventPayload<'catalog.review.changed'>): Promise<void> {
  const publicUrl = `${deps.siteUrl}/service/${review.slug}`;
  const firstShown = (review.change === 'posted' && review.shown) || review.change === 'approved';
  if (firstShown && review.ownerUserId && review.ownerUserId !== review.reviewerUserId) {
    const owner = await deps.users.findById(review.ownerUserId);
    if (owner) await sendOnce(deps, `review-shown:${review.serviceId}:${review.reviewerUserId}`, newReviewMail(owner.email, { name: review.serviceName, rating: review.rating, publicUrl }));
  }
  if (review.change === 'reply-removed' && review.ownerUserId) {
    const owner = await deps.users.findById(review.ownerUserId);
    if (owner) await sendOnce(deps, `${eventId}:owner`, replyRemovedMail(owner.email, { name: review.serviceName, reason: review.reason, publicUrl }));
  }
  if (review.change === 'approved' || review.change === 'rejected' || review.change === 'removed') {
    const reviewer = await deps.users.findById(review.reviewerUserId);
    if (reviewer) await sendOnce(deps, `${eventId}:reviewer`, reviewDecisionMail(reviewer.email, { name: review.serviceName, outcome: review.change, reason: review.reason, publicUrl }));
  }
}
