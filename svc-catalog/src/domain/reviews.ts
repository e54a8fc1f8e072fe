import { isDeepStrictEqual } from 'node:util';
import {
  HOLD_REASON_LABELS,
  PUBLIC_SERVICE_STATUSES,
  REVIEW_BURST_WINDOW_MS,
  REVIEWS_PAGE_SIZE,
  type AdminReview,
  type AdminReviewList,
  type EventEnvelope,
  type EventPayload,
  type Identity,
  type OwnReview,
  type PublicReview,
  type ReviewPage,
  type ReviewStanding,
} from '@mealprep/contracts';
import { AppError } from '@mealprep/service-kit';
import type { ReviewRepository, StoredReview } from '../data-access/review-repository';
import type { StoredService } from '../data-access/service-mapping';
import type { ServiceDeps } from './services';
import { announceUpdate } from './service-events';
import { holdReasons, textKey } from './review-checks';
import type { ReviewShelf } from './review-shelf';

export type ReviewDeps = ServiceDeps & { reviews: ReviewRepository; shelf: ReviewShelf };

type Change = EventPayload<'catalog.review.changed'>['change'];

const now = (deps: ReviewDeps) => deps.now?.() ?? new Date();
const isAdmin = (identity: Identity) => identity.roles.includes('admin');
const NO_SUCH_LISTING = 'There is no such listing.';
const NO_SUCH_REVIEW = 'There is no such review.';
const STAFF_PAGE_SIZE = 50;

/** A listing visitors see (published or closed): its reviews are read; any other answers as an id nobody has. */
async function publicListing(deps: ReviewDeps, serviceId: string): Promise<StoredService> {
  const service = await deps.services.findById(serviceId);
  if (!service || !PUBLIC_SERVICE_STATUSES.includes(service.status)) throw AppError.notFound(NO_SUCH_LISTING);
  return service;
}

const asPublic = (review: StoredReview): PublicReview => ({
  id: review.id,
  rating: review.rating,
  text: review.text,
  name: review.name,
  createdAt: review.createdAt,
  editedAt: review.editedAt,
  reply: review.reply ? { text: review.reply.text, at: review.reply.at } : null,
});

const asOwn = (review: StoredReview): OwnReview => ({ ...asPublic(review), status: review.status, reason: review.reason });

/** What catalog.review.changed says of a review of a listing. */
function changed(deps: ReviewDeps, service: StoredService, review: Pick<StoredReview, 'id' | 'userId' | 'rating' | 'status'>, change: Change, reason: string | null = null): EventEnvelope {
  return deps.events.event('catalog.review.changed', {
    reviewId: review.id,
    serviceId: service.id,
    serviceName: service.name,
    slug: service.slug,
    status: service.status,
    ownerUserId: service.ownerUserId,
    reviewerUserId: review.userId,
    change,
    shown: review.status === 'published',
    rating: review.rating,
    reason,
  });
}

interface TrailStep {
  reviewId: string;
  action: 'held' | 'reported' | 'approved' | 'rejected' | 'removed';
  reason: string | null;
  by: Identity | null;
  at: Date;
}

/**
 * Brings the listing's rating up to its published reviews and writes a moderation step to its trail.
 * The rating is counted from the reviews after the change; when another change of its reviews came
 * between the count and the write (the count after the write differs), it is counted and written
 * again, so the rating the last change leaves is the one its reviews make.
 */
async function settleListing(deps: ReviewDeps, serviceId: string, step: TrailStep | null): Promise<void> {
  await deps.shelf.refresh(serviceId);
  let pending = step;
  for (let round = 0; round < 5; round += 1) {
    const rating = await deps.reviews.summaryOf(serviceId);
    const entry = pending;
    const written = await deps.services.modify(serviceId, (current) => {
      const same = isDeepStrictEqual(current.rating, rating);
      if (same && !entry) return null;
      return {
        set: same ? {} : { rating },
        reviewStep: entry ? { at: entry.at, reviewId: entry.reviewId, action: entry.action, reason: entry.reason, byUserId: entry.by?.userId ?? null, byEmail: entry.by?.email ?? null } : undefined,
        announce: same ? () => [] : announceUpdate(deps.events),
      };
    });
    pending = null;
    if (!written) return;
    if (written.after !== written.before) deps.catalog.apply(written.after);
    if (isDeepStrictEqual(await deps.reviews.summaryOf(serviceId), rating)) return;
  }
}

