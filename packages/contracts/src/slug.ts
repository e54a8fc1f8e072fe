// No zod here: the browser imports these through '@mealprep/contracts/browser'.

export const SLUG_MAX_LENGTH = 120;
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_PATTERN_MESSAGE = 'must be lowercase letters, digits and single hyphens';

/** What SlugSchema accepts, without zod: 1–120 lowercase letters, digits and single hyphens. */
export function isSlug(value: string): boolean {
  return value.length >= 1 && value.length <= SLUG_MAX_LENGTH && SLUG_PATTERN.test(value);
}
