import { slugify, type CitySummary } from '@mealprep/contracts';
import type { StoredService } from '../../data-access/service-mapping';
import type { Places } from './places';
import { collator, normalize, type Entry } from './public-entry';

type CityPlace = { stateSlug: string; slug: string };

/** The city page an address belongs to (`stateSlugByName`: state slugs by normalized state name): its state's slug and its city's; null without either. */
export function cityOf(address: { city: string; region: string }, stateSlugByName: ReadonlyMap<string, string>): CityPlace | null {
  const stateSlug = stateSlugByName.get(normalize(address.region));
  const slug = slugify(normalize(address.city.trim()));
  return stateSlug && slug ? { stateSlug, slug } : null;
}

/** Each location's city once (`where`: its city page); a city the ZIP table knows takes the table's spelling. */
export function citiesOf(service: StoredService, where: (address: { city: string; region: string }) => CityPlace | null, places: Places): Entry['cities'] {
  const found = new Map<string, Entry['cities'][number]>();
  for (const { address } of service.locations) {
    const place = where(address);
    if (!place || found.has(`${place.stateSlug}/${place.slug}`)) continue;
    const city = address.city.trim();
    found.set(`${place.stateSlug}/${place.slug}`, { ...place, name: places.byCity(city, address.region)?.city ?? city });
  }
  return [...found.values()];
}

/**
 * The cities with published services per state slug, each with how many: what the city pages and
 * the sitemap read. Each call is given the index's entries and their version; the tables are built
 * again on the first read after a change.
 */
export class CityTables {
  private table: { version: number; byState: Map<string, Map<string, CitySummary>> } | null = null;

  /** The cities of a state that have published services, by name. */
  citiesOf(entries: readonly Entry[], version: number, stateSlug: string): CitySummary[] {
    return [...(this.byState(entries, version).get(stateSlug)?.values() ?? [])].sort((a, b) => collator.compare(a.name, b.name));
  }

  /** One city of a state with its published services counted; null when it has none. */
  city(entries: readonly Entry[], version: number, stateSlug: string, citySlug: string): CitySummary | null {
    return this.byState(entries, version).get(stateSlug)?.get(citySlug) ?? null;
  }

  /** Every city page: "{state slug}/{city slug}". */
  paths(entries: readonly Entry[], version: number): string[] {
    const paths: string[] = [];
    for (const [state, cities] of this.byState(entries, version)) for (const slug of cities.keys()) paths.push(`${state}/${slug}`);
    return paths.sort();
  }

  private byState(entries: readonly Entry[], version: number): Map<string, Map<string, CitySummary>> {
    if (this.table?.version !== version) {
      const byState = new Map<string, Map<string, CitySummary>>();
      for (const entry of entries) {
        for (const { stateSlug, slug, name } of entry.cities) {
          let cities = byState.get(stateSlug);
          if (!cities) byState.set(stateSlug, (cities = new Map()));
          const city = cities.get(slug);
          if (city) city.count += 1;
          else cities.set(slug, { slug, name, count: 1 });
        }
      }
      this.table = { version, byState };
    }
    return this.table.byState;
  }
}
