// No zod here: the owner form imports these through '@mealprep/contracts/browser'.

/** Dropdown options of the owner submission form (spec §9). */
export const YEARS_IN_BUSINESS_OPTIONS = ['Just getting started', '3-6 months', '1-2 years', '3+ years', 'Other'] as const;
export const ORDERS_PER_WEEK_OPTIONS = [
  'Less than 20 orders (around 100 meals)',
  '25-75 orders (around 400 meals)',
  '100-200 orders (around 1000 meals)',
  '250+ orders (up to 1500 meals or more)',
] as const;
export const HOW_DID_YOU_FIND_US_OPTIONS = ['Google Search', 'Social Media', 'Friend/Word of Mouth', 'Other Directory', 'Other'] as const;
export const YES_NO = ['YES', 'NO'] as const;

/** What an owner may never do to a listing once an admin closed or rejected it. */
export const OWNER_LOCKED_STATUSES = ['closed', 'rejected'] as const;

/** The statuses whose listings visitors can see (a closed one is shown as closed). */
export const PUBLIC_SERVICE_STATUSES: readonly string[] = ['published', 'closed'];

export const EDIT_NOT_FOUND_MESSAGE = "Service not found or you don't have permission to edit it.";
/** The refusal (422) of a write whose Idempotency-Key the caller already used on this listing for a different change. */
export const IDEMPOTENCY_KEY_REUSED = 'idempotency_key_reused';
export const IDEMPOTENCY_KEY_REUSED_MESSAGE = 'This Idempotency-Key was already used for a different change. Send the new change with a new key.';
export const NAME_CHANGE_CONFIRM = 'Are you sure? Changing the name or URL slug will temporarily unpublish your listing until an admin can review.';
export const SUBMIT_FOR_APPROVAL_CONFIRM = 'Submit this service for approval? It will move to Pending status and be reviewed by the admin team.';

/** Field limits shared by the form and the server. */
export const SERVICE_TEXT_LIMITS = { name: 120, tagline: 160, description: 5000, phone: 40, email: 254, url: 500, city: 100, street: 200, postalCode: 20 } as const;
