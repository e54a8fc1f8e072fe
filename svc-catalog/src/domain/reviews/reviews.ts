import {
  HOLD_REASON_LABELS,
  PUBLIC_SERVICE_STATUSES,
  REVIEWS_PAGE_SIZE,
  type EventEnvelope,
  type EventPayload,
  type Identity,
  type OwnReview,
  type PublicReview,
  type ReviewPage,
  type ReviewStanding,
} from '@mealprep/contracts';
import { AppError } from '@mealprep/service-kit';
import { reviewerKey, type ReviewerRecord } from '../../data-access/review-records';
import { newReviewId, type StoredReview } from '../../data-access/review-repository';
import type { StoredService } from '../../data-access/service-mapping';
import { addStep, afterChange, forgetText, nowOf, settleReview, takeBurstPlace, takeAction, takeTextPlace, textSeen, type ReviewDeps } from './review-ledger';
import { holdReasons, isNewAccount, textKey } from './review-checks';

export type { ReviewDeps } from './review-ledger';

type Change = EventPayload<'catalog.review.changed'>['change'];

export const isAdmin = (identity: Identity) => identity.roles.includes('admin');
const NO_SUCH_LISTING = 'There is no such listing.';
export const NO_SUCH_REVIEW = 'There is no such review.';
const ALREADY_REVIEWED = 'You have already reviewed this listing. Edit your review instead.';

/** A listing visitors see (published or closed): its reviews are read; any other answers as an id nobody has. */
async function publicListing(deps: ReviewDeps, serviceId: string): Promise<StoredService> {
  const service = await deps.services.findById(serviceId);
  if (!service || !PUBLIC_SERVICE_STATUSES.includes(service.status)) throw AppError.notFound(NO_SUCH_LISTING);
  return service;
}

const shownReply = (review: StoredReview) => (review.reply && review.reply.status === 'published' ? { text: review.reply.text, at: review.reply.at } : null);

export const asPublic = (review: StoredReview): PublicReview => ({
  id: review.id,
  rating: review.rating,
  text: review.text,
  name: review.name,
  createdAt: review.createdAt,
  editedAt: review.editedAt,
  reply: shownReply(review),
});

export const asOwn = (review: StoredReview): OwnReview => ({ ...asPublic(review), status: review.status, reason: review.reason });

/**
 * What catalog.review.changed says of a review of a listing. Whether pages change at all: visitors
 * saw the review before (`wasShown`) or see it after, unless the caller knows better (a report, or a
 * reply the checks held, changes nothing shown).
 */
export function changed(
  deps: ReviewDeps,
  service: StoredService,
  review: Pick<StoredReview, 'id' | 'userId' | 'rating' | 'status'>,
  change: Change,
  options: { wasShown: boolean; publicChange?: boolean; reason?: string | null },
): EventEnvelope {
  const shown = review.status === 'published';
  return deps.events.event('catalog.review.changed', {
    reviewId: review.id,
    serviceId: service.id,
    serviceName: service.name,
    slug: service.slug,
    status: service.status,
    ownerUserId: service.ownerUserId,
    reviewerUserId: review.userId,
    change,
    shown,
    publicChange: options.publicChange ?? (options.wasShown || shown),
    rating: review.rating,
    reason: options.reason ?? null,
  });
}

export const heldWhy = (reasons: readonly string[]) => reasons.map((r) => HOLD_REASON_LABELS[r as keyof typeof HOLD_REASON_LABELS] ?? r).join('; ');

/**
 * The person's review of the listing, if they have one: their record names it (a record naming a
 * review that is not there, left by a write cut short, names none).
 */
async function currentReview(deps: ReviewDeps, key: string): Promise<{ record: ReviewerRecord | null; review: StoredReview | null }> {
  const record = await deps.reviewRecords.reviewers.read(key);
  const review = record?.reviewId ? await deps.reviews.findById(record.reviewId) : null;
  return { record, review };
}

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
  const key = reviewerKey(service.id, identity.userId);
  const { record, review: existing } = await currentReview(deps, key);
  if (existing) throw new AppError('already_reviewed', ALREADY_REVIEWED, { status: 409 });
  await takeAction(deps, identity);
  const at = nowOf(deps);
  const id = newReviewId();
  const since = identity.since ? Date.parse(identity.since) : NaN;
  const accountAgeMs = Number.isFinite(since) ? at.getTime() - since : null;
  const keyOfText = textKey(body.text);
  const countsForBurst = !isNewAccount(accountAgeMs);
  const [burst, seen] = await Promise.all([takeBurstPlace(deps, service.id, id, countsForBurst), takeTextPlace(deps, keyOfText, id)]);
  const reasons = holdReasons(body.text, { accountAgeMs, recentOnListing: burst.before, textSeenElsewhere: seen, decidedBefore: record?.waits != null }, body.name);
  const status = reasons.length > 0 ? 'held' : 'published';
  // The person's one review of the listing: their record names it before it is written, so two at once cannot both be.
  const claimed = record?.reviewId ?? null;
  try {
    await deps.reviewRecords.reviewers.change(key, (current) => {
      if ((current?.reviewId ?? null) !== claimed) throw new AppError('already_reviewed', ALREADY_REVIEWED, { status: 409 });
      return { reviewId: id, waits: current?.waits ?? null, heldTextKey: current?.heldTextKey ?? null };
    });
  } catch (err) {
    await Promise.all([burst.release(), forgetText(deps, keyOfText, id)]);
    throw err;
  }
  const review = await deps.reviews.insert(
    id,
    {
      serviceId: service.id,
      userId: identity.userId,
      email: identity.email,
      name: body.name,
      rating: body.rating,
      text: body.text,
      textKey: keyOfText,
      countsForBurst,
      status,
      holdReasons: reasons,
      createdAt: at,
    },
    [changed(deps, service, { id, userId: identity.userId, rating: body.rating, status }, 'posted', { wasShown: false })],
  );
  await afterChange(deps, async () => {
    await settleReview(deps, service.id, review.id, review);
    if (status === 'held') await noteHeld(deps, service.id, review, reasons, null);
  });
  return asOwn(review);
}

