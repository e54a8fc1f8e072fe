import type { Connection } from 'mongoose';
import type { ReviewTrailAction } from '@mealprep/contracts';
import { KeyedRecords } from '@mealprep/service-kit';

/**
 * What reviews need beside the reviews themselves, each a small document read and written by its
 * key, so no write reads a collection through (FerretDB reads a whole collection for any other
 * filter). None is written onto the listing: a held review, a report or a step of the trail changes
 * nothing visitors see.
 */

/** A listing's published reviews (ids newest first, with their ratings: its average), and the reviews written in the burst window. */
export interface ListingReviewsRecord {
  published: Array<{ id: string; at: number; rating: number }>;
  /** Reviews written on it lately (ms), deleted ones too, those of accounts under a day old not: the burst check counts them. */
  posted: Array<{ id: string; at: number }>;
}

/**
 * A person's standing on one listing (key `{listing}:{user}`): their review (one per person per
 * listing: the record's key is unique), whether their next one waits for staff (their review was
 * rejected or reported, then deleted), and the text of their review the checks last held.
 */
export interface ReviewerRecord {
  reviewId: string | null;
  waits: 'rejected' | 'reported' | null;
  heldTextKey: string | null;
}

/** The reviews with one text (key: the text's key): "the same text as another review". */
export interface ReviewTextRecord {
  ids: string[];
}

/** What one account did to reviews lately (ms): the per-account limit. */
export interface ReviewAccountRecord {
  at: number[];
}

export interface TrailStepRecord {
  at: number;
  reviewId: string;
  action: ReviewTrailAction;
  reason: string | null;
  byUserId: string | null;
  byEmail: string | null;
}

/** A listing's moderation steps, the newest REVIEW_TRAIL_LIMIT. */
export interface ReviewTrailRecord {
  steps: TrailStepRecord[];
}

export const reviewerKey = (serviceId: string, userId: string) => `${serviceId}:${userId}`;

export type ReviewRecords = ReturnType<typeof reviewRecords>;

export function reviewRecords(connection: Connection) {
  return {
    listings: new KeyedRecords<ListingReviewsRecord>(connection, 'review_listings'),
    reviewers: new KeyedRecords<ReviewerRecord>(connection, 'reviewers'),
    texts: new KeyedRecords<ReviewTextRecord>(connection, 'review_texts'),
    accounts: new KeyedRecords<ReviewAccountRecord>(connection, 'review_accounts'),
    trails: new KeyedRecords<ReviewTrailRecord>(connection, 'review_trails'),
    /** Which one-time changes of the stored reviews were made (key: the change's name). */
    migrations: new KeyedRecords<{ at: number }>(connection, 'review_migrations'),
  };
}
