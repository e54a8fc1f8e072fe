// No zod here: the browser imports these through '@mealprep/contracts/browser'.

/** A quote request's message: long enough to say what is wanted, short enough to read. */
export const LEAD_MESSAGE_LIMITS = { min: 20, max: 2000 } as const;
export const LEAD_FULFILMENTS = ['delivery', 'pickup', 'either'] as const;
export const LEAD_STATUSES = ['new', 'replied', 'closed', 'spam'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
/** Why a request waits for staff before it reaches anyone (the review checks, a form sent without JavaScript, one text to many listings). */
export const LEAD_HOLD_REASONS = ['link', 'strong-language', 'shouting', 'no-challenge', 'repeated'] as const;
export type LeadHoldReason = (typeof LEAD_HOLD_REASONS)[number];

/**
 * The documented limits: requests from one client address an hour, to one listing a day, from one
 * e-mail address a day; each held across every instance (kept in the database).
 */
export const LEAD_LIMITS = {
  perClient: { points: 5, windowMs: 60 * 60 * 1000 },
  perListing: { points: 20, windowMs: 24 * 60 * 60 * 1000 },
  perEmail: { points: 10, windowMs: 24 * 60 * 60 * 1000 },
} as const;
/** A form sent sooner than this after it was shown was not filled in by a person. */
export const LEAD_MIN_FILL_MS = 3_000;
/** A form older than this asks to be loaded again (its token has run out). */
export const LEAD_FORM_MAX_AGE_MS = 2 * 60 * 60 * 1000;
/** How long a request is kept: 180 days; one for a listing nobody has claimed, 30 days unless it is claimed by then. */
export const LEAD_KEPT_DAYS = 180;
export const UNCLAIMED_LEAD_KEPT_DAYS = 30;
/** The longest proof-of-work payload a form may send (a challenge and its solution, base64: about 700 characters). */
export const LEAD_CHALLENGE_PAYLOAD_MAX = 4_000;

/** Meals a week one may ask for. */
export const LEAD_MEALS_PER_WEEK = { min: 1, max: 100 } as const;

/** Requests on a page of the inbox, and the furthest page one may ask for (older ones are in the CSV export). */
export const LEAD_PAGE_SIZE = 25;
export const LEAD_MAX_PAGE = 200;
/** The most requests one CSV export holds (the newest). */
export const LEAD_EXPORT_MAX = 5_000;
/** How long staff marking a request spam keeps its sender's address from sending another. */
export const LEAD_SPAM_BLOCK_DAYS = 30;
/** The inbox's statuses as the owner reads them. */
export const LEAD_STATUS_LABELS = { new: 'New', replied: 'Replied', closed: 'Closed', spam: 'Spam' } as const;
/** How many listings' shown e-mail addresses one client address may ask for in an hour. */
export const CONTACT_EMAIL_LIMIT = { points: 30, windowMs: 60 * 60 * 1000 } as const;
/** How the visitor wants their meals, in words. */
export const LEAD_FULFILMENT_LABELS = { delivery: 'Delivery', pickup: 'Pickup', either: 'Either' } as const;

/** How an owner's quote requests are mailed: each on its own as it arrives, or one mail a day with the day's (UTC) requests. */
export const LEAD_MAIL_MODES = ['each', 'daily'] as const;
export type LeadMailMode = (typeof LEAD_MAIL_MODES)[number];
/** Mails confirming another address for requests one account may have sent a day, and one address may get a day. */
export const LEAD_ADDRESS_CONFIRMATIONS_PER_DAY = 3;
/** How long the link confirming an address for requests works. */
export const LEAD_ADDRESS_LINK_HOURS = 24;
/** A request's message as a daily digest quotes it (the whole one is in the inbox). */
export const LEAD_DIGEST_MESSAGE_CHARS = 500;
