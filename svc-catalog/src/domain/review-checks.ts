import { createHash } from 'node:crypto';
import { englishDataset, englishRecommendedTransformers, RegExpMatcher } from 'obscenity';
import { NEW_ACCOUNT_MS, REVIEW_BURST_LIMIT, type HoldReason } from '@mealprep/contracts';

/** The kept English word list of the `obscenity` library, with its transformers (look-alike letters, repeated letters, spacing). */
const profanity = new RegExpMatcher({ ...englishDataset.build(), ...englishRecommendedTransformers });

/**
 * A web address in any form people write one: a scheme, "www.", or a name with a dot and a known
 * ending ("example.com", "shop.example.co/x"). Each alternative is a run of one class followed by a
 * fixed word: no nested repetition, so the time is linear in the text (at most MAX_REVIEW_LENGTH).
 */
const LINK = /\b(?:https?:\/\/|www\.)|\b[a-z0-9-]+\.(?:com|net|org|io|co|us|info|biz|shop|store|xyz|app|site|online|me|ly)\b/i;

/** Letters, to tell shouting from a short acronym. */
const LETTER = /\p{L}/u;
const UPPER = /\p{Lu}/u;
/** A text with at least this many letters, most of them capitals, shouts. */
const SHOUT_MIN_LETTERS = 20;
const SHOUT_SHARE = 0.7;

/** Whether most of a text's letters are capitals (texts with few letters never shout). */
export function shouts(text: string): boolean {
  let letters = 0;
  let upper = 0;
  for (const char of text) {
    if (!LETTER.test(char)) continue;
    letters += 1;
    if (UPPER.test(char)) upper += 1;
  }
  return letters >= SHOUT_MIN_LETTERS && upper / letters > SHOUT_SHARE;
}

/** The words of a text, lowercased, letters and digits only. */
const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** Whether one word makes up most of a text of some length ("good good good good…"), or a character runs on for 10 or more. */
export function repeatsItself(text: string): boolean {
  const words = wordsOf(text);
  if (words.length >= 6) {
    const counts = new Map<string, number>();
    for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1);
    if (Math.max(...counts.values()) / words.length > 0.5) return true;
  }
  let run = 1;
  for (let i = 1; i < text.length; i += 1) {
    run = text[i] === text[i - 1] && !/\s/.test(text[i]!) ? run + 1 : 1;
    if (run >= 10) return true;
  }
  return false;
}

/** The same words in the same order, whatever the case, spacing and punctuation: what "the same text" means between reviews. */
export const textKey = (text: string) => createHash('sha256').update(wordsOf(text).join(' ')).digest('hex');

export interface ReviewContext {
  /** How old the reviewer's account is (ms); null when not known. */
  accountAgeMs: number | null;
  /** Reviews of the listing written in the last hour, this one not counted. */
  recentOnListing: number;
  /** Another review, by anyone, has the same text. */
  textSeenElsewhere: boolean;
}

/** Why the automatic checks hold a review for staff (none: it is published at once). */
export function holdReasons(text: string, context: ReviewContext): HoldReason[] {
  const reasons: HoldReason[] = [];
  if (profanity.hasMatch(text)) reasons.push('profanity');
  if (LINK.test(text)) reasons.push('link');
  if (shouts(text)) reasons.push('shouting');
  if (context.textSeenElsewhere || repeatsItself(text)) reasons.push('repeated');
  if (context.accountAgeMs === null || context.accountAgeMs < NEW_ACCOUNT_MS) reasons.push('new-account');
  if (context.recentOnListing >= REVIEW_BURST_LIMIT) reasons.push('burst');
  return reasons;
}
