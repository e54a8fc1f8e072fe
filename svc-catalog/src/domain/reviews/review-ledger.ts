import { isDeepStrictEqual } from 'node:util';
import {
  REVIEW_ACTIONS_LIMIT,
  REVIEW_ACTIONS_MESSAGE,
  REVIEW_ACTIONS_WINDOW_MS,
  REVIEW_BURST_WINDOW_MS,
  REVIEW_TRAIL_LIMIT,
  type Identity,
  type RatingSummary,
  type ReviewTrailAction,
} from '@mealprep/contracts';
import { AppError } from '@mealprep/service-kit';
import { reviewerKey, type ListingReviewsRecord, type ReviewRecords } from '../../data-access/review-records';
import type { ReviewRepository, StoredReview } from '../../data-access/review-repository';
import type { ServiceDeps } from '../listings/services';
import { announceUpdate } from '../listings/service-events';
import type { ReviewQueues } from './review-queues';
import type { ReviewShelf } from './review-shelf';

/**
 * The bookkeeping of reviews, every part of it read and written by key: each listing's record (its
 * published reviews and the burst window), the reviews of each text, each account's recent actions
 * and each listing's moderation trail; the listing's rating is written onto it only when it changes.
 */
export type ReviewDeps = ServiceDeps & { reviews: ReviewRepository; reviewRecords: ReviewRecords; shelf: ReviewShelf; queues: ReviewQueues };

export const nowOf = (deps: Pick<ServiceDeps, 'now'>) => deps.now?.() ?? new Date();

/**
 * Runs the bookkeeping of a change once the change is stored; its events are relayed after, while
 * the answer goes (also when the bookkeeping failed: the change is stored, and the consumer of its
 * event settles it again).
 */
export async function afterChange(deps: Pick<ReviewDeps, 'events'>, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } finally {
    void deps.events.relay();
  }
}

/** The average (one decimal) and count of a listing's published reviews. */
export function summaryOf(record: ListingReviewsRecord | null): RatingSummary {
  const published = record?.published ?? [];
  const sum = published.reduce((total, entry) => total + entry.rating, 0);
  return { count: published.length, average: published.length === 0 ? null : Math.round((sum / published.length) * 10) / 10 };
}

const newestFirst = (a: { at: number; id: string }, b: { at: number; id: string }) => b.at - a.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The listing's record with this review as it now is (null: deleted): among the published ones
 * while it is published, and in the burst window from when it was written (deleted or not) when it
 * counts toward bursts. Null when nothing changes.
 */
export function withReview(record: ListingReviewsRecord | null, reviewId: string, review: StoredReview | null, now: number): ListingReviewsRecord | null {
  const before = record ?? { published: [], posted: [] };
  const published = before.published.filter((entry) => entry.id !== reviewId);
  if (review?.status === 'published') published.push({ id: review.id, at: Date.parse(review.createdAt), rating: review.rating });
  published.sort(newestFirst);
  const posted = before.posted.filter((entry) => entry.at > now - REVIEW_BURST_WINDOW_MS);
  const at = review ? Date.parse(review.createdAt) : 0;
  if (review?.countsForBurst && at > now - REVIEW_BURST_WINDOW_MS && !posted.some((entry) => entry.id === review.id)) posted.push({ id: review.id, at });
  const next = { published, posted };
  return record && isDeepStrictEqual(next, record) ? null : next;
}

/**
 * How many reviews of the listing counted toward its burst before this one, which takes its place
 * in the window at once when it counts (its account is older than a day): counted and taken in one
 * guarded write of the listing's record, so twenty written at once are counted as one after
 * another. `release` gives the place back when the review is not written after all.
 */
export async function takeBurstPlace(deps: ReviewDeps, serviceId: string, reviewId: string, counts: boolean): Promise<{ before: number; release: () => Promise<void> }> {
  const now = nowOf(deps).getTime();
  let before = 0;
  await deps.reviewRecords.listings.change(serviceId, (current) => {
    const posted = (current?.posted ?? []).filter((entry) => entry.at > now - REVIEW_BURST_WINDOW_MS && entry.id !== reviewId);
    before = posted.length;
    return counts ? { published: current?.published ?? [], posted: [...posted, { id: reviewId, at: now }] } : null;
  });
  const release = async () => {
    if (!counts) return;
    await deps.reviewRecords.listings.change(serviceId, (current) =>
      current?.posted.some((entry) => entry.id === reviewId) ? { ...current, posted: current.posted.filter((entry) => entry.id !== reviewId) } : null,
    );
  };
  return { before, release };
}

/**
 * Brings everything kept of a review in step with it as it now is (it may be gone): its listing's
 * record, its text's, the staff's queues and this instance's pages, and the listing's rating when
 * that changed. Idempotent, and it reads the review itself, so the writer and the consumer of the
 * review's event (after a crash between the two writes) may both run it, in any order. `written`:
 * the review as its writer just wrote it (null: deleted), read no more; the writer has named it in
 * its writer's record already, which the consumer makes sure of (a write cut short).
 */
