import type { LeadChallenge } from '@mealprep/contracts';
import { TEST_IDENTITY_SECRET } from '@mealprep/service-kit/testing';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { leadChallenge } from '../src/domain/leads/lead-challenge';

/** What the ALTCHA widget sends for a challenge once it found the counter: the challenge and its solution, as base64 JSON. */
export async function solvedPayload(challenge: LeadChallenge): Promise<string> {
  const solution = await solveChallenge({ challenge: challenge as Parameters<typeof solveChallenge>[0]['challenge'], deriveKey });
  if (!solution) throw new Error('the challenge was not solved');
  return Buffer.from(JSON.stringify({ challenge, solution: { counter: solution.counter, derivedKey: solution.derivedKey } })).toString('base64');
}

/**
 * The payload of a challenge made for the form shown with this token, solved as a browser solves it.
 * Made with little work (a few hundred rounds: the server checks a solution the same whatever its
 * counter), so tests that send many requests stay quick on a busy machine; the forms the service
 * makes carry the real work (leads.test.ts solves one).
 */
export async function solved(formToken: string, secret = TEST_IDENTITY_SECRET): Promise<string> {
  return solvedPayload(await leadChallenge(secret, formToken, Date.now() - 10_000, { min: 100, max: 1_000 }));
}