/**
 * A review the checks held goes to the listing's trail, unless the person's last held review of the
 * listing had the same text (deleted and written again: one step, however often).
 */
async function noteHeld(deps: ReviewDeps, serviceId: string, review: StoredReview, reasons: readonly string[], fallback: string | null): Promise<void> {
  const key = reviewerKey(serviceId, review.userId);
  let repeated = false;
  await deps.reviewRecords.reviewers.change(key, (current) => {
    repeated = current?.heldTextKey === review.textKey;
    return repeated ? null : { reviewId: current?.reviewId ?? review.id, waits: current?.waits ?? null, heldTextKey: review.textKey };
  });
  if (!repeated) await addStep(deps, serviceId, { reviewId: review.id, action: 'held', reason: heldWhy(reasons) || fallback, by: null });
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
  if (found.status === 'removed') throw new AppError('review_removed', 'Our team removed this review: it cannot be edited.', { status: 409 });
  await takeAction(deps, identity);
  const key = textKey(body.text);
  const since = identity.since ? Date.parse(identity.since) : NaN;
  const at = nowOf(deps);
  const reasons = holdReasons(body.text, { accountAgeMs: Number.isFinite(since) ? at.getTime() - since : null, recentOnListing: 0, textSeenElsewhere: await textSeen(deps, key, found.id) }, body.name);
  let heldNow = false;
  const written = await deps.reviews.modify(found.id, (current) => {
    if (current.status === 'removed') throw new AppError('review_removed', 'Our team removed this review: it cannot be edited.', { status: 409 });
    const status = current.status === 'published' && reasons.length === 0 ? 'published' : 'held';
    heldNow = status === 'held' && current.status !== 'held';
    const next = { ...current, rating: body.rating, status } as StoredReview;
    return {
      set: { rating: body.rating, text: body.text, textKey: key, name: body.name, status, holdReasons: status === 'held' ? reasons : [], editedAt: at, ...(status === 'held' ? { reason: null } : {}) },
      events: [changed(deps, service, next, 'edited', { wasShown: current.status === 'published' })],
    };
  });
  if (!written) throw AppError.notFound(NO_SUCH_REVIEW);
  await afterChange(deps, async () => {
    if (written.before.textKey !== key) await forgetText(deps, written.before.textKey, found.id);
    await settleReview(deps, service.id, found.id, written.after);
    if (heldNow) await noteHeld(deps, service.id, written.after, reasons, 'Edited after staff decided it');
  });
  return asOwn(written.after);
}

/**
 * DELETE /reviews/:id: the reviewer takes their review down; they may write another. A removed one
 * stays (staff's decision stands). When staff had rejected it, or it was reported, the person's next
 * review of the listing waits for staff: deleting cannot undo a decision or leave a queue.
 */
export async function deleteReview(deps: ReviewDeps, identity: Identity, reviewId: string): Promise<void> {
  const first = await ownReview(deps, identity, reviewId);
  if (first.status === 'removed') throw new AppError('review_removed', 'Our team removed this review: it cannot be deleted.', { status: 409 });
  await takeAction(deps, identity);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const review = attempt === 0 ? first : await ownReview(deps, identity, reviewId);
    if (review.status === 'removed') throw new AppError('review_removed', 'Our team removed this review: it cannot be deleted.', { status: 409 });
    const service = await deps.services.findById(review.serviceId);
    const events = service ? [changed(deps, service, { ...review, status: 'removed' }, 'deleted', { wasShown: review.status === 'published' })] : [];
    if (!(await deps.reviews.remove(review, events))) continue;
    await afterChange(deps, async () => {
      const waits = review.status === 'rejected' ? 'rejected' : review.openReports > 0 ? 'reported' : null;
      await deps.reviewRecords.reviewers.change(reviewerKey(review.serviceId, review.userId), (current) => ({
        reviewId: current?.reviewId === review.id ? null : (current?.reviewId ?? null),
        waits: waits ?? current?.waits ?? null,
        heldTextKey: current?.heldTextKey ?? null,
      }));
      await forgetText(deps, review.textKey, review.id);
      await settleReview(deps, review.serviceId, review.id, null);
    });
    return;
  }
  throw new AppError('changed_meanwhile', 'This review changed at the same moment. Try again.', { status: 409 });
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
  const owner = service.ownerUserId === identity.userId;
  const [{ review: mine }, reported, shown] = await Promise.all([
    currentReview(deps, reviewerKey(service.id, identity.userId)),
    deps.reviews.reportedBy(shownIds, identity.userId),
    owner ? deps.reviews.findByIds(shownIds) : Promise.resolve([]),
  ]);
  // The owner's replies that are not shown: they are told why, instead of a form that would be refused.
  const replies = shown.flatMap((review) => (review.serviceId === service.id && review.reply && review.reply.status !== 'published' ? [{ reviewId: review.id, status: review.reply.status }] : []));
  return { review: mine ? asOwn(mine) : null, owner, reported, ...(owner ? { replies } : {}) };
}