export async function settleReview(deps: ReviewDeps, serviceId: string, reviewId: string, written?: StoredReview | null): Promise<void> {
  const review = written === undefined ? await deps.reviews.findById(reviewId) : written;
  const now = nowOf(deps).getTime();
  const record = await deps.reviewRecords.listings.change(serviceId, (current) => withReview(current, reviewId, review, now));
  if (review && review.status !== 'removed' && review.textKey) await keepText(deps, review.textKey, review.id);
  if (review && written === undefined) {
    await deps.reviewRecords.reviewers.change(reviewerKey(review.serviceId, review.userId), (current) =>
      current?.reviewId ? null : { reviewId: review.id, waits: current?.waits ?? null, heldTextKey: current?.heldTextKey ?? null },
    );
  }
  if (review) deps.queues.apply(review);
  else deps.queues.remove(reviewId);
  deps.shelf.forget(serviceId);
  await keepRating(deps, serviceId, summaryOf(record));
}

/** Writes the rating onto the listing when it differs (cards and lists show it): announced as any change visitors see. */
async function keepRating(deps: ReviewDeps, serviceId: string, rating: RatingSummary): Promise<void> {
  const written = await deps.services.modify(serviceId, (current) => (isDeepStrictEqual(current.rating, rating) ? null : { set: { rating }, announce: announceUpdate(deps.events) }));
  if (written && written.after !== written.before) deps.catalog.apply(written.after);
}

/** At most this many reviews of one text are named in its record: one other is all the check needs. */
const TEXT_IDS_KEPT = 50;

async function keepText(deps: ReviewDeps, key: string, reviewId: string): Promise<void> {
  await deps.reviewRecords.texts.change(key, (current) => {
    const ids = current?.ids ?? [];
    return ids.includes(reviewId) || ids.length >= TEXT_IDS_KEPT ? null : { ids: [...ids, reviewId] };
  });
}

/** A review no longer has this text (edited or deleted). */
export async function forgetText(deps: ReviewDeps, key: string, reviewId: string): Promise<void> {
  if (!key) return;
  await deps.reviewRecords.texts.change(key, (current) => (current?.ids.includes(reviewId) ? { ids: current.ids.filter((id) => id !== reviewId) } : null));
}

/**
 * Whether another review has this new review's text, the new one taking its place in the text's
 * record in the same guarded write: two written at once with one text are seen as one after
 * another. Another named there counts while it still has the text, or while it is not written yet
 * (its writer is between taking its place and writing it). A review that is not written after all
 * gives its place back with forgetText.
 */
export async function takeTextPlace(deps: ReviewDeps, key: string, reviewId: string): Promise<boolean> {
  let before: string[] = [];
  await deps.reviewRecords.texts.change(key, (current) => {
    const ids = current?.ids ?? [];
    before = ids.filter((id) => id !== reviewId);
    return ids.includes(reviewId) || ids.length >= TEXT_IDS_KEPT ? null : { ids: [...ids, reviewId] };
  });
  const others = before.slice(0, 5);
  if (others.length === 0) return false;
  const found = await deps.reviews.findByIds(others);
  return found.length < others.length || found.some((review) => review.textKey === key);
}

/** Whether another review (not `exceptId`) has this text: the text's record names it, and it still has that text. */
export async function textSeen(deps: ReviewDeps, key: string, exceptId: string): Promise<boolean> {
  const others = ((await deps.reviewRecords.texts.read(key))?.ids ?? []).filter((id) => id !== exceptId).slice(0, 5);
  if (others.length === 0) return false;
  return (await deps.reviews.findByIds(others)).some((review) => review.textKey === key);
}

/**
 * Counts one action of an account on reviews (a write, an edit, a delete, a reply, a report), or
 * refuses it with a 429 past REVIEW_ACTIONS_LIMIT in the window: one account cannot repeat them
 * without a bound, whatever it does between.
 */
export async function takeAction(deps: ReviewDeps, identity: Identity): Promise<void> {
  const now = nowOf(deps).getTime();
  const since = now - REVIEW_ACTIONS_WINDOW_MS;
  await deps.reviewRecords.accounts.change(identity.userId, (current) => {
    const recent = (current?.at ?? []).filter((at) => at > since);
    if (recent.length >= REVIEW_ACTIONS_LIMIT) throw AppError.tooManyRequests(REVIEW_ACTIONS_MESSAGE, Math.ceil((recent[0]! + REVIEW_ACTIONS_WINDOW_MS - now) / 1000));
    return { at: [...recent, now] };
  });
}

/** Adds a step to the listing's moderation trail (the newest REVIEW_TRAIL_LIMIT are kept). */
export async function addStep(deps: ReviewDeps, serviceId: string, step: { reviewId: string; action: ReviewTrailAction; reason: string | null; by: Identity | null }): Promise<void> {
  const entry = { at: nowOf(deps).getTime(), reviewId: step.reviewId, action: step.action, reason: step.reason, byUserId: step.by?.userId ?? null, byEmail: step.by?.email ?? null };
  await deps.reviewRecords.trails.change(serviceId, (current) => ({ steps: [...(current?.steps ?? []), entry].slice(-REVIEW_TRAIL_LIMIT) }));
}
