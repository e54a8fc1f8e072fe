// No zod here: the browser imports these through '@mealprep/contracts/browser'.

/** A review is published at once unless the automatic checks hold it for staff; staff approve, reject (the reviewer may edit it) or remove it. */
export const REVIEW_STATUSES = ['published', 'held', 'rejected', 'removed'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** The staff's queues of reviews: held by the checks, reported, owners' replies the checks held, and the decided ones. */
export const REVIEW_QUEUES = ['held', 'reported', 'replies', 'published', 'rejected', 'removed'] as const;
export type ReviewQueue = (typeof REVIEW_QUEUES)[number];

/** What a step of a listing's review trail says happened. */
export const REVIEW_TRAIL_ACTIONS = ['held', 'reported', 'approved', 'rejected', 'removed', 'reply-held', 'reply-approved', 'reply-removed'] as const;
export type ReviewTrailAction = (typeof REVIEW_TRAIL_ACTIONS)[number];

/** Why the automatic checks held a review for staff. */
export const HOLD_REASONS = ['profanity', 'link', 'shouting', 'repeated', 'new-account', 'burst', 'decided-before'] as const;
export type HoldReason = (typeof HOLD_REASONS)[number];
export const HOLD_REASON_LABELS: Record<HoldReason, string> = {
  profanity: 'Strong language',
  link: 'A link',
  shouting: 'Mostly capital letters',
  repeated: 'Repeated text',
  'new-account': 'An account less than a day old',
  burst: 'Many reviews of this listing in an hour',
  'decided-before': "Written again after our team rejected this person's review of the listing, or while it was reported",
};

export const REVIEW_RATINGS = [1, 2, 3, 4, 5] as const;
export const MIN_REVIEW_LENGTH = 20;
export const MAX_REVIEW_LENGTH = 2_000;
export const MIN_REVIEWER_NAME_LENGTH = 2;
export const MAX_REVIEWER_NAME_LENGTH = 40;
export const MAX_REPLY_LENGTH = 1_000;
export const MAX_REVIEW_REPORT_LENGTH = 500;
export const MAX_REVIEW_DECISION_REASON_LENGTH = 500;
/** Reviews on one page of a listing's reviews. */
export const REVIEWS_PAGE_SIZE = 10;
/** An account younger than this has its reviews held. */
export const NEW_ACCOUNT_MS = 24 * 60 * 60_000;
/**
 * More reviews of one listing than this within BURST_WINDOW_MS are held (the one after the limit and
 * on). Reviews deleted since count; those of accounts under a day old do not (they are held anyway).
 */
export const REVIEW_BURST_LIMIT = 5;
export const REVIEW_BURST_WINDOW_MS = 60 * 60_000;
/** What one account may do to reviews (write, edit, delete, reply, report) in REVIEW_ACTIONS_WINDOW_MS; past it a 429. */
export const REVIEW_ACTIONS_LIMIT = 20;
export const REVIEW_ACTIONS_WINDOW_MS = 60 * 60_000;
export const REVIEW_ACTIONS_MESSAGE = 'You have changed many reviews in the last hour. Please wait a while and try again.';
/** The moderation steps kept for each listing (the oldest go first). */
export const REVIEW_TRAIL_LIMIT = 500;
/**
 * "Best rated" orders listings by their average pulled toward RATING_PRIOR_MEAN as if they had
 * RATING_PRIOR_COUNT more reviews of it: one 5-star review ranks below many good ones.
 */
export const RATING_PRIOR_MEAN = 3.5;
export const RATING_PRIOR_COUNT = 5;
/** The rating filters ("4.5 stars and up") take listings with at least this many published reviews: one review is not a rating. */
export const RATING_FILTER_MIN_COUNT = 2;

/** Where "Best rated" places a listing: its average weighted toward RATING_PRIOR_MEAN by few reviews (null: none). */
export const ratingScore = (rating: { average: number | null; count: number }): number | null =>
  rating.average === null || rating.count === 0 ? null : (rating.average * rating.count + RATING_PRIOR_MEAN * RATING_PRIOR_COUNT) / (rating.count + RATING_PRIOR_COUNT);
/** How an owner's reply stands: shown, waiting for staff (the checks held it), or taken down by staff. */
export const REPLY_STATUSES = ['published', 'held', 'removed'] as const;
export type ReplyStatus = (typeof REPLY_STATUSES)[number];
/** The admin's moderation screen. */
export const REVIEWS_ADMIN_PATH = '/dashboard/reviews';

/** An average rating as a page shows it: one decimal ("4.5", "4.0"). */
export const formatRating = (average: number): string => (Math.round(average * 10) / 10).toFixed(1);

/**
 * A whole number with US thousands separators ("1,234"), as `toLocaleString('en-US')` writes it,
 * without it: that call builds an ICU formatter each time, the largest cost of hydrating a list of
 * cards in the browser.
 */
export function formatCount(count: number): string {
  const digits = String(Math.trunc(Math.abs(count)));
  let grouped = '';
  for (let i = 0; i < digits.length; i += 1) grouped += (i > 0 && (digits.length - i) % 3 === 0 ? ',' : '') + digits[i];
  return count < 0 && grouped !== '0' ? `-${grouped}` : grouped;
}

/** "1 review", "12 reviews", "1,204 reviews". */
export const reviewCountLabel = (count: number): string => `${formatCount(count)} ${count === 1 ? 'review' : 'reviews'}`;

/** What a reviewer is told their review's state is. */
export const REVIEW_STATUS_MESSAGES: Record<ReviewStatus, string> = {
  published: 'Your review is published.',
  held: 'Your review waits for our team before it is shown.',
  rejected: 'Our team did not publish your review. You can edit it and send it again.',
  removed: 'Our team removed your review.',
};
