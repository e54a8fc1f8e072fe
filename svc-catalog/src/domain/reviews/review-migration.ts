import { REVIEW_TRAIL_ACTIONS, REVIEW_TRAIL_LIMIT, type ReviewTrailAction } from '@mealprep/contracts';
import { reviewerKey, type ListingReviewsRecord, type ReviewerRecord, type ReviewRecords, type ReviewTrailRecord } from '../../data-access/review-records';
import type { ReviewRepository, StoredReview } from '../../data-access/review-repository';
import type { ServiceRepository } from '../../data-access/service-repository';
import { withReview } from './review-ledger';

const MIGRATION = 'review-records';

/**
 * Makes the records of reviews kept without them (the demo catalogue's, or a migration's): each
 * listing's record, each person's and each text's. Records that exist are left as they are.
 */
export async function keepRecordsOf(records: ReviewRecords, reviews: AsyncIterable<StoredReview> | Iterable<StoredReview>): Promise<number> {
  const listings = new Map<string, ListingReviewsRecord>();
  const reviewers: Array<[string, ReviewerRecord]> = [];
  const texts = new Map<string, string[]>();
  let count = 0;
  for await (const review of reviews) {
    count += 1;
    const record = withReview(listings.get(review.serviceId) ?? null, review.id, review, 0);
    if (record) listings.set(review.serviceId, { ...record, posted: [] });
    reviewers.push([reviewerKey(review.serviceId, review.userId), { reviewId: review.id, waits: null, heldTextKey: review.status === 'held' ? review.textKey : null }]);
    if (review.textKey && review.status !== 'removed') texts.set(review.textKey, [...(texts.get(review.textKey) ?? []), review.id].slice(0, 50));
  }
  await records.listings.insertMany([...listings]);
  await records.reviewers.insertMany(reviewers);
  await records.texts.insertMany([...texts].map(([key, ids]) => [key, { ids }]));
  return count;
}

/**
 * Once, at the first start of a catalogue whose reviews were kept before their bookkeeping was kept
 * apart: each listing's record of reviews, each person's record of their review and each text's
 * record are made from the reviews (one read of them all), and the trails listings carried move to
 * their own records and off the listings. A new catalogue is only marked. Runs under the seed lease
 * (one instance); a start cut short does it again (what exists is left as it is).
 */
export async function migrateReviewRecords(deps: { reviews: ReviewRepository; reviewRecords: ReviewRecords; services: ServiceRepository }): Promise<{ reviews: number; trails: number }> {
  const records = deps.reviewRecords;
  if (await records.migrations.read(MIGRATION)) return { reviews: 0, trails: 0 };
  const reviews = await keepRecordsOf(records, deps.reviews.all());
  const legacy = (await deps.services.legacyReviewTrails()).filter((trail) => trail.steps.length > 0);
  await records.trails.insertMany(
    legacy.map(({ serviceId, steps }): [string, ReviewTrailRecord] => [
      serviceId,
      {
        steps: steps.slice(-REVIEW_TRAIL_LIMIT).map((step) => ({
          at: new Date(step.at as string | Date).getTime(),
          reviewId: String(step.reviewId ?? ''),
          action: (REVIEW_TRAIL_ACTIONS as readonly string[]).includes(step.action as string) ? (step.action as ReviewTrailAction) : 'held',
          reason: (step.reason as string | null) ?? null,
          byUserId: (step.byUserId as string | null) ?? null,
          byEmail: (step.byEmail as string | null) ?? null,
        })),
      },
    ]),
  );
  await deps.services.dropLegacyReviewTrails(legacy.map((trail) => trail.serviceId));
  await records.migrations.insertMany([[MIGRATION, { at: Date.now() }]]);
  return { reviews, trails: legacy.length };
}
