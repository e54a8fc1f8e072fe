import type { ServiceCard } from '@mealprep/contracts';

/** One published listing as the public index holds it: its card and what the lists, filters, near-me search and city pages read. */
export interface Entry {
  card: Omit<ServiceCard, 'featured'>;
  stateSlugs: string[];
  mealTypes: string[];
  ships: boolean;
  featuredUntil: number | null;
  /** Name, cities, states and meal type names, lowercased, for search. */
  searchText: string;
  /** The number of the last near-me search that measured it (see NearGrid.eachCandidate). */
  visitedBy: number;
  /** Where its locations are (those with a known point). */
  points: Array<{ latitude: number; longitude: number }>;
  /** The cities of its locations, each once, with the name a city page shows. */
  cities: Array<{ stateSlug: string; slug: string; name: string }>;
  delivers: boolean;
  pickup: boolean;
  deliveryRadiusMiles: number;
  /** Its cheapest meal (dollars; null: not said), average rating (null: no reviews), whether it says pause any time, its allergen-friendly options: what the filters read. */
  priceLow: number | null;
  rating: number | null;
  ratingCount: number;
  /** Where "Best rated" places it (ratingScore: the average weighted by how many reviews it has). */
  ratingScore: number | null;
  pauseAnyTime: boolean;
  allergens: readonly string[];
}

/** Lowercased, accents dropped: how search text is compared. */
export const normalize = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');

export const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
/** Public lists are by name, then slug (unique), so every entry has one place. */
export const byName = (a: Entry, b: Entry) => collator.compare(a.card.name, b.card.name) || (a.card.slug < b.card.slug ? -1 : a.card.slug > b.card.slug ? 1 : 0);

export const isFeatured = (entry: Entry, now: number) => entry.featuredUntil !== null && entry.featuredUntil >= now;

/** Where an entry goes in a list sorted by `compare`: the first place whose entry is not before it. */
export function sortedPlace<T>(list: readonly T[], item: T, compare: (a: T, b: T) => number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (compare(list[mid]!, item) < 0) low = mid + 1;
    else high = mid;
  }
  return low;
}
