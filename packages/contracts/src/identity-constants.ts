// No zod here.
export const IDENTITY_HEADER = 'x-mealprep-identity';
export const IDENTITY_SIGNATURE_HEADER = 'x-mealprep-identity-sig';
export const REQUEST_ID_HEADER = 'x-request-id';
/**
 * The caller's address as the gateway worked it out (TRUST_PROXY), signed like the identity: the one
 * address every limit counts by. Services never read X-Forwarded-For.
 */
export const CLIENT_ADDRESS_HEADER = 'x-mealprep-client';
