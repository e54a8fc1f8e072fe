// No zod here: the browser imports these through '@mealprep/contracts/browser'.

/** A UTF-16 code unit that is half of a pair standing alone: text that is not well-formed Unicode. */
const LONE_SURROGATE = /\p{Surrogate}/u;

/**
 * Whether a string is well-formed Unicode (no lone surrogate). Text that is not cannot be encoded
 * as UTF-8, a URL, a file name or a header: `encodeURIComponent` throws on it, and so would every
 * key or path built from it further on. In `u` mode a surrogate pair is one code point, so only a
 * lone half matches (one character class: no backtracking).
 */
export const isWellFormedText = (text: string): boolean => !LONE_SURROGATE.test(text);

export const ILL_FORMED_TEXT_MESSAGE = 'must be well-formed text (it holds half of a character)';

/**
 * The path of the first string in a value (a parsed JSON body, query or params) that is not
 * well-formed Unicode, or null when every string is; keys count as strings too.
 */
export function illFormedTextPath(value: unknown, path: string[] = [], depth = 0): string[] | null {
  if (typeof value === 'string') return isWellFormedText(value) ? null : path;
  if (value === null || typeof value !== 'object' || depth > 64) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = illFormedTextPath(value[i], [...path, String(i)], depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    if (!isWellFormedText(key)) return [...path, '(a key)'];
    const found = illFormedTextPath(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}
