import {
  ALLERGEN_FRIENDLY_OPTIONS,
  countFilters,
  FILTER_DELIVERY,
  FILTER_PRICES,
  FILTER_RATINGS,
  RATING_FILTER_MIN_COUNT,
  ratingScore,
  readListingFilters,
  slugify,
  type AllergenFriendly,
  type FILTER_PARAMS,
  type FilterCounts,
  type FilterDelivery,
  type ListingFilters,
  type ListSort,
  type CitySummary,
  type GeoRegion,
  type MealType,
  type NearCard,
  type NearQuery,
  type NearReach,
  type ServiceCard,
  type ServiceList,
  type ServiceListQuery,
} from '@mealprep/contracts';
import type { StoredService } from '../data-access/service-mapping';
import { NearestFirst } from './nearest-first';
import { milesBetween, toRadians, type Places } from './places';

interface Entry {
  card: Omit<ServiceCard, 'featured'>;
  stateSlugs: string[];
  mealTypes: string[];
  ships: boolean;
  featuredUntil: number | null;
  /** Name, cities, states and meal type names, lowercased, for search. */
  searchText: string;
  /** The number of the last near-me search that measured it (see eachCandidate). */
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

/** A listing a search found, how far and how it reaches the place. */
type Hit = { entry: Entry; miles: number; reach: NearReach };
/** Nearest first; at the same distance, by name. */
const nearerFirst = (a: Hit, b: Hit) => a.miles < b.miles || (a.miles === b.miles && byName(a.entry, b.entry) < 0);
const isFeatured = (entry: Entry, now: number) => entry.featuredUntil !== null && entry.featuredUntil >= now;
/** A found listing's card, with its distance (a tenth of a mile; null when it has no known location). */
const nearCard = ({ entry, miles, reach }: Hit, now: number): NearCard => ({
  ...entry.card,
  featured: isFeatured(entry, now),
  distanceMiles: Number.isFinite(miles) ? Math.round(miles * 10) / 10 : null,
  reach,
});

type NearPage = { items: NearCard[]; total: number; page: number; pageSize: number; pageCount: number };
/** Miles per degree of latitude: a point more than radius / this degrees north or south is out of reach. */
const MILES_PER_DEGREE_LATITUDE = 69;

/** The coordinates an import gave (the file's Place Latitude/Longitude), kept in the listing's metadata. */
function placeGiven(metadata: Record<string, unknown>): { latitude: number; longitude: number } | null {
  const place = metadata.place as { latitude?: unknown; longitude?: unknown } | null | undefined;
  return place && typeof place.latitude === 'number' && typeof place.longitude === 'number' ? { latitude: place.latitude, longitude: place.longitude } : null;
}

/** Lowercased, accents dropped: how search text is compared. */
export const normalize = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
/** Public lists are by name, then slug (unique), so every entry has one place. */
const byName = (a: Entry, b: Entry) => collator.compare(a.card.name, b.card.name) || (a.card.slug < b.card.slug ? -1 : a.card.slug > b.card.slug ? 1 : 0);

/** The filters a list query gives (see readListingFilters): meal types the catalogue does not know are left out. */
export type ListQuery = Omit<ServiceListQuery, 'sort'> & { sort?: ListSort };

/** The groups of filters, one bit each: an entry's failed groups say which counts it may add to (filterCounts). */
const GROUP = { meal: 1, delivery: 2, price: 4, rating: 8, pause: 16, allergen: 32 } as const;
type Group = keyof typeof GROUP;
const reaches = (entry: Entry, method: FilterDelivery): boolean => (method === 'local' ? entry.delivers : method === 'pickup' ? entry.pickup : entry.ships);

/** "N stars and up": an average of at least N over enough reviews to be one. */
const ratedAtLeast = (entry: Entry, stars: number) => entry.rating !== null && entry.ratingCount >= RATING_FILTER_MIN_COUNT && entry.rating >= stars;

/** The groups of filters an entry fails, as bits (0: it is in the filtered list). */
function failedGroups(entry: Entry, filters: ListingFilters): number {
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
function filterCounts(list: readonly Entry[], filters: ListingFilters, mealTypes: readonly string[]): FilterCounts {
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

/**
 * The published catalogue held in memory, sorted by name, so every public list is answered
 * without a database round trip. Built whole at start; then each change to a service moves,
 * adds or drops that one entry.
 */
export class PublicIndex {
  private entries: Entry[] = [];
  private byId = new Map<string, Entry>();
  private stateNames = new Map<string, string>();
  private stateSlugByName = new Map<string, string>();
  private mealTypeNames = new Map<string, string>();
  private version = 0;
  /** Entries by the 1° cell of each location, and those that ship, for near-me search (see eachCandidate). */
  private spatial: { version: number; cells: Map<string, Entry[]>; shippers: Entry[] } | null = null;
  /** How many near-me searches ran: each marks the entries it measured with its number. */
  private searches = 0;
  /** Cities with published services per state slug, built again on the first read after a change. */
  private cityTable: { version: number; byState: Map<string, Map<string, CitySummary>> } | null = null;

  /** `places`: where a location without a stored point is (its ZIP code, or its city and state). */
  constructor(private readonly places: Places) {}

  get size(): number {
    return this.entries.length;
  }

  /** Bumped on every change of what the lists show (a draft saved leaves it). */
  get generation(): number {
    return this.version;
  }

  /**
   * The first moment after `now` at which a listing stops being featured: what the lists answer
   * changes then, with no write to tell of it (Infinity when none will).
   */
  nextFeaturedEnd(now: number): number {
    let next = Infinity;
    for (const entry of this.entries) if (entry.featuredUntil !== null && entry.featuredUntil >= now && entry.featuredUntil < next) next = entry.featuredUntil;
    return next;
  }

  rebuild(published: StoredService[], regions: GeoRegion[], mealTypes: MealType[]): void {
    this.stateNames = new Map(regions.map((r) => [r.slug, r.name]));
    this.stateSlugByName = new Map(regions.map((r) => [normalize(r.name), r.slug]));
    this.mealTypeNames = new Map(mealTypes.map((m) => [m.slug, m.name]));
    this.entries = published.map((service) => this.toEntry(service)).sort(byName);
    this.byId = new Map(this.entries.map((e) => [e.card.id, e]));
    this.version += 1;
  }

  /**
   * A service changed: its entry is put in its place when it is published, and dropped otherwise.
   * A listing that was not in the index and is not now (a draft saved) changes nothing: what is
   * built from the index (near-me cells, city tables) is kept.
   */
  upsert(service: StoredService): void {
    const dropped = this.drop(service.id);
    if (service.status === 'published') {
      const entry = this.toEntry(service);
      this.entries.splice(sortedPlace(this.entries, entry, byName), 0, entry);
      this.byId.set(service.id, entry);
    } else if (!dropped) return;
    this.version += 1;
  }

  /** A service is gone. */
  remove(id: string): void {
    if (this.drop(id)) this.version += 1;
  }

  /** Takes a service's entry out; false when it had none. */
  private drop(id: string): boolean {
    const entry = this.byId.get(id);
    if (!entry) return false;
    const at = sortedPlace(this.entries, entry, byName);
    if (this.entries[at] === entry) this.entries.splice(at, 1);
    else this.entries.splice(this.entries.indexOf(entry), 1);
    this.byId.delete(id);
    return true;
  }

  private toEntry(service: StoredService): Entry {
    const primary = service.locations.find((l) => l.isPrimary) ?? service.locations[0];
    const states = [...new Set(service.locations.map((l) => l.address.region).filter(Boolean))];
    const cities = service.locations.map((l) => l.address.city).filter(Boolean);
    const mealTypeNames = service.mealTypes.map((slug) => this.mealTypeNames.get(slug) ?? slug);
    return {
      card: {
        id: service.id,
        name: service.name,
        slug: service.slug,
        tagline: service.tagline,
        mealTypes: service.mealTypes,
        city: primary?.address.city ?? '',
        state: primary?.address.region ?? '',
        logoImageId: service.media.logoImageId,
        shipsDomestically: service.deliveryMethods.shipsDomestically,
        localDelivery: service.deliveryMethods.localDelivery,
        rating: service.rating,
      },
      priceLow: service.offer?.pricePerMeal?.low ?? null,
      rating: service.rating?.average ?? null,
      ratingCount: service.rating?.count ?? 0,
      ratingScore: service.rating ? ratingScore(service.rating) : null,
      pauseAnyTime: service.offer?.pauseAnyTime === true,
      allergens: service.offer?.allergenFriendly ?? [],
      stateSlugs: states.map((name) => this.stateSlugByName.get(normalize(name))).filter((s): s is string => Boolean(s)),
      mealTypes: service.mealTypes,
      ships: service.deliveryMethods.shipsDomestically,
      featuredUntil: service.featuredUntil ? Date.parse(service.featuredUntil) : null,
      points: service.locations
        .map((l) => l.point ?? this.places.locate(l.address, l === primary ? placeGiven(service.metadata) : null))
        .filter((p): p is { latitude: number; longitude: number } => p !== null),
      visitedBy: 0,
      cities: this.citiesOf(service),
      delivers: service.deliveryMethods.localDelivery,
      pickup: service.deliveryMethods.pickup,
      deliveryRadiusMiles: service.deliveryRadiusMiles,
      searchText: normalize([service.name, ...cities, ...states, ...service.mealTypes, ...mealTypeNames].join(' | ')),
    };
  }

  /** The city page an address belongs to: its state's slug and its city's; null without either. */
  cityOf(address: { city: string; region: string }): { stateSlug: string; slug: string } | null {
    const stateSlug = this.stateSlugByName.get(normalize(address.region));
    const slug = slugify(normalize(address.city.trim()));
    return stateSlug && slug ? { stateSlug, slug } : null;
  }

  /** Each location's city once; a city the ZIP table knows takes the table's spelling. */
  private citiesOf(service: StoredService): Entry['cities'] {
    const found = new Map<string, Entry['cities'][number]>();
    for (const { address } of service.locations) {
      const where = this.cityOf(address);
      if (!where || found.has(`${where.stateSlug}/${where.slug}`)) continue;
      const city = address.city.trim();
      found.set(`${where.stateSlug}/${where.slug}`, { ...where, name: this.places.byCity(city, address.region)?.city ?? city });
    }
    return [...found.values()];
  }

  hasState(slug: string): boolean {
    return this.stateNames.has(slug);
  }

  hasMealType(slug: string): boolean {
    return this.mealTypeNames.has(slug);
  }

  /** The filters of a query, read leniently; meal types the catalogue does not know are left out. */
  filtersOf(query: Partial<Record<(typeof FILTER_PARAMS)[number], string | string[] | undefined>>): ListingFilters {
    const filters = readListingFilters((name) => {
      const value = query[name as (typeof FILTER_PARAMS)[number]];
      return value === undefined ? [] : Array.isArray(value) ? value : [value];
    });
    return { ...filters, meal: filters.meal.filter((m) => this.mealTypeNames.has(m)) };
  }

  query(query: ListQuery, now: number): ServiceList {
    const words = query.q ? normalize(query.q).split(/\s+/).filter(Boolean).slice(0, 10) : [];
    const listed = this.entries.filter(
      (e) =>
        (!query.state || e.stateSlugs.includes(query.state)) &&
        (!query.city || e.cities.some((c) => c.slug === query.city && (!query.state || c.stateSlug === query.state))) &&
        (!query.mealType || e.mealTypes.includes(query.mealType)) &&
        (query.shipping === undefined || e.ships === query.shipping) &&
        (query.featured === undefined || isFeatured(e, now) === query.featured) &&
        words.every((w) => e.searchText.includes(w)),
    );
    const filters = this.filtersOf(query);
    const filtered = countFilters(filters) === 0 ? listed : listed.filter((e) => failedGroups(e, filters) === 0);
    const matches = query.sort === 'rating' ? [...filtered].sort(byRating) : filtered;
    const start = (query.page - 1) * query.pageSize;
    return {
      ...(query.facets ? { facets: filterCounts(listed, filters, [...this.mealTypeNames.keys()]) } : {}),
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

  /**
   * Services that reach a point: within `radius` miles, nearest first, each with how it reaches
   * it (delivers there when its own delivery radius reaches, else pickup, else ships, else only
   * based nearby); and, apart, the services that ship to the whole country from farther away.
   * Only the listings in the 1° cells around the point and those that ship are measured; of the
   * matches only the page asked for is put in order (NearestFirst), the rest only counted.
   */
  near(
    point: { latitude: number; longitude: number },
    query: Pick<NearQuery, 'radius' | 'mealType' | 'delivery' | 'page' | 'shipPage' | 'pageSize'> & Partial<Pick<NearQuery, 'meal' | 'price' | 'rating' | 'pause' | 'allergen' | 'facets'>>,
    now: number,
  ): { local: NearPage; nationwide: NearPage; facets?: FilterCounts } {
    const filters = { ...this.filtersOf(query), delivery: [] };
    const filtering = countFilters(filters) > 0;
    // Every listing that reaches the place, filtered or not: what the counts are made of (only when asked).
    const reaching: Entry[] | null = query.facets ? [] : null;
    const passes = (entry: Entry) => {
      reaching?.push(entry);
      return !filtering || failedGroups(entry, filters) === 0;
    };
    const local = new NearestFirst<Hit>(query.page * query.pageSize, nearerFirst);
    const nationwide = new NearestFirst<Hit>(query.shipPage * query.pageSize, nearerFirst);
    const box = query.radius / MILES_PER_DEGREE_LATITUDE;
    this.eachCandidate(point, box, true, (entry) => {
      if (query.mealType && !entry.mealTypes.includes(query.mealType)) return;
      let miles = Infinity;
      for (const p of entry.points) {
        if (Math.abs(p.latitude - point.latitude) > box && !entry.ships) continue;
        miles = Math.min(miles, milesBetween(point, p));
      }
      if (miles <= query.radius) {
        const delivers = entry.delivers && miles <= entry.deliveryRadiusMiles;
        const reach: NearReach | null = query.delivery
          ? (query.delivery === 'delivers' ? delivers : query.delivery === 'pickup' ? entry.pickup : entry.ships)
            ? query.delivery
            : null
          : delivers
            ? 'delivers'
            : entry.pickup
              ? 'pickup'
              : entry.ships
                ? 'ships'
                : 'nearby';
        if (reach && passes(entry)) local.offer({ entry, miles, reach });
      } else if (entry.ships && (query.delivery === undefined || query.delivery === 'ships') && passes(entry)) {
        nationwide.offer({ entry, miles, reach: 'ships' });
      }
    });
    const pageOf = (found: NearestFirst<Hit>, page: number): NearPage => ({
      items: found
        .sorted()
        .slice((page - 1) * query.pageSize)
        .map((hit) => nearCard(hit, now)),
      total: found.count,
      page,
      pageSize: query.pageSize,
      pageCount: Math.ceil(found.count / query.pageSize),
    });
    return {
      local: pageOf(local, query.page),
      nationwide: pageOf(nationwide, query.shipPage),
      ...(reaching ? { facets: filterCounts(reaching, filters, [...this.mealTypeNames.keys()]) } : {}),
    };
  }

  /**
   * Calls `visit` once for each entry a search around a point must measure: those with a location
   * in the 1° cells the search's box touches and, with `shippers`, every one that ships (it may
   * ship there from anywhere). An entry in several cells, or a shipper in one, is visited once
   * (marked with the search's number, not gathered in a set). The cells are built again on the
   * first search after a change (one pass), not on every search.
   */
  private eachCandidate(point: { latitude: number; longitude: number }, box: number, shippers: boolean, visit: (entry: Entry) => void): void {
    if (this.spatial?.version !== this.version) {
      const cells = new Map<string, Entry[]>();
      for (const entry of this.entries) {
        for (const p of entry.points) {
          const key = `${Math.floor(p.latitude)}:${Math.floor(p.longitude)}`;
          const cell = cells.get(key);
          if (cell) cell.push(entry);
          else cells.set(key, [entry]);
        }
      }
      this.spatial = { version: this.version, cells, shippers: this.entries.filter((e) => e.ships) };
    }
    const search = ++this.searches;
    const once = (entry: Entry) => {
      if (entry.visitedBy === search) return;
      entry.visitedBy = search;
      visit(entry);
    };
    if (shippers) for (const entry of this.spatial.shippers) once(entry);
    // Degrees of longitude shrink towards the poles: the box is wider in longitude than in latitude.
    const widest = Math.cos(toRadians(Math.min(89, Math.abs(point.latitude) + box)));
    const lngBox = Math.min(180, box / Math.max(widest, 0.01));
    for (let lat = Math.floor(point.latitude - box); lat <= Math.floor(point.latitude + box); lat += 1) {
      for (let lng = Math.floor(point.longitude - lngBox); lng <= Math.floor(point.longitude + lngBox); lng += 1) {
        const wrapped = ((((lng + 180) % 360) + 360) % 360) - 180;
        for (const entry of this.spatial.cells.get(`${lat}:${wrapped}`) ?? []) once(entry);
      }
    }
  }

  /** The cities of a state that have published services, by name; null for a state there is not. */
  cities(stateSlug: string): CitySummary[] | null {
    if (!this.stateNames.has(stateSlug)) return null;
    return [...(this.cityTables().get(stateSlug)?.values() ?? [])].sort((a, b) => collator.compare(a.name, b.name));
  }

  /** One city of a state with its published services counted; null when it has none. */
  city(stateSlug: string, citySlug: string): (CitySummary & { stateName: string }) | null {
    const city = this.cityTables().get(stateSlug)?.get(citySlug);
    return city ? { ...city, stateName: this.stateNames.get(stateSlug) ?? '' } : null;
  }

  /** Every city page: "{state slug}/{city slug}". */
  cityPaths(): string[] {
    const paths: string[] = [];
    for (const [state, cities] of this.cityTables()) for (const slug of cities.keys()) paths.push(`${state}/${slug}`);
    return paths.sort();
  }

  private cityTables(): Map<string, Map<string, CitySummary>> {
    if (this.cityTable?.version !== this.version) {
      const byState = new Map<string, Map<string, CitySummary>>();
      for (const entry of this.entries) {
        for (const { stateSlug, slug, name } of entry.cities) {
          let cities = byState.get(stateSlug);
          if (!cities) byState.set(stateSlug, (cities = new Map()));
          const city = cities.get(slug);
          if (city) city.count += 1;
          else cities.set(slug, { slug, name, count: 1 });
        }
      }
      this.cityTable = { version: this.version, byState };
    }
    return this.cityTable.byState;
  }

  /**
   * The published services nearest a point, up to `count`, within `maxMiles`, but the one of
   * `excludeId`: "Also near {city}" on a service's page. Only the cells around it are measured.
   */
  nearby(from: { latitude: number; longitude: number }, excludeId: string, count: number, maxMiles: number, now: number): NearCard[] {
    const box = maxMiles / MILES_PER_DEGREE_LATITUDE;
    const found = new NearestFirst<Hit>(count, nearerFirst);
    this.eachCandidate(from, box, false, (entry) => {
      if (entry.card.id === excludeId) return;
      let miles = Infinity;
      for (const p of entry.points) miles = Math.min(miles, milesBetween(from, p));
      // Miles from that service, not from the visitor: how it reaches the visitor is not known here.
      if (miles <= maxMiles) found.offer({ entry, miles, reach: 'nearby' });
    });
    return found.sorted().map((hit) => nearCard(hit, now));
  }

  /** The state page slug of a state's name ("Texas" → "texas"), or null. */
  stateSlugOf(name: string): string | null {
    return this.stateSlugByName.get(normalize(name)) ?? null;
  }

  /** Published services per state slug. */
  counts(): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const entry of this.entries) for (const slug of entry.stateSlugs) counts[slug] = (counts[slug] ?? 0) + 1;
    return counts;
  }

  /** What the sitemap lists: services, states and meal types that have services. */
  sitemap(): { services: string[]; states: string[]; mealTypes: string[]; cities: string[] } {
    const mealTypes = new Set<string>();
    for (const entry of this.entries) for (const slug of entry.mealTypes) if (this.mealTypeNames.has(slug)) mealTypes.add(slug);
    return { services: this.entries.map((e) => e.card.slug), states: Object.keys(this.counts()).sort(), mealTypes: [...mealTypes].sort(), cities: this.cityPaths() };
  }
}
