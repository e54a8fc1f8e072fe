// No zod here: the browser imports these through '@mealprep/contracts/browser'.
import { ALLERGEN_FRIENDLY_OPTIONS, type AllergenFriendly } from './offer-constants';

/** How a listing reaches people, as the filters name it. */
export const FILTER_DELIVERY = ['local', 'pickup', 'ships'] as const;
export type FilterDelivery = (typeof FILTER_DELIVERY)[number];
export const FILTER_DELIVERY_LABELS: Record<FilterDelivery, string> = { local: 'Local delivery', pickup: 'Pickup', ships: 'Ships nationwide' };
/** "Up to $N a meal": the cheapest meal of the listing at most this. */
export const FILTER_PRICES = [8, 10, 12, 15, 20] as const;
/** "N stars and up": the listing's average at least this, over at least RATING_FILTER_MIN_COUNT reviews. */
export const FILTER_RATINGS = [3, 4, 4.5] as const;
/** How a list is ordered: by name (A–Z), or best rated first. */
export const LIST_SORTS = ['name', 'rating'] as const;
export type ListSort = (typeof LIST_SORTS)[number];
export const LIST_SORT_LABELS: Record<ListSort, string> = { name: 'Name (A–Z)', rating: 'Best rated' };
/** "Best rated" orders by the average weighted by how many reviews it has (review-constants ratingScore). */

/** The most values one filter takes, and the longest a parameter may be (a longer one is refused, not read). */
export const MAX_FILTER_VALUES = 20;
export const MAX_FILTER_PARAM_LENGTH = 600;

/** The filters of a list of services, as a page's URL (the filter form's fields) and the API carry them. */
export interface ListingFilters {
  /** Meal types (slugs): a listing with any of them. */
  meal: string[];
  /** A listing that reaches people in any of these ways. */
  delivery: FilterDelivery[];
  /** Its cheapest meal at most this many dollars. */
  price: number | null;
  /** Its average at least this. */
  rating: number | null;
  /** It says people may pause, skip or cancel any time. */
  pause: boolean;
  /** A listing with every one of these allergen-friendly options. */
  allergen: AllergenFriendly[];
}
export const NO_FILTERS: ListingFilters = { meal: [], delivery: [], price: null, rating: null, pause: false, allergen: [] };
/** The parameters of the filters, in the order a URL carries them. */
export const FILTER_PARAMS = ['meal', 'delivery', 'price', 'rating', 'pause', 'allergen'] as const;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The values of a parameter given several times or as a comma list, each once; more than MAX_FILTER_VALUES are left out. */
function valuesOf(raw: readonly string[]): string[] {
  const values = raw.flatMap((value) => value.split(',')).map((value) => value.trim().toLowerCase());
  return [...new Set(values.filter(Boolean))].slice(0, MAX_FILTER_VALUES);
}

/** One of `choices` as given ("12", "4.5"); null for anything else. */
function choiceOf(raw: readonly string[], choices: readonly number[]): number | null {
  const value = raw.at(-1)?.trim();
  if (!value || !/^\d{1,3}(?:\.\d{1,2})?$/.test(value)) return null;
  const number = Number(value);
  return choices.includes(number) ? number : null;
}

/**
 * The filters a URL's parameters give, read leniently: a value a filter does not have is left out
 * (an ignored filter, never an error), a value given twice counts once, and meal types must be
 * slugs (the catalogue leaves out those it does not know). `get` gives every value of a parameter.
 */
export function readListingFilters(get: (name: string) => readonly string[]): ListingFilters {
  const delivery = valuesOf(get('delivery'));
  const allergen = valuesOf(get('allergen'));
  return {
    meal: valuesOf(get('meal')).filter((slug) => slug.length <= 100 && SLUG.test(slug)),
    delivery: FILTER_DELIVERY.filter((d) => delivery.includes(d)),
    price: choiceOf(get('price'), FILTER_PRICES),
    rating: choiceOf(get('rating'), FILTER_RATINGS),
    pause: ['yes', 'true', '1'].includes(get('pause').at(-1)?.trim().toLowerCase() ?? ''),
    allergen: ALLERGEN_FRIENDLY_OPTIONS.filter((a) => allergen.includes(a)),
  };
}

/** The filters as the API's query takes them (comma lists; nothing for a filter not set). */
export function listingFilterParams(filters: ListingFilters): Record<string, string> {
  const params: Record<string, string> = {};
  if (filters.meal.length) params.meal = filters.meal.join(',');
  if (filters.delivery.length) params.delivery = filters.delivery.join(',');
  if (filters.price !== null) params.price = String(filters.price);
  if (filters.rating !== null) params.rating = String(filters.rating);
  if (filters.pause) params.pause = 'yes';
  if (filters.allergen.length) params.allergen = filters.allergen.join(',');
  return params;
}

/** How many filters are set (a filter with several values counts once). */
export const countFilters = (filters: ListingFilters): number =>
  [filters.meal.length > 0, filters.delivery.length > 0, filters.price !== null, filters.rating !== null, filters.pause, filters.allergen.length > 0].filter(Boolean).length;

/** How many listings each choice of each filter leaves: the list's count if it were chosen (or, chosen already, as it is). */
export interface FilterCounts {
  meal: Record<string, number>;
  delivery: Record<FilterDelivery, number>;
  price: Record<string, number>;
  rating: Record<string, number>;
  pause: number;
  allergen: Record<AllergenFriendly, number>;
}