/** Why the checks hold a text by this person on this listing (none: published at once). */
async function checksOn(deps: ReviewDeps, identity: Identity, serviceId: string, reviewId: string, text: string, isNew: boolean) {
  const at = now(deps);
  const since = identity.since ? Date.parse(identity.since) : NaN;
  const [recent, seen] = await Promise.all([
    isNew ? deps.reviews.countSince(serviceId, new Date(at.getTime() - REVIEW_BURST_WINDOW_MS)) : Promise.resolve(0),
    deps.reviews.textSeen(textKey(text), reviewId),
  ]);
  return holdReasons(text, { accountAgeMs: Number.isFinite(since) ? at.getTime() - since : null, recentOnListing: recent, textSeenElsewhere: seen });
}

const heldWhy = (reasons: readonly string[]) => reasons.map((r) => HOLD_REASON_LABELS[r as keyof typeof HOLD_REASON_LABELS] ?? r).join('; ');

/**
 * POST /services/:id/reviews: a signed-in visitor's review of a published listing, one per person
 * per listing, published at once unless the checks hold it for staff. Its owner cannot review it.
 */
export async function writeReview(deps: ReviewDeps, identity: Identity, serviceId: string, body: { rating: number; text: string; name: string }): Promise<OwnReview> {
  const service = await deps.services.findById(serviceId);
  if (!service || service.status !== 'published') {
    if (service && (isAdmin(identity) || service.ownerUserId === identity.userId)) {
      throw new AppError('not_reviewable', 'Only a published listing can be reviewed.', { status: 409 });
    }
    throw AppError.notFound(NO_SUCH_LISTING);
  }
  if (service.ownerUserId === identity.userId) throw new AppError('own_listing', 'You cannot review your own listing.', { status: 403 });
  const existing = await deps.reviews.findMine(service.id, identity.userId);
  if (existing) throw new AppError('already_reviewed', 'You have already reviewed this listing. Edit your review instead.', { status: 409 });
  const at = now(deps);
  const reasons = await checksOn(deps, identity, service.id, '', body.text, true);
  const status = reasons.length > 0 ? 'held' : 'published';
  const review = await deps.reviews.insert(
    {
      serviceId: service.id,
      userId: identity.userId,
      email: identity.email,
      name: body.name,
      rating: body.rating,
      text: body.text,
      textKey: textKey(body.text),
      status,
      holdReasons: reasons,
      createdAt: at,
    },
    (id) => [changed(deps, service, { id, userId: identity.userId, rating: body.rating, status }, 'posted')],
  );
  if (!review) throw new AppError('already_reviewed', 'You have already reviewed this listing. Edit your review instead.', { status: 409 });
  try {
    await settleListing(deps, service.id, status === 'held' ? { reviewId: review.id, action: 'held', reason: heldWhy(reasons), by: null, at } : null);
  } finally {
    await deps.events.relay();
  }
  return asOwn(review);
}

/** A review the caller wrote, or not found (someone else's answers as one nobody has). */
async function ownReview(deps: ReviewDeps, identity: Identity, reviewId: string): Promise<StoredReview> {
  const review = await deps.reviews.findById(reviewId);
  if (!review || review.userId !== identity.userId) throw AppError.notFound(NO_SUCH_REVIEW);
  return review;
}

/**
 * PATCH /reviews/:id: the reviewer changes their rating, text or name. The checks run again on the
 * new text: a held or rejected review, and one the checks hold now, waits for staff. A removed one
 * stays removed.
 */
export async function editReview(deps: ReviewDeps, identity: Identity, reviewId: string, body: { rating: number; text: string; name: string }): Promise<OwnReview> {
  const found = await ownReview(deps, identity, reviewId);
  const service = await deps.services.findById(found.serviceId);
  if (!service) throw AppError.notFound(NO_SUCH_REVIEW);
  const reasons = await checksOn(deps, identity, service.id, found.id, body.text, false);
  const at = now(deps);
  let heldNow = false;
  const written = await deps.reviews.modify(found.id, (current) => {
    if (current.status === 'removed') throw new AppError('review_removed', 'Our team removed this review: it cannot be edited.', { status: 409 });
    const status = current.status === 'published' && reasons.length === 0 ? 'published' : 'held';
    heldNow = status === 'held' && current.status !== 'held';
    const next = { ...current, rating: body.rating, status } as StoredReview;
    return {
      set: {
        rating: body.rating,
        text: body.text,
        textKey: textKey(body.text),
        name: body.name,
        status,
        holdReasons: status === 'held' ? reasons : [],
        editedAt: at,
        ...(status === 'held' ? { reason: null } : {}),
      },
      events: [changed(deps, service, next, 'edited')],
    };
  });
  if (!written) throw AppError.notFound(NO_SUCH_REVIEW);
  try {
    await settleListing(deps, service.id, heldNow ? { reviewId: found.id, action: 'held', reason: heldWhy(reasons) || 'Edited after staff decided it', by: null, at } : null);
  } finally {
    await deps.events.relay();
  }
  return asOwn(written.after);
}

