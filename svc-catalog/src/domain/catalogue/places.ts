import { MAX_PLACE_QUERY } from '@mealprep/contracts';

/**
 * Where a visitor is: a US ZIP code or a city, as a point. Built once from the ZIP table that
 * ships with the service (data-access/us-places.ts); everything here is lookups and arithmetic.
 * Points are kept in typed arrays (about 42,000 ZIPs): a few MB, not an object per ZIP.
 */

/** One ZIP code of the table: its centre and the city and state (USPS code) it belongs to. */
export interface PlaceRow {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
}

export interface Place {
  /** What the visitor named: a ZIP code, or a city (its point is the middle of its ZIP codes). */
  kind: 'zip' | 'city';
  zip: string | null;
  city: string;
  /** USPS code, e.g. "TX". */
  state: string;
  latitude: number;
  longitude: number;
}

/** A place found, or why not: `malformed` when what was typed cannot name a place, else the table does not know it. */
export type PlaceLookup = { place: Place } | { problem: string; malformed: boolean };

const EARTH_RADIUS_MILES = 3958.8;
export const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in miles (haversine). */
export function milesBetween(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const dLat = toRadians(b.latitude - a.latitude);
  const dLng = toRadians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

const cityKey = (city: string, state: string) => `${city.trim().toLowerCase().replace(/\s+/g, ' ')}|${state.toUpperCase()}`;
const isDigits = (text: string) => text.length > 0 && [...text].every((c) => c >= '0' && c <= '9');

export class Places {
  private readonly zipIndex = new Map<string, number>();
  private readonly zips: string[] = [];
  private readonly latitudes: Float32Array;
  private readonly longitudes: Float32Array;
  private readonly cityOf: Uint32Array;
  private readonly cities: Array<{ city: string; state: string; latitude: number; longitude: number }> = [];
  private readonly cityIndex = new Map<string, number>();
  private readonly stateCodes: Map<string, string>;
  private readonly stateNames: Map<string, string>;

  /** `states`: each state's USPS code and name (a city may be given with either). */
  constructor(rows: readonly PlaceRow[], states: ReadonlyArray<{ code: string; name: string }>) {
    this.stateCodes = new Map(
      states.flatMap(
        (s) =>
          [
            [s.code.toLowerCase(), s.code],
            [s.name.toLowerCase(), s.code],
          ] as Array<[string, string]>,
      ),
    );
    this.stateNames = new Map(states.map((s) => [s.code, s.name]));
    const known = rows.filter((row) => this.stateCodes.has(row.state.toLowerCase()) && Number.isFinite(row.latitude) && Number.isFinite(row.longitude));
    this.latitudes = new Float32Array(known.length);
    this.longitudes = new Float32Array(known.length);
    this.cityOf = new Uint32Array(known.length);
    const sums: Array<{ lat: number; lng: number; n: number }> = [];
    for (const [i, row] of known.entries()) {
      this.zipIndex.set(row.zip, i);
      this.zips.push(row.zip);
      this.latitudes[i] = row.latitude;
      this.longitudes[i] = row.longitude;
      const key = cityKey(row.city, row.state);
      let c = this.cityIndex.get(key);
      if (c === undefined) {
        c = this.cities.length;
        this.cityIndex.set(key, c);
        this.cities.push({ city: row.city, state: row.state, latitude: 0, longitude: 0 });
        sums.push({ lat: 0, lng: 0, n: 0 });
      }
      this.cityOf[i] = c;
      sums[c]!.lat += row.latitude;
      sums[c]!.lng += row.longitude;
      sums[c]!.n += 1;
    }
    for (const [c, sum] of sums.entries()) Object.assign(this.cities[c]!, { latitude: sum.lat / sum.n, longitude: sum.lng / sum.n });
  }

  get zipCount(): number {
    return this.zipIndex.size;
  }

  /** A 5-digit ZIP code's point, or null when the table does not know it. */
  byZip(zip: string): Place | null {
    const i = this.zipIndex.get(zip);
    if (i === undefined) return null;
    const city = this.cities[this.cityOf[i]!]!;
    return { kind: 'zip', zip, city: city.city, state: city.state, latitude: this.latitudes[i]!, longitude: this.longitudes[i]! };
  }

  /** The ZIP code whose centre is nearest to a point (what "Use my location" becomes), or null for a point far from every US ZIP code. */
  nearestZip(point: { latitude: number; longitude: number }): Place | null {
    let best = -1;
    let bestMiles = Infinity;
    // A cheap box first: only ZIPs within about 1.5 degrees of latitude are measured.
    for (let i = 0; i < this.zips.length; i += 1) {
      if (Math.abs(this.latitudes[i]! - point.latitude) > 1.5) continue;
      const miles = milesBetween(point, { latitude: this.latitudes[i]!, longitude: this.longitudes[i]! });
      if (miles < bestMiles) {
        bestMiles = miles;
        best = i;
      }
    }
    return best === -1 || bestMiles > 100 ? null : this.byZip(this.zips[best]!);
  }

  /** The USPS code of a state given by code or name ("TX", "Texas"), or null. */
  stateCode(state: string): string | null {
    return this.stateCodes.get(state.trim().toLowerCase()) ?? null;
  }

  /** A state's name by its USPS code ("TX" → "Texas"); the code itself when it names none. */
  stateName(code: string): string {
    return this.stateNames.get(code) ?? code;
  }

  /**
   * Where a location is: the coordinates given (an import's Place Latitude/Longitude), else its
   * ZIP code's centre, else its city's; null when none is known.
   */
  locate(address: { postalCode: string; city: string; region: string }, given?: { latitude: number; longitude: number } | null): { latitude: number; longitude: number } | null {
    if (given && Number.isFinite(given.latitude) && Number.isFinite(given.longitude)) return { latitude: given.latitude, longitude: given.longitude };
    const byZip = address.postalCode ? this.byZip(address.postalCode.trim().slice(0, 5)) : null;
    if (byZip) return { latitude: byZip.latitude, longitude: byZip.longitude };
    const byCity = address.city && address.region ? this.byCity(address.city, address.region) : null;
    return byCity ? { latitude: byCity.latitude, longitude: byCity.longitude } : null;
  }

  /** A city of a state (USPS code or name), or null. */
  byCity(city: string, state: string): Place | null {
    const code = this.stateCodes.get(state.trim().toLowerCase());
    if (!code) return null;
    const c = this.cityIndex.get(cityKey(city, code));
    if (c === undefined) return null;
    const found = this.cities[c]!;
    return { kind: 'city', zip: null, city: found.city, state: found.state, latitude: found.latitude, longitude: found.longitude };
  }

  /**
   * What a visitor typed in "ZIP code or city": "78701", "Austin, TX", "Austin TX" or
   * "Austin, Texas". Read without regular expressions over the text, and refused when longer than
   * MAX_PLACE_QUERY characters.
   */
  find(query: string): PlaceLookup {
    const text = query.trim();
    if (!text) return { problem: 'Enter a ZIP code or a city.', malformed: true };
    if (text.length > MAX_PLACE_QUERY) return { problem: `A place is at most ${MAX_PLACE_QUERY} characters.`, malformed: true };
    if (isDigits(text)) {
      if (text.length !== 5) return { problem: 'A ZIP code has 5 digits.', malformed: true };
      const place = this.byZip(text);
      return place ? { place } : { problem: `We don't know the ZIP code ${text}.`, malformed: false };
    }
    const comma = text.lastIndexOf(',');
    const candidates: Array<[string, string]> = [];
    if (comma > 0) candidates.push([text.slice(0, comma), text.slice(comma + 1)]);
    else {
      // "Austin TX", "Salt Lake City Utah", "Kansas City New York": try each split from the end.
      const words = text.split(' ').filter(Boolean);
      for (let cut = words.length - 1; cut >= 1 && cut >= words.length - 3; cut -= 1) candidates.push([words.slice(0, cut).join(' '), words.slice(cut).join(' ')]);
    }
    for (const [city, state] of candidates) {
      const place = this.byCity(city, state);
      if (place) return { place };
    }
    const named = candidates.find(([, state]) => this.stateCodes.has(state.trim().toLowerCase()));
    if (named) return { problem: `We don't know ${named[0].trim()} in ${named[1].trim()}.`, malformed: false };
    return { problem: 'Enter a 5-digit ZIP code, or a city and its state (for example "Austin, TX").', malformed: true };
  }
}
