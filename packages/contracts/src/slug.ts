// No zod here: the browser imports these through '@mealprep/contracts/browser'.

export const SLUG_MAX_LENGTH = 120;
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_PATTERN_MESSAGE = 'must be lowercase letters, digits and single hyphens';

/** What SlugSchema accepts, without zod: 1–120 lowercase letters, digits and single hyphens. */
export function isSlug(value: string): boolean {
  return value.length >= 1 && value.length <= SLUG_MAX_LENGTH && SLUG_PATTERN.test(value);
}

/** A slug from a name: lowercase, runs of anything but letters and digits become one hyphen, none at either end. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX_LENGTH)
    .replace(/-+$/, '');
}
