// No zod here: the browser imports these through '@mealprep/contracts/browser'.

/** How many listings a visitor compares side by side. */
export const MAX_COMPARED = 4;
export const COMPARE_PATH = '/compare';
/** What the tray says when a fifth listing is added. */
export const COMPARE_FULL_MESSAGE = `You can compare up to ${MAX_COMPARED} services at once. Remove one to add another.`;
/** What the compare page says of a slug it cannot show (unknown, or not public: never which). */
export const COMPARE_UNAVAILABLE = 'This service is not available.';
/** What the compare page says when its address names more than it compares. */
export const COMPARE_TOO_MANY = `Only the first ${MAX_COMPARED} services are compared.`;

/** The compare page of these slugs (each once, in order, the first MAX_COMPARED), and of a place when given. */
export function comparePath(slugs: readonly string[], place?: string): string {
  const params = new URLSearchParams({ s: [...new Set(slugs)].slice(0, MAX_COMPARED).join(',') });
  if (place) params.set('place', place);
  return `${COMPARE_PATH}?${params.toString().replace(/%2C/g, ',')}`;
}

/** The slugs a compare address names: each once, in order; more than MAX_COMPARED are cut (`more` says so). */
export function comparedSlugs(s: string | null): { slugs: string[]; more: boolean } {
  const all = [
    ...new Set(
      (s ?? '')
        .split(',')
        .map((slug) => slug.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
  return { slugs: all.slice(0, MAX_COMPARED).map((slug) => slug.slice(0, 200)), more: all.length > MAX_COMPARED };
}
