import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { LEAD_FORM_MAX_AGE_MS, LEAD_MIN_FILL_MS } from '@mealprep/contracts';

const sign = (secret: string, serviceId: string, issuedAt: number, nonce: string) => createHmac('sha256', secret).update(`lead-form.${serviceId}.${issuedAt}.${nonce}`).digest('base64url');
/** Characters of the token's random part (base64url), before its signature: two forms shown in the same millisecond are two tokens. */
const NONCE_LENGTH = 16;

/** The token a quote form is shown with: the listing, when, and a random part (each form its own), signed. It says nothing of who asked. */
export function leadFormToken(secret: string, serviceId: string, now: number): string {
  const nonce = randomBytes(12).toString('base64url');
  return `${now}.${nonce}${sign(secret, serviceId, now, nonce)}`;
}

export type TokenCheck = 'ok' | 'forged' | 'too-soon' | 'expired';

/**
 * Whether a form's token is ours, for this listing, and was shown long enough ago for a person to
 * fill the form in (LEAD_MIN_FILL_MS) and not so long that it ran out (LEAD_FORM_MAX_AGE_MS).
 */
export function checkLeadFormToken(secret: string, serviceId: string, token: string, now: number): TokenCheck {
  const dot = token.indexOf('.');
  const at = token.slice(0, dot);
  if (dot <= 0 || !/^[0-9]{1,15}$/.test(at)) return 'forged';
  const rest = token.slice(dot + 1);
  const nonce = rest.slice(0, NONCE_LENGTH);
  const expected = Buffer.from(sign(secret, serviceId, Number(at), nonce));
  const given = Buffer.from(rest.slice(NONCE_LENGTH));
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'forged';
  const age = now - Number(at);
  if (age < LEAD_MIN_FILL_MS) return 'too-soon';
  if (age > LEAD_FORM_MAX_AGE_MS) return 'expired';
  return 'ok';
}
