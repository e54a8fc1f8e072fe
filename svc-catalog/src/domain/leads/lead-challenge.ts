import { createHash, createHmac } from 'node:crypto';
import { LeadChallengePayloadSchema, type LeadChallenge } from '@mealprep/contracts';
import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { LEAD_FORM_MAX_AGE_MS } from '@mealprep/contracts';

/**
 * The proof of work a quote form carries (ALTCHA, self-hosted: altcha-lib here, the `altcha`
 * widget in the visitor's browser, nothing loaded from anyone else). Each challenge is made for one
 * form (the hash of its token is in its signed data), so a challenge solved for another form is
 * refused, and it is used once as its form is (a kept request's token hash is unique). Made in
 * ALTCHA's deterministic mode: the server derives the key once (one SHA-256 round) and checks a
 * solution with two HMACs; the browser tries counters up to the secret one, 50,000 to 150,000
 * SHA-256 rounds (about a second, in a worker, while the visitor types).
 */
const ALGORITHM = 'SHA-256';
export const LEAD_CHALLENGE_WORK = { min: 50_000, max: 150_000 } as const;

const secrets = (secret: string) => ({
  hmacSignatureSecret: createHmac('sha256', secret).update('lead-challenge.signature').digest('hex'),
  hmacKeySignatureSecret: createHmac('sha256', secret).update('lead-challenge.key').digest('hex'),
});
const formOf = (formToken: string) => createHash('sha256').update(formToken).digest('hex').slice(0, 32);

/** A challenge for the form shown with this token, running out with it (`work`: the range its secret counter is drawn from). */
export async function leadChallenge(secret: string, formToken: string, now: number, work: { min: number; max: number } = LEAD_CHALLENGE_WORK): Promise<LeadChallenge> {
  const challenge = await createChallenge({
    algorithm: ALGORITHM,
    cost: 1,
    counter: randomInt(work.min, work.max),
    deriveKey,
    ...secrets(secret),
    expiresAt: new Date(now + LEAD_FORM_MAX_AGE_MS),
    data: { form: formOf(formToken) },
  });
  return challenge as LeadChallenge;
}

export type ChallengeCheck = 'solved' | 'unreadable' | 'other-form' | 'expired' | 'unsolved';

/** Whether the widget's payload (base64 JSON of the challenge and its solution) solves a challenge made for this form. */
export async function checkLeadChallenge(secret: string, formToken: string, payload: string): Promise<ChallengeCheck> {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
  } catch {
    return 'unreadable';
  }
  const parsed = LeadChallengePayloadSchema.safeParse(decoded);
  if (!parsed.success) return 'unreadable';
  const { challenge, solution } = parsed.data;
  const result = await verifySolution({ challenge, solution, deriveKey, ...secrets(secret) });
  if (result.expired) return 'expired';
  if (!result.verified) return 'unsolved';
  // The signature covers the data: a form's hash that is not this one's was made for another form.
  return challenge.parameters.data?.form === formOf(formToken) ? 'solved' : 'other-form';
}
