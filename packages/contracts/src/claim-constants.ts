// No zod here: the browser imports these through '@mealprep/contracts/browser'.

/** A waiting claim was made by someone whose address does not prove the business is theirs; the others are decided. */
export const CLAIM_STATUSES = ['waiting', 'granted', 'approved', 'rejected'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];
/** A claim of a listing without an owner, or a dispute of one that has an owner. */
export const CLAIM_KINDS = ['claim', 'dispute'] as const;
export type ClaimKind = (typeof CLAIM_KINDS)[number];
/** How many claims one person may have waiting at once. */
export const MAX_WAITING_CLAIMS = 3;
/** The longest note a claimant may write, and an admin's reason. */
export const MAX_CLAIM_NOTE_LENGTH = 1_000;
export const MAX_CLAIM_REASON_LENGTH = 500;
/** The link on a listing's page and the claimant's screen. */
export const CLAIM_PROMPT = 'Own this business?';
export const CLAIM_LINK_TEXT = 'Claim this listing';
export const claimPath = (serviceId: string) => `/dashboard/claim/${serviceId}`;
/** What a claimant is told when they claim too many at once. */
export const TOO_MANY_CLAIMS_MESSAGE = `You already have ${MAX_WAITING_CLAIMS} claims waiting for review. Wait for a decision on one before you claim another listing.`;