/** DELETE /reviews/:id: the reviewer takes their review down; they may write another. A removed one stays (staff's decision stands). */
export async function deleteReview(deps: ReviewDeps, identity: Identity, reviewId: string): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const review = await ownReview(deps, identity, reviewId);
    if (review.status === 'removed') throw new AppError('review_removed', 'Our team removed this review: it cannot be deleted.', { status: 409 });
    const service = await deps.services.findById(review.serviceId);
    const events = service ? [changed(deps, service, { ...review, status: 'removed' }, 'deleted')] : [];
    if (await deps.reviews.remove(review, events)) {
      try {
        if (service) await settleListing(deps, service.id, null);
      } finally {
        await deps.events.relay();
      }
      return;
    }
  }
  throw new AppError('changed_meanwhile', 'This review changed at the same moment. Try again.', { status: 409 });
}

/** The listing of a review the caller may see: a published review of a public listing (staff see every one). */
async function shownReview(deps: ReviewDeps, identity: Identity, reviewId: string): Promise<{ review: StoredReview; service: StoredService }> {
  const review = await deps.reviews.findById(reviewId);
  const service = review ? await deps.services.findById(review.serviceId) : null;
  const visible = review && service && ((review.status === 'published' && PUBLIC_SERVICE_STATUSES.includes(service.status)) || isAdmin(identity));
  if (!visible) throw AppError.notFound(NO_SUCH_REVIEW);
  return { review, service };
}

/** POST /reviews/:id/reply: the listing's owner answers a published review once, in public. */
export async function replyToReview(deps: ReviewDeps, identity: Identity, reviewId: string, text: string): Promise<PublicReview> {
  const { review, service } = await shownReview(deps, identity, reviewId);
  if (service.ownerUserId !== identity.userId) throw new AppError('not_owner', "Only the listing's owner can reply to its reviews.", { status: 403 });
  if (review.status !== 'published') throw AppError.notFound(NO_SUCH_REVIEW);
  const at = now(deps);
  const key = `reply:${review.id}`;
  if (review.reply || !(await deps.reviews.take(key, at))) throw new AppError('already_replied', 'You have already replied to this review.', { status: 409 });
  let replied: StoredReview;
  try {
    const written = await deps.reviews.modify(review.id, (current) => ({
      set: { reply: { text, at, byUserId: identity.userId } },
      events: [changed(deps, service, current, 'replied')],
    }));
    if (!written) throw AppError.notFound(NO_SUCH_REVIEW);
    replied = written.after;
  } catch (err) {
    await deps.reviews.release(key);
    throw err;
  } finally {
    await deps.events.relay();
  }
  // The page that shows it is read again (its first page is kept).
  await deps.shelf.refresh(service.id);
  return asPublic(replied);
}

/** POST /reviews/:id/reports: anyone signed in (its owner too) tells staff what is wrong with a published review; once each. */
export async function reportReview(deps: ReviewDeps, identity: Identity, reviewId: string, reason: string): Promise<{ received: true }> {
  const { review, service } = await shownReview(deps, identity, reviewId);
  if (review.userId === identity.userId) throw new AppError('own_review', 'You cannot report your own review: edit or delete it instead.', { status: 409 });
  const at = now(deps);
  const key = `report:${review.id}:${identity.userId}`;
  if (!(await deps.reviews.take(key, at))) throw new AppError('already_reported', 'You have already reported this review. Our team will look at it.', { status: 409 });
  try {
    const byOwner = service.ownerUserId === identity.userId;
    const written = await deps.reviews.modify(review.id, (current) => ({
      set: { openReports: current.openReports + 1 },
      push: { reports: { at, reason, byUserId: identity.userId, byEmail: identity.email, byOwner } },
      events: [changed(deps, service, current, 'reported', reason)],
    }));
    if (!written) throw AppError.notFound(NO_SUCH_REVIEW);
  } catch (err) {
    await deps.reviews.release(key);
    throw err;
  }
  try {
    await settleListing(deps, service.id, { reviewId: review.id, action: 'reported', reason, by: identity, at });
  } finally {
    await deps.events.relay();
  }
  return { received: true };
}

