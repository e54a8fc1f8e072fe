import {
  ALLERGEN_FRIENDLY_OPTIONS,
  countFilters,
  FILTER_DELIVERY,
  FILTER_PRICES,
  FILTER_RATINGS,
  RATING_FILTER_MIN_COUNT,
  readListingFilters,
  type AllergenFriendly,
  type FILTER_PARAMS,
  type FilterCounts,
  type FilterDelivery,
  type ListingFilters,
  type ListSort,
  type ServiceList,
  type ServiceListQuery,
} from '@mealprep/contracts';
import { byName, isFeatured, normalize, type Entry } from './public-entry';

/** The filters a list query gives (see readListingFilters): meal types the catalogue does not know are left out. */
export type ListQuery = Omit<ServiceListQuery, 'sort'> & { sort?: ListSort };

/** The filter parameters of a query as they came (one value or several). */
export type FilterParams = Partial<Record<(typeof FILTER_PARAMS)[number], string | string[] | undefined>>;

/** The groups of filters, one bit each: an entry's failed groups say which counts it may add to (filterCounts). */
const GROUP = { meal: 1, delivery: 2, price: 4, rating: 8, pause: 16, allergen: 32 } as const;
type Group = keyof typeof GROUP;
const reaches = (entry: Entry, method: FilterDelivery): boolean => (method === 'local' ? entry.delivers : method === 'pickup' ? entry.pickup : entry.ships);

/** "N stars and up": an average of at least N over enough reviews to be one. */
const ratedAtLeast = (entry: Entry, stars: number) => entry.rating !== null && entry.ratingCount >= RATING_FILTER_MIN_COUNT && entry.rating >= stars;

/** The groups of filters an entry fails, as bits (0: it is in the filtered list). */
export function failedGroups(entry: Entry, filters: ListingFilters): number {
  let failed = 0;
  if (filters.meal.length && !filters.meal.some((m) => entry.mealTypes.includes(m))) failed |= GROUP.meal;
  if (filters.delivery.length && !filters.delivery.some((d) => reaches(entry, d))) failed |= GROUP.delivery;
  if (filters.price !== null && (entry.priceLow === null || entry.priceLow > filters.price)) failed |= GROUP.price;
  if (filters.rating !== null && !ratedAtLeast(entry, filters.rating)) failed |= GROUP.rating;
  if (filters.pause && !entry.pauseAnyTime) failed |= GROUP.pause;
  if (filters.allergen.length && !filters.allergen.every((a) => entry.allergens.includes(a))) failed |= GROUP.allergen;
  return failed;
}

/**
 * How many entries of a list each choice of each filter leaves, in one pass: an entry that fails
 * no group counts for every choice it has; one that fails only group G counts for G's choices it
 * has (choosing one would take it in: meal types and delivery are "any of", price and rating
 * thresholds); allergens are "every one of", so only entries in the list count for them.
 */
export function filterCounts(list: readonly Entry[], filters: ListingFilters, mealTypes: readonly string[]): FilterCounts {
  const counts: FilterCounts = {
    meal: Object.fromEntries(mealTypes.map((m) => [m, 0])),
    delivery: { local: 0, pickup: 0, ships: 0 },
    price: Object.fromEntries(FILTER_PRICES.map((p) => [String(p), 0])),
    rating: Object.fromEntries(FILTER_RATINGS.map((r) => [String(r), 0])),
    pause: 0,
    allergen: Object.fromEntries(ALLERGEN_FRIENDLY_OPTIONS.map((a) => [a, 0])) as FilterCounts['allergen'],
  };
  const onlyFails = (failed: number, group: Group) => failed === 0 || failed === GROUP[group];
  for (const entry of list) {
    const failed = failedGroups(entry, filters);
    if (failed !== 0 && (failed & (failed - 1)) !== 0) continue;
    if (onlyFails(failed, 'meal')) for (const m of entry.mealTypes) if (m in counts.meal) counts.meal[m]! += 1;
    if (onlyFails(failed, 'delivery')) for (const d of FILTER_DELIVERY) if (reaches(entry, d)) counts.delivery[d] += 1;
    if (onlyFails(failed, 'price') && entry.priceLow !== null) for (const p of FILTER_PRICES) if (entry.priceLow <= p) counts.price[String(p)]! += 1;
    if (onlyFails(failed, 'rating')) for (const r of FILTER_RATINGS) if (ratedAtLeast(entry, r)) counts.rating[String(r)]! += 1;
    if (onlyFails(failed, 'pause') && entry.pauseAnyTime) counts.pause += 1;
    if (failed === 0) for (const a of entry.allergens) if (a in counts.allergen) counts.allergen[a as AllergenFriendly] += 1;
  }
  return counts;
}

/**
 * Best rated first: by the average weighted by how many reviews it has (one 5-star review ranks
 * below many good ones), then by how many, then by name; those with no reviews last.
 */
const byRating = (a: Entry, b: Entry) => (b.ratingScore ?? -1) - (a.ratingScore ?? -1) || b.ratingCount - a.ratingCount || byName(a, b);

/** The filters of a query, read leniently; meal types the catalogue does not know (`knownMealType` false) are left out. */
export function readFilters(query: FilterParams, knownMealType: (slug: string) => boolean): ListingFilters {
  const filters = readListingFilters((name) => {
    const value = query[name as (typeof FILTER_PARAMS)[number]];
    return value === undefined ? [] : Array.isArray(value) ? value : [value];
  });
  return { ...filters, meal: filters.meal.filter(knownMealType) };
}

/**
 * One page of a public list: the entries (sorted by name) that match the query's place, meal type,
 * shipping, featured and search words, then its filters, sorted as asked; with the counts of each
 * filter's choices over the unfiltered list when the query asks for facets (`mealTypes`: every meal
 * type the catalogue knows).
 */
export function listPage(entries: readonly Entry[], query: ListQuery, filters: ListingFilters, mealTypes: readonly string[], now: number): ServiceList {
  const words = query.q ? normalize(query.q).split(/\s+/).filter(Boolean).slice(0, 10) : [];
  const listed = entries.filter(
    (e) =>
      (!query.state || e.stateSlugs.includes(query.state)) &&
      (!query.city || e.cities.some((c) => c.slug === query.city && (!query.state || c.stateSlug === query.state))) &&
      (!query.mealType || e.mealTypes.includes(query.mealType)) &&
      (query.shipping === undefined || e.ships === query.shipping) &&
      (query.featured === undefined || isFeatured(e, now) === query.featured) &&
      words.every((w) => e.searchText.includes(w)),
  );
  const filtered = countFilters(filters) === 0 ? listed : listed.filter((e) => failedGroups(e, filters) === 0);
  const matches = query.sort === 'rating' ? [...filtered].sort(byRating) : filtered;
  const start = (query.page - 1) * query.pageSize;
  return {
    ...(query.facets ? { facets: filterCounts(listed, filters, mealTypes) } : {}),
    items: matches.slice(start, start + query.pageSize).map((e) => ({
      ...e.card,
      featured: isFeatured(e, now),
    })),
    total: matches.length,
    page: query.page,
    pageSize: query.pageSize,
    pageCount: Math.ceil(matches.length / query.pageSize),
  };
}
