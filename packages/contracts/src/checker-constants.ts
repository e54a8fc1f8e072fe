/** Website checks (product spec §3, §4, §9): zod-free, so the admin screen can import them. */
export const CHECK_STATUSES = ['accessible', 'unreachable', 'error', 'blank'] as const;
export type CheckStatus = (typeof CHECK_STATUSES)[number];
export const REVIEW_ACTIONS = ['closed', 'ignored'] as const;
export type ReviewAction = (typeof REVIEW_ACTIONS)[number];
export const CHECK_FILTERS = ['unreviewed', 'reviewed', 'all'] as const;
export type CheckFilter = (typeof CHECK_FILTERS)[number];
/**
 * Why a check needs a person, beyond its status: the site now lands on another base domain, or the
 * page is a parking or for-sale page; TLS failures keep their own reason.
 */
export const CHECK_FLAGS = ['moved-domain', 'parked', 'tls', 'blocked'] as const;
export type CheckFlag = (typeof CHECK_FLAGS)[number];

export const CHECK_STATUS_POLL_MS = 30_000;
export const CHECK_STATUS_REFRESH_AFTER_QUEUE_MS = 2_000;
export const CHECK_STALLED_AFTER_MS = 900_000;
export const CHECK_RECENT_DAYS = 30;
export const CHECK_ERROR_DISPLAY_CHARS = 50;
/** A bulk call names at most this many checks. */
export const MAX_CHECK_BULK_IDS = 1000;
