/**
 * Builders for the domain's unit tests beside the code: ids, people, listings and their locations,
 * a small ZIP table, the meal types and states as their repositories give them, and the refusal a
 * call ends in. Nothing here opens a connection: data-access modules are imported for their types only.
 */
import { EMPTY_OFFER, type Identity, type MealType } from '@mealprep/contracts';
import type { GeoRegionRepository } from '../data-access/geo-region-repository';
import type { MealTypeRepository } from '../data-access/meal-type-repository';
import type { StoredService } from '../data-access/service-mapping';
import { MEAL_TYPE_SEED } from '../domain/catalogue/meal-type-catalogue';
import { Places, type PlaceRow } from '../domain/catalogue/places';
import { US_STATE_CODES, US_STATES } from '../domain/catalogue/us-states';

let lastId = 0;
/** A fresh id shaped like a database id (24 hex digits). */
export const newId = () => (++lastId).toString(16).padStart(24, 'a');

export const person = (userId: string, email = `${userId}@example.com`): Identity => ({ userId, email, roles: [] });
export const staff = (userId = 'admin-1', email = `${userId}@staff.example.com`): Identity => ({ userId, email, roles: ['admin'] });

export type Location = StoredService['locations'][number];

/** A location in a city (a state's name as region), with or without a point. */
export function location(city: string, region: string, options: { postalCode?: string; point?: { latitude: number; longitude: number } | null; isPrimary?: boolean } = {}): Location {
  return {
    label: '',
    address: { line1: '', city, region, postalCode: options.postalCode ?? '', countryCode: 'US' },
    isPrimary: options.isPrimary ?? true,
    point: options.point ?? null,
  };
}

/** A stored listing: published, nobody's, no locations, unless told otherwise. */
export function listing(overrides: Partial<StoredService> = {}): StoredService {
  const name = overrides.name ?? 'Green Fork Kitchen';
  return {
    id: newId(),
    name,
    slug: name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, ''),
    tagline: '',
    description: '',
    defaultCurrency: 'USD',
    languages: ['en'],
    mealTypes: [],
    status: 'published',
    featuredUntil: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    publishedAt: '2026-01-01T00:00:00.000Z',
    deliveryMethods: { localDelivery: false, pickup: false, shipsDomestically: false, shipsInternationally: false },
    deliveryRadiusMiles: 15,
    contact: { email: '', phone: '', website: '', socialLinks: [] },
    locations: [],
    media: { logoImageId: null },
    offer: EMPTY_OFFER,
    rating: { average: null, count: 0 },
    ownerUserId: null,
    metadata: {},
    version: 1,
    ...overrides,
  };
}

/** A few real ZIP codes (their centres), and two rows the table must leave out (unknown state, no point). */
export const PLACE_ROWS: PlaceRow[] = [
  { zip: '78701', latitude: 30.2711, longitude: -97.7437, city: 'Austin', state: 'TX' },
  { zip: '78702', latitude: 30.2633, longitude: -97.7145, city: 'Austin', state: 'TX' },
  { zip: '78664', latitude: 30.5146, longitude: -97.6689, city: 'Round Rock', state: 'TX' },
  { zip: '75201', latitude: 32.7876, longitude: -96.7994, city: 'Dallas', state: 'TX' },
  { zip: '77002', latitude: 29.7559, longitude: -95.3573, city: 'Houston', state: 'TX' },
  { zip: '10001', latitude: 40.7506, longitude: -73.9972, city: 'New York', state: 'NY' },
  { zip: '11201', latitude: 40.694, longitude: -73.9903, city: 'Brooklyn', state: 'NY' },
  { zip: '64105', latitude: 39.1027, longitude: -94.5862, city: 'Kansas City', state: 'MO' },
  { zip: '66101', latitude: 39.1155, longitude: -94.6268, city: 'Kansas City', state: 'KS' },
  { zip: '84101', latitude: 40.7566, longitude: -111.899, city: 'Salt Lake City', state: 'UT' },
  { zip: '96813', latitude: 21.3129, longitude: -157.858, city: 'Honolulu', state: 'HI' },
  { zip: '99999', latitude: 45, longitude: -100, city: 'Nowhere', state: 'ZZ' },
  { zip: '00000', latitude: Number.NaN, longitude: -97, city: 'Broken', state: 'TX' },
];

export const places = () => new Places(PLACE_ROWS, US_STATE_CODES);

/** The starting meal types as the repository lists them (with ids). */
export const MEAL_TYPES: MealType[] = MEAL_TYPE_SEED.map((m, i) => ({ id: `meal-type-${i}`, ...m }));

/** The meal types and states as their repositories give them. */
export const mealTypeRepository = (list: MealType[] = MEAL_TYPES) =>
  ({
    list: async () => list,
    findBySlug: async (slug: string) => list.find((m) => m.slug === slug) ?? null,
    count: async () => list.length,
  }) as unknown as MealTypeRepository;

export const regionRepository = () =>
  ({
    listByCountry: async (code: string) => (code === 'US' ? US_STATES : []),
    findBySlug: async (slug: string) => US_STATES.find((s) => s.slug === slug) ?? null,
  }) as unknown as GeoRegionRepository;

/** The error a promise is refused with (fails when it is not refused). */
export async function refusal(promise: Promise<unknown>): Promise<{ code: string; status: number; message: string; details?: Array<{ path: string; message: string }> }> {
  try {
    await promise;
  } catch (err) {
    return err as { code: string; status: number; message: string };
  }
  throw new Error('expected a refusal, and it was done');
}

/** The error a call throws (fails when it does not throw). */
export function thrown(run: () => unknown): { code: string; status: number; message: string; details?: Array<{ path: string; message: string }> } {
  try {
    run();
  } catch (err) {
    return err as { code: string; status: number; message: string };
  }
  throw new Error('expected a refusal, and it was done');
}