/** GET /services/by-slug/:slug/reviews: a page of a public listing's published reviews, newest first, with its rating. */
export async function reviewsOf(deps: ReviewDeps, slug: string, page: number): Promise<ReviewPage> {
  const service = deps.catalog.findPublic(slug);
  if (!service) throw AppError.notFound(`There is no service "${slug}".`);
  const { items, total } = await deps.shelf.page(service.id, page, REVIEWS_PAGE_SIZE);
  return { items: items.map(asPublic), total, page, pageSize: REVIEWS_PAGE_SIZE, pageCount: Math.max(1, Math.ceil(total / REVIEWS_PAGE_SIZE)), summary: service.rating };
}

/** GET /services/:id/reviews/mine: the signed-in visitor's review of a public listing, whether they own it, and which of the shown reviews they reported. */
export async function reviewStanding(deps: ReviewDeps, identity: Identity, serviceId: string, shownIds: readonly string[]): Promise<ReviewStanding> {
  const service = await publicListing(deps, serviceId);
  const [mine, reported] = await Promise.all([deps.reviews.findMine(service.id, identity.userId), deps.reviews.reportedBy(shownIds, identity.userId)]);
  return { review: mine ? asOwn(mine) : null, owner: service.ownerUserId === identity.userId, reported };
}

/** A review as staff see it, with its listing's name and slug (null: the listing was deleted). */
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
  };
}

/** GET /admin/reviews: a queue of reviews with their listings' names. */
export async function reviewsForStaff(deps: ReviewDeps, which: 'held' | 'reported' | 'published' | 'rejected' | 'removed', page: number): Promise<AdminReviewList> {
  const { items, total } = await deps.reviews.forStaff(which, page, STAFF_PAGE_SIZE);
  const listings = await deps.services.findEditableByIds(items.map((r) => r.serviceId));
  return { items: items.map((r) => asStaff(r, listings.get(r.serviceId) ?? null)), total, page, pageSize: STAFF_PAGE_SIZE, pageCount: Math.max(1, Math.ceil(total / STAFF_PAGE_SIZE)) };
}

/**
 * POST /admin/reviews/:id/decision: staff approve a review (published; its reports are settled),
 * reject it (not shown; the reviewer may edit it and send it again) or remove it (not shown, for
 * good). A rejection or removal says why; the reviewer is told. Each step goes to the listing's trail.
 */
export async function decideReview(deps: ReviewDeps, admin: Identity, reviewId: string, decision: 'approve' | 'reject' | 'remove', reason: string): Promise<AdminReview> {
  const found = await deps.reviews.findById(reviewId);
  if (!found) throw AppError.notFound(NO_SUCH_REVIEW);
  const service = await deps.services.findById(found.serviceId);
  if (!service) throw new AppError('listing_gone', 'The listing of this review was deleted.', { status: 409 });
  const status = decision === 'approve' ? 'published' : decision === 'reject' ? 'rejected' : 'removed';
  const action = decision === 'approve' ? 'approved' : decision === 'reject' ? 'rejected' : 'removed';
  const at = now(deps);
  const written = await deps.reviews.modify(found.id, (current) => {
    if (current.status === 'removed') throw new AppError('already_removed', 'This review was removed: the decision stands.', { status: 409 });
    if (current.status === status && current.openReports === 0) throw new AppError('already_decided', `This review is ${status} already.`, { status: 409 });
    const next = { ...current, status } as StoredReview;
    return {
      set: { status, openReports: 0, reason: decision === 'approve' ? null : reason, decidedAt: at, decidedByUserId: admin.userId, decidedByEmail: admin.email },
      events: [changed(deps, service, next, action, decision === 'approve' ? null : reason)],
    };
  });
  if (!written) throw AppError.notFound(NO_SUCH_REVIEW);
  try {
    await settleListing(deps, service.id, { reviewId: found.id, action, reason: reason || null, by: admin, at });
  } finally {
    await deps.events.relay();
  }
  return asStaff(written.after, service);
}
