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

/** Invisible characters (zero-width spaces and joiners, soft hyphens, direction marks, the grapheme joiner): they only ever hide a word. */
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;
/** A scheme written with spaces ("h t t p s : / /", once its letters are joined). */
const SPACED_SCHEME = /\b(https?) ?: ?\/ ?\//gi;
/** "dot" written out or bracketed between two names ("example dot com", "example[.]com", "example (dot) com"), in a text whose spaces are single. */
const SPELLED_DOT = / ?(?:\[ ?(?:\.|dot) ?\]|\( ?(?:\.|dot) ?\)|\{ ?(?:\.|dot) ?\}| dot ) ?/gi;
/** A dot with a space before it between two names ("example . com", "example .com"); "food. Me" is a sentence, not an address. */
const SPACED_DOT = /(?<=[\p{L}\p{N}]) \. ?(?=[\p{L}\p{N}])/gu;
/** Separators people put between the letters of a word (f.u.c.k, f u c k, f-u-c-k, f_u_c_k, f*u*c*k), and those of an address's name (e x a m p l e). */
const WORD_SEPARATORS = new Set([' ', '.', '-', '_', '*', '|', '/', '\\', '+', '~', ',', "'", '`', '^', ':']);
const NAME_SEPARATORS = new Set([' ', '-', '_', '*']);
const WORD_CHAR = /[\p{L}\p{N}]/u;

/** The text as it reads: compatibility forms folded (full-width letters, ligatures), invisible characters dropped, each run of spaces one space. */
export const readable = (text: string) => text.normalize('NFKC').replace(INVISIBLE, '').replace(/\s+/g, ' ');

/**
 * Single letters or digits split by separators joined back into words ("f.u.c.k" and "s h i t"
 * become "fuck" and "shit"): a run of at least three one-character pieces. One pass over the text.
 */
export function joinSplitLetters(text: string, separators: ReadonlySet<string> = WORD_SEPARATORS): string {
  const chars = [...text];
  const isWord = (at: number) => WORD_CHAR.test(chars[at] ?? '');
  const isLone = (at: number) => isWord(at) && !isWord(at - 1) && !isWord(at + 1);
  const out: string[] = [];
  let i = 0;
  while (i < chars.length) {
    const pieces = isLone(i) ? [chars[i]!] : [];
    let end = i + 1;
    while (pieces.length > 0) {
      let next = end;
      while (next < chars.length && separators.has(chars[next]!)) next += 1;
      if (next === end || !isLone(next)) break;
      pieces.push(chars[next]!);
      end = next + 1;
    }
    if (pieces.length >= 3) {
      out.push(pieces.join(''));
      i = end;
    } else {
      out.push(chars[i]!);
      i += 1;
    }
  }
  return out.join('');
}

/** The forms of a text the word check reads: as it reads, and with its split letters joined. */
function wordForms(text: string): string[] {
  const plain = readable(text);
  return [plain, joinSplitLetters(plain)];
}

/** The forms of a text the link check reads: as it reads, and with its names' split letters joined and its written-out dots made dots. */
function linkForms(text: string): string[] {
  const plain = readable(text);
  const dotted = joinSplitLetters(plain, NAME_SEPARATORS)
    .replace(SPACED_SCHEME, (_match, scheme: string) => `${scheme}://`)
    .replace(SPELLED_DOT, () => '.')
    .replace(SPACED_DOT, () => '.');
  return [plain, dotted];
}

export const hasStrongLanguage = (text: string) => wordForms(text).some((form) => profanity.hasMatch(form));
export const hasLink = (text: string) => linkForms(text).some((form) => LINK.test(form));

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
  readable(text)
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
  /** Staff rejected this person's review of the listing, or it was reported, and they deleted it. */
  decidedBefore?: boolean;
}

/** Whether an account is too new for its reviews to be shown at once. */
export const isNewAccount = (accountAgeMs: number | null) => accountAgeMs === null || accountAgeMs < NEW_ACCOUNT_MS;

/** Why the automatic checks hold a review, shown under `name`, for staff (none: it is published at once). */
export function holdReasons(text: string, context: ReviewContext, name = ''): HoldReason[] {
  const reasons: HoldReason[] = [];
  if (hasStrongLanguage(text) || hasStrongLanguage(name)) reasons.push('profanity');
  if (hasLink(text) || hasLink(name)) reasons.push('link');
  if (shouts(text)) reasons.push('shouting');
  if (context.textSeenElsewhere || repeatsItself(text)) reasons.push('repeated');
  if (isNewAccount(context.accountAgeMs)) reasons.push('new-account');
  if (context.recentOnListing >= REVIEW_BURST_LIMIT) reasons.push('burst');
  if (context.decidedBefore) reasons.push('decided-before');
  return reasons;
}

/** Why the checks hold an owner's reply for staff (its words, links, capitals and repetition; none: shown at once). */
export function replyHoldReasons(text: string): HoldReason[] {
  const reasons: HoldReason[] = [];
  if (hasStrongLanguage(text)) reasons.push('profanity');
  if (hasLink(text)) reasons.push('link');
  if (shouts(text)) reasons.push('shouting');
  if (repeatsItself(text)) reasons.push('repeated');
  return reasons;
}
