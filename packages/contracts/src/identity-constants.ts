// No zod here.
export const IDENTITY_HEADER = 'x-mealprep-identity';
export const IDENTITY_SIGNATURE_HEADER = 'x-mealprep-identity-sig';
export const REQUEST_ID_HEADER = 'x-request-id';
