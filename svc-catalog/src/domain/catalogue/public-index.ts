import { cardCover, ratingScore, type CitySummary, type FilterCounts, type GeoRegion, type ListingFilters, type MealType, type NearCard, type ServiceList } from '@mealprep/contracts';
import type { StoredService } from '../../data-access/service-mapping';
import { CityTables, citiesOf, cityOf } from './city-tables';
import { listPage, readFilters, type FilterParams, type ListQuery } from './listing-filters-index';
import { NearGrid, type NearPage, type NearSearch } from './near-grid';
import type { Places } from './places';
import { byName, normalize, sortedPlace, type Entry } from './public-entry';

export { normalize, sortedPlace } from './public-entry';
export type { ListQuery } from './listing-filters-index';

/** The coordinates an import gave (the file's Place Latitude/Longitude), kept in the listing's metadata. */
function placeGiven(metadata: Record<string, unknown>): { latitude: number; longitude: number } | null {
  const place = metadata.place as { latitude?: unknown; longitude?: unknown } | null | undefined;
  return place && typeof place.latitude === 'number' && typeof place.longitude === 'number' ? { latitude: place.latitude, longitude: place.longitude } : null;
}

/**
 * The published catalogue held in memory, sorted by name, so every public list is answered
 * without a database round trip. Built whole at start; then each change to a service moves,
 * adds or drops that one entry. The lists with their filter counts (listing-filters-index), the
 * near-me lookups (near-grid) and the city pages (city-tables) read its entries.
 */
export class PublicIndex {
  private entries: Entry[] = [];
  private byId = new Map<string, Entry>();
  private stateNames = new Map<string, string>();
  private stateSlugByName = new Map<string, string>();
  private mealTypeNames = new Map<string, string>();
  private version = 0;
  /** Entries by where they are, for near-me search; built again on the first search after a change. */
  private readonly grid = new NearGrid();
  /** Cities with published services per state slug, built again on the first read after a change. */
  private readonly cityTables = new CityTables();

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
        cover: cardCover(service.media),
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
      cities: citiesOf(service, (address) => this.cityOf(address), this.places),
      delivers: service.deliveryMethods.localDelivery,
      pickup: service.deliveryMethods.pickup,
      deliveryRadiusMiles: service.deliveryRadiusMiles,
      searchText: normalize([service.name, ...cities, ...states, ...service.mealTypes, ...mealTypeNames].join(' | ')),
    };
  }

  /** The city page an address belongs to: its state's slug and its city's; null without either. */
  cityOf(address: { city: string; region: string }): { stateSlug: string; slug: string } | null {
    return cityOf(address, this.stateSlugByName);
  }

  hasState(slug: string): boolean {
    return this.stateNames.has(slug);
  }

  hasMealType(slug: string): boolean {
    return this.mealTypeNames.has(slug);
  }

  /** The filters of a query, read leniently; meal types the catalogue does not know are left out. */
  filtersOf(query: FilterParams): ListingFilters {
    return readFilters(query, (slug) => this.mealTypeNames.has(slug));
  }

  query(query: ListQuery, now: number): ServiceList {
    return listPage(this.entries, query, this.filtersOf(query), [...this.mealTypeNames.keys()], now);
  }

  /**
   * Services that reach a point: within `radius` miles, nearest first, each with how it reaches
   * it, and apart those that ship to the whole country from farther away (see NearGrid.near).
   */
  near(point: { latitude: number; longitude: number }, query: NearSearch, now: number): { local: NearPage; nationwide: NearPage; facets?: FilterCounts } {
    const filters = { ...this.filtersOf(query), delivery: [] };
    return this.grid.near(this.entries, this.version, point, query, filters, [...this.mealTypeNames.keys()], now);
  }

  /** The cities of a state that have published services, by name; null for a state there is not. */
  cities(stateSlug: string): CitySummary[] | null {
    if (!this.stateNames.has(stateSlug)) return null;
    return this.cityTables.citiesOf(this.entries, this.version, stateSlug);
  }

  /** One city of a state with its published services counted; null when it has none. */
  city(stateSlug: string, citySlug: string): (CitySummary & { stateName: string }) | null {
    const city = this.cityTables.city(this.entries, this.version, stateSlug, citySlug);
    return city ? { ...city, stateName: this.stateNames.get(stateSlug) ?? '' } : null;
  }

  /** Every city page: "{state slug}/{city slug}". */
  cityPaths(): string[] {
    return this.cityTables.paths(this.entries, this.version);
  }

  /**
   * The published services nearest a point, up to `count`, within `maxMiles`, but the one of
   * `excludeId`: "Also near {city}" on a service's page. Only the cells around it are measured.
   */
  nearby(from: { latitude: number; longitude: number }, excludeId: string, count: number, maxMiles: number, now: number): NearCard[] {
    return this.grid.nearby(this.entries, this.version, from, excludeId, count, maxMiles, now);
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
