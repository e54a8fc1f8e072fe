// No zod here: the browser imports these through '@mealprep/contracts/browser'.

/** A review is published at once unless the automatic checks hold it for staff; staff approve, reject (the reviewer may edit it) or remove it. */
export const REVIEW_STATUSES = ['published', 'held', 'rejected', 'removed'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** Why the automatic checks held a review for staff. */
export const HOLD_REASONS = ['profanity', 'link', 'shouting', 'repeated', 'new-account', 'burst'] as const;
export type HoldReason = (typeof HOLD_REASONS)[number];
export const HOLD_REASON_LABELS: Record<HoldReason, string> = {
  profanity: 'Strong language',
  link: 'A link',
  shouting: 'Mostly capital letters',
  repeated: 'Repeated text',
  'new-account': 'An account less than a day old',
  burst: 'Many reviews of this listing in an hour',
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
/** More reviews of one listing than this within BURST_WINDOW_MS are held (the one after the limit and on). */
export const REVIEW_BURST_LIMIT = 5;
export const REVIEW_BURST_WINDOW_MS = 60 * 60_000;
/** The admin's moderation screen. */
export const REVIEWS_ADMIN_PATH = '/dashboard/reviews';

/** An average rating as a page shows it: one decimal ("4.5", "4.0"). */
export const formatRating = (average: number): string => (Math.round(average * 10) / 10).toFixed(1);

/** "1 review", "12 reviews". */
export const reviewCountLabel = (count: number): string => `${count.toLocaleString('en-US')} ${count === 1 ? 'review' : 'reviews'}`;

/** What a reviewer is told their review's state is. */
export const REVIEW_STATUS_MESSAGES: Record<ReviewStatus, string> = {
  published: 'Your review is published.',
  held: 'Your review waits for our team before it is shown.',
  rejected: 'Our team did not publish your review. You can edit it and send it again.',
  removed: 'Our team removed your review.',
};
