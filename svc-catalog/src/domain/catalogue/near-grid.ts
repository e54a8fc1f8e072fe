import { countFilters, type FilterCounts, type ListingFilters, type NearCard, type NearQuery, type NearReach } from '@mealprep/contracts';
import { failedGroups, filterCounts } from './listing-filters-index';
import { NearestFirst } from './nearest-first';
import { milesBetween, toRadians } from './places';
import { byName, isFeatured, type Entry } from './public-entry';

type Point = { latitude: number; longitude: number };
/** A listing a search found, how far and how it reaches the place. */
type Hit = { entry: Entry; miles: number; reach: NearReach };
/** Nearest first; at the same distance, by name. */
const nearerFirst = (a: Hit, b: Hit) => a.miles < b.miles || (a.miles === b.miles && byName(a.entry, b.entry) < 0);
/** A found listing's card, with its distance (a tenth of a mile; null when it has no known location). */
const nearCard = ({ entry, miles, reach }: Hit, now: number): NearCard => ({
  ...entry.card,
  featured: isFeatured(entry, now),
  distanceMiles: Number.isFinite(miles) ? Math.round(miles * 10) / 10 : null,
  reach,
});

export type NearPage = { items: NearCard[]; total: number; page: number; pageSize: number; pageCount: number };
/** What a near-me search reads of its query. */
export type NearSearch = Pick<NearQuery, 'radius' | 'mealType' | 'delivery' | 'page' | 'shipPage' | 'pageSize'> &
  Partial<Pick<NearQuery, 'meal' | 'price' | 'rating' | 'pause' | 'allergen' | 'facets'>>;
/** Miles per degree of latitude: a point more than radius / this degrees north or south is out of reach. */
const MILES_PER_DEGREE_LATITUDE = 69;

/**
 * The near-me lookups of the public index: its entries by the 1° cell of each location, and those
 * that ship, so a search measures only the listings around a point. Each call is given the index's
 * entries and their version; the cells are built again on the first search after a change.
 */
export class NearGrid {
  /** Entries by the 1° cell of each location, and those that ship, for near-me search (see eachCandidate). */
  private spatial: { version: number; cells: Map<string, Entry[]>; shippers: Entry[] } | null = null;
  /** How many near-me searches ran: each marks the entries it measured with its number. */
  private searches = 0;

  /**
   * Services that reach a point: within `radius` miles, nearest first, each with how it reaches
   * it (delivers there when its own delivery radius reaches, else pickup, else ships, else only
   * based nearby); and, apart, the services that ship to the whole country from farther away.
   * Only the listings in the 1° cells around the point and those that ship are measured; of the
   * matches only the page asked for is put in order (NearestFirst), the rest only counted.
   * `filters` (delivery left out) narrow the matches; `mealTypes` are the meal types the counts name.
   */
  near(
    entries: readonly Entry[],
    version: number,
    point: Point,
    query: NearSearch,
    filters: ListingFilters,
    mealTypes: readonly string[],
    now: number,
  ): { local: NearPage; nationwide: NearPage; facets?: FilterCounts } {
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
    this.eachCandidate(entries, version, point, box, true, (entry) => {
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
      ...(reaching ? { facets: filterCounts(reaching, filters, mealTypes) } : {}),
    };
  }

  /**
   * The published services nearest a point, up to `count`, within `maxMiles`, but the one of
   * `excludeId`: "Also near {city}" on a service's page. Only the cells around it are measured.
   */
  nearby(entries: readonly Entry[], version: number, from: Point, excludeId: string, count: number, maxMiles: number, now: number): NearCard[] {
    const box = maxMiles / MILES_PER_DEGREE_LATITUDE;
    const found = new NearestFirst<Hit>(count, nearerFirst);
    this.eachCandidate(entries, version, from, box, false, (entry) => {
      if (entry.card.id === excludeId) return;
      let miles = Infinity;
      for (const p of entry.points) miles = Math.min(miles, milesBetween(from, p));
      // Miles from that service, not from the visitor: how it reaches the visitor is not known here.
      if (miles <= maxMiles) found.offer({ entry, miles, reach: 'nearby' });
    });
    return found.sorted().map((hit) => nearCard(hit, now));
  }

  /**
   * Calls `visit` once for each entry a search around a point must measure: those with a location
   * in the 1° cells the search's box touches and, with `shippers`, every one that ships (it may
   * ship there from anywhere). An entry in several cells, or a shipper in one, is visited once
   * (marked with the search's number, not gathered in a set). The cells are built again on the
   * first search after a change (one pass), not on every search.
   */
  private eachCandidate(entries: readonly Entry[], version: number, point: Point, box: number, shippers: boolean, visit: (entry: Entry) => void): void {
    if (this.spatial?.version !== version) {
      const cells = new Map<string, Entry[]>();
      for (const entry of entries) {
        for (const p of entry.points) {
          const key = `${Math.floor(p.latitude)}:${Math.floor(p.longitude)}`;
          const cell = cells.get(key);
          if (cell) cell.push(entry);
          else cells.set(key, [entry]);
        }
      }
      this.spatial = { version, cells, shippers: entries.filter((e) => e.ships) };
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
}
