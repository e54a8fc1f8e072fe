import type { AdminReview, AdminReviewList, Identity, ReviewQueue } from '@mealprep/contracts';
import { AppError } from '@mealprep/service-kit';
import { reviewerKey } from '../../data-access/review-records';
import type { StoredReview } from '../../data-access/review-repository';
import type { StoredService } from '../../data-access/service-mapping';
import { addStep, afterChange, nowOf, settleReview, type ReviewDeps } from './review-ledger';
import { asOwn, changed, NO_SUCH_REVIEW } from './reviews';

const STAFF_PAGE_SIZE = 50;

/** A review as staff see it, with its listing's name and slug (null: the listing was deleted) and the owner's reply in whatever state. */
function asStaff(review: StoredReview, listing: { name: string; slug: string } | null): AdminReview {
  return {
    ...asOwn(review),
    serviceId: review.serviceId,
    serviceName: listing?.name ?? '(deleted listing)',
    serviceSlug: listing?.slug ?? '',
    userId: review.userId,
    email: review.email,
    holdReasons: review.holdReasons,
    reports: review.reports.map(({ byUserId: _by, ...report }) => report),
    decidedAt: review.decidedAt,
    decidedByEmail: review.decidedByEmail,
    ownerReply: review.reply ? { text: review.reply.text, at: review.reply.at, status: review.reply.status, holdReasons: review.reply.holdReasons, reason: review.reply.reason } : null,
  };
}

/** GET /admin/reviews: a page of one of the staff's queues, read by the reviews' ids, with their listings' names. */
export async function reviewsForStaff(deps: ReviewDeps, which: ReviewQueue, page: number): Promise<AdminReviewList> {
  const { ids, total } = await deps.queues.page(which, page, STAFF_PAGE_SIZE);
  const items = await deps.reviews.findByIds(ids);
  const listings = await deps.services.findEditableByIds(items.map((r) => r.serviceId));
  return { items: items.map((r) => asStaff(r, listings.get(r.serviceId) ?? null)), total, page, pageSize: STAFF_PAGE_SIZE, pageCount: Math.max(1, Math.ceil(total / STAFF_PAGE_SIZE)) };
}

/** A review and its listing, for a staff decision. */
async function toDecide(deps: ReviewDeps, reviewId: string): Promise<{ found: StoredReview; service: StoredService }> {
  const found = await deps.reviews.findById(reviewId);
  if (!found) throw AppError.notFound(NO_SUCH_REVIEW);
  const service = await deps.services.findById(found.serviceId);
  if (!service) throw new AppError('listing_gone', 'The listing of this review was deleted.', { status: 409 });
  return { found, service };
}

/**
 * POST /admin/reviews/:id/decision: staff approve a review (published; its reports are settled),
 * reject it (not shown; the reviewer may edit it and send it again) or remove it (not shown, for
 * good). A rejection or removal says why; the reviewer is told. Each step goes to the listing's
 * trail. An approval also lifts what the person's deleted reviews left (their next one waits no more).
 */
export async function decideReview(deps: ReviewDeps, admin: Identity, reviewId: string, decision: 'approve' | 'reject' | 'remove', reason: string): Promise<AdminReview> {
  const { found, service } = await toDecide(deps, reviewId);
  const status = decision === 'approve' ? 'published' : decision === 'reject' ? 'rejected' : 'removed';
  const action = decision === 'approve' ? 'approved' : decision === 'reject' ? 'rejected' : 'removed';
  const at = nowOf(deps);
  const written = await deps.reviews.modify(found.id, (current) => {
    if (current.status === 'removed') throw new AppError('already_removed', 'This review was removed: the decision stands.', { status: 409 });
    if (current.status === status && current.openReports === 0) throw new AppError('already_decided', `This review is ${status} already.`, { status: 409 });
    const next = { ...current, status } as StoredReview;
    return {
      set: { status, openReports: 0, reason: decision === 'approve' ? null : reason, decidedAt: at, decidedByUserId: admin.userId, decidedByEmail: admin.email },
      events: [changed(deps, service, next, action, { wasShown: current.status === 'published', reason: decision === 'approve' ? null : reason })],
    };
  });
  if (!written) throw AppError.notFound(NO_SUCH_REVIEW);
  await afterChange(deps, async () => {
    await settleReview(deps, service.id, found.id, written.after);
    if (decision === 'approve') {
      await deps.reviewRecords.reviewers.change(reviewerKey(service.id, found.userId), (current) => (current?.waits ? { ...current, waits: null } : null));
    }
    await addStep(deps, service.id, { reviewId: found.id, action, reason: reason || null, by: admin });
  });
  return asStaff(written.after, service);
}

/**
 * POST /admin/reviews/:id/reply-decision: staff show an owner's reply the checks held, or take a
 * reply down (held or shown) with a reason the owner is mailed. A reply taken down stays down: the
 * owner cannot reply to that review again.
 */
export async function decideReply(deps: ReviewDeps, admin: Identity, reviewId: string, decision: 'approve' | 'remove', reason: string): Promise<AdminReview> {
  const { found, service } = await toDecide(deps, reviewId);
  const status = decision === 'approve' ? 'published' : 'removed';
  const written = await deps.reviews.modify(found.id, (current) => {
    if (!current.reply) throw new AppError('no_reply', 'This review has no reply.', { status: 409 });
    if (current.reply.status === 'removed') throw new AppError('already_removed', 'This reply was taken down: the decision stands.', { status: 409 });
    if (current.reply.status === status) throw new AppError('already_decided', `This reply is ${status} already.`, { status: 409 });
    const wasShown = current.status === 'published' && current.reply.status === 'published';
    const shownAfter = current.status === 'published' && status === 'published';
    return {
      set: { reply: { ...current.reply, at: new Date(current.reply.at), status, reason: decision === 'approve' ? null : reason } },
      events: [
        changed(deps, service, current, decision === 'approve' ? 'reply-approved' : 'reply-removed', {
          wasShown,
          publicChange: wasShown || shownAfter,
          reason: decision === 'approve' ? null : reason,
        }),
      ],
    };
  });
  if (!written) throw AppError.notFound(NO_SUCH_REVIEW);
  await afterChange(deps, async () => {
    deps.shelf.forget(service.id);
    deps.queues.apply(written.after);
    await addStep(deps, service.id, { reviewId: found.id, action: decision === 'approve' ? 'reply-approved' : 'reply-removed', reason: reason || null, by: admin });
  });
  return asStaff(written.after, service);
}
