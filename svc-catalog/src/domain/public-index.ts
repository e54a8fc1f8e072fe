import type { GeoRegion, MealType, ServiceCard, ServiceList, ServiceListQuery } from '@mealprep/contracts';
import type { StoredService } from '../data-access/service-mapping';

interface Entry {
  card: Omit<ServiceCard, 'featured'>;
  stateSlugs: string[];
  mealTypes: string[];
  ships: boolean;
  featuredUntil: number | null;
  /** Name, cities, states and meal type names, lowercased, for search. */
  searchText: string;
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

  get size(): number {
    return this.entries.length;
  }

  /** Bumped on every rebuild; response caches key on it. */
  get generation(): number {
    return this.version;
  }

  rebuild(published: StoredService[], regions: GeoRegion[], mealTypes: MealType[]): void {
    this.stateNames = new Map(regions.map((r) => [r.slug, r.name]));
    this.stateSlugByName = new Map(regions.map((r) => [normalize(r.name), r.slug]));
    this.mealTypeNames = new Map(mealTypes.map((m) => [m.slug, m.name]));
    this.entries = published.map((service) => this.toEntry(service)).sort(byName);
    this.byId = new Map(this.entries.map((e) => [e.card.id, e]));
    this.version += 1;
  }

  /** A service changed: its entry is put in its place when it is published, and dropped otherwise. */
  upsert(service: StoredService): void {
    this.drop(service.id);
    if (service.status === 'published') {
      const entry = this.toEntry(service);
      this.entries.splice(sortedPlace(this.entries, entry, byName), 0, entry);
      this.byId.set(service.id, entry);
    }
    this.version += 1;
  }

  /** A service is gone. */
  remove(id: string): void {
    this.drop(id);
    this.version += 1;
  }

  private drop(id: string): void {
    const entry = this.byId.get(id);
    if (!entry) return;
    const at = sortedPlace(this.entries, entry, byName);
    if (this.entries[at] === entry) this.entries.splice(at, 1);
    else this.entries.splice(this.entries.indexOf(entry), 1);
    this.byId.delete(id);
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
      },
      stateSlugs: states.map((name) => this.stateSlugByName.get(normalize(name))).filter((s): s is string => Boolean(s)),
      mealTypes: service.mealTypes,
      ships: service.deliveryMethods.shipsDomestically,
      featuredUntil: service.featuredUntil ? Date.parse(service.featuredUntil) : null,
      searchText: normalize([service.name, ...cities, ...states, ...service.mealTypes, ...mealTypeNames].join(' | ')),
    };
  }

  hasState(slug: string): boolean {
    return this.stateNames.has(slug);
  }

  hasMealType(slug: string): boolean {
    return this.mealTypeNames.has(slug);
  }

  query(query: ServiceListQuery, now: number): ServiceList {
    const words = query.q ? normalize(query.q).split(/\s+/).filter(Boolean).slice(0, 10) : [];
    const matches = this.entries.filter(
      (e) =>
        (!query.state || e.stateSlugs.includes(query.state)) &&
        (!query.mealType || e.mealTypes.includes(query.mealType)) &&
        (query.shipping === undefined || e.ships === query.shipping) &&
        (query.featured === undefined || (e.featuredUntil !== null && e.featuredUntil >= now) === query.featured) &&
        words.every((w) => e.searchText.includes(w)),
    );
    const start = (query.page - 1) * query.pageSize;
    return {
      items: matches.slice(start, start + query.pageSize).map((e) => ({
        ...e.card,
        featured: e.featuredUntil !== null && e.featuredUntil >= now,
      })),
      total: matches.length,
      page: query.page,
      pageSize: query.pageSize,
      pageCount: Math.ceil(matches.length / query.pageSize),
    };
  }

  /** Published services per state slug. */
  counts(): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const entry of this.entries) for (const slug of entry.stateSlugs) counts[slug] = (counts[slug] ?? 0) + 1;
    return counts;
  }

  /** What the sitemap lists: services, states and meal types that have services. */
  sitemap(): { services: string[]; states: string[]; mealTypes: string[] } {
    const mealTypes = new Set<string>();
    for (const entry of this.entries) for (const slug of entry.mealTypes) if (this.mealTypeNames.has(slug)) mealTypes.add(slug);
    return { services: this.entries.map((e) => e.card.slug), states: Object.keys(this.counts()).sort(), mealTypes: [...mealTypes].sort() };
  }
}
