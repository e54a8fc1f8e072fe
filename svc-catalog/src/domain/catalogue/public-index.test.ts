import fc from 'fast-check';
import type { AllergenFriendly, NearQuery, ServiceListQuery } from '@mealprep/contracts';
import type { StoredService } from '../../data-access/service-mapping';
import { PublicIndex } from './public-index';
import { listing, location, MEAL_TYPES, places } from '../../testing/builders';
import { US_STATES } from './us-states';

const NOW = Date.parse('2026-06-01T12:00:00.000Z');
const AUSTIN = { latitude: 30.2711, longitude: -97.7437 };
const delivery = (flags: Partial<StoredService['deliveryMethods']>) => ({ localDelivery: false, pickup: false, shipsDomestically: false, shipsInternationally: false, ...flags });

function indexOf(services: StoredService[]): PublicIndex {
  const index = new PublicIndex(places());
  index.rebuild(services, US_STATES, MEAL_TYPES);
  return index;
}
const list = (index: PublicIndex, query: Partial<ServiceListQuery> = {}) => index.query({ page: 1, pageSize: 50, ...query }, NOW);
const names = (index: PublicIndex, query: Partial<ServiceListQuery> = {}) => list(index, query).items.map((i) => i.name);

const catalogue = [
  listing({ name: 'Green Fork Kitchen', mealTypes: ['keto', 'vegan'], locations: [location('Austin', 'Texas')], featuredUntil: '2026-06-01T12:00:00.000Z' }),
  listing({ name: 'Basil Box', slug: 'basil-box-dallas', mealTypes: ['paleo'], locations: [location('Dallas', 'Texas')], deliveryMethods: delivery({ shipsDomestically: true }) }),
  listing({ name: 'Basil Box', slug: 'basil-box-austin', locations: [location('Austin', 'Texas')] }),
  listing({ name: 'Kitchen 10', locations: [location('Houston', 'Texas')], featuredUntil: '2026-05-31T12:00:00.000Z' }),
  listing({ name: 'Kitchen 2', locations: [location('Houston', 'Texas')] }),
  listing({ name: 'Café Olé', slug: 'cafe-ole', mealTypes: ['gluten-free'], locations: [location('Brooklyn', 'New York')] }),
  listing({ name: 'apple bowls', locations: [location('Austin', 'Texas'), location('Houston', 'Texas', { isPrimary: false }), location('Austin', 'Texas', { isPrimary: false })] }),
  listing({ name: 'Kansas City Greens', locations: [location('Kansas City', 'Missouri')] }),
];

describe('the public lists', () => {
  it('when services are listed, then they come by name (any case, numbers as numbers), and the same name by slug', () => {
    expect(list(indexOf(catalogue)).items.map((i) => i.slug)).toEqual([
      'apple-bowls',
      'basil-box-austin',
      'basil-box-dallas',
      'cafe-ole',
      'green-fork-kitchen',
      'kansas-city-greens',
      'kitchen-2',
      'kitchen-10',
    ]);
  });

  it("when a state's page lists services, then each with a location there is listed once, and the state counts it once", () => {
    const index = indexOf(catalogue);
    expect(names(index, { state: 'texas' })).toEqual(['apple bowls', 'Basil Box', 'Basil Box', 'Green Fork Kitchen', 'Kitchen 2', 'Kitchen 10']);
    expect(names(index, { state: 'new-york' })).toEqual(['Café Olé']);
    expect(index.counts()).toEqual({ texas: 6, 'new-york': 1, missouri: 1 });
  });

  it("when a city page lists services, then it is the city's within its state; without a state, that city in any state", () => {
    const index = indexOf([...catalogue, listing({ name: 'Austin Nevada Eats', locations: [location('Austin', 'Nevada')] })]);
    expect(names(index, { state: 'texas', city: 'austin' })).toEqual(['apple bowls', 'Basil Box', 'Green Fork Kitchen']);
    expect(names(index, { city: 'austin' })).toEqual(['apple bowls', 'Austin Nevada Eats', 'Basil Box', 'Green Fork Kitchen']);
    expect(names(index, { state: 'new-york', city: 'austin' })).toEqual([]);
  });

  it('when the list is filtered by meal type or by shipping, then only those that match are listed', () => {
    const index = indexOf(catalogue);
    expect(names(index, { mealType: 'keto' })).toEqual(['Green Fork Kitchen']);
    expect(names(index, { shipping: true })).toEqual(['Basil Box']);
    expect(names(index, { shipping: false })).toHaveLength(catalogue.length - 1);
  });

  it('when featured services are asked, then a service is featured until the very moment its featuring ends, and not after', () => {
    const index = indexOf(catalogue);
    expect(names(index, { featured: true })).toEqual(['Green Fork Kitchen']);
    expect(list(index).items.find((i) => i.name === 'Kitchen 10')?.featured).toBe(false);
    expect(names(index, { featured: false })).not.toContain('Green Fork Kitchen');
  });

  it('when a visitor searches, then every word must be in the name, a city, a state or a meal type, in any case and without accents', () => {
    const index = indexOf(catalogue);
    expect(names(index, { q: 'CAFE ole' })).toEqual(['Café Olé']);
    expect(names(index, { q: 'gluten' })).toEqual(['Café Olé']);
    expect(names(index, { q: 'basil dallas' })).toEqual(['Basil Box']);
    expect(names(index, { q: 'basil houston' })).toEqual([]);
    expect(names(index, { q: 'new york' })).toEqual(['Café Olé']);
  });

  it('when a search has more than ten words, then only the first ten are looked for', () => {
    const index = indexOf(catalogue);
    expect(names(index, { q: `${'kitchen '.repeat(10)}nowhere` })).toEqual(['Green Fork Kitchen', 'Kitchen 2', 'Kitchen 10']);
  });

  it('when a list is paged, then each page holds its part, with the total and the number of pages; a page past the end is empty', () => {
    const index = indexOf(catalogue);
    const second = index.query({ page: 2, pageSize: 3 }, NOW);
    expect(second.items.map((i) => i.slug)).toEqual(['cafe-ole', 'green-fork-kitchen', 'kansas-city-greens']);
    expect([second.total, second.pageCount]).toEqual([8, 3]);
    expect(index.query({ page: 9, pageSize: 3 }, NOW).items).toEqual([]);
  });
});

describe('filters and counts on every list', () => {
  const offer = (low: number | null, pause: boolean | null, allergens: AllergenFriendly[] = []): StoredService['offer'] => ({
    pricePerMeal: low === null ? null : { low, high: low + 3 },
    plans: null,
    pauseAnyTime: pause,
    deliveryDays: [],
    orderCutoff: null,
    minimumOrderMeals: null,
    allergenFriendly: allergens,
    menuUrl: '',
  });
  const texas = [
    listing({
      name: 'Keto Ships',
      mealTypes: ['keto'],
      locations: [location('Austin', 'Texas')],
      deliveryMethods: delivery({ shipsDomestically: true }),
      offer: offer(11, true, ['gluten-free']),
      rating: { average: 4.6, count: 9 },
    }),
    listing({
      name: 'Keto Local',
      mealTypes: ['keto', 'paleo'],
      locations: [location('Dallas', 'Texas')],
      deliveryMethods: delivery({ localDelivery: true }),
      offer: offer(9, false),
      rating: { average: 3.2, count: 4 },
    }),
    listing({
      name: 'Dear Keto',
      mealTypes: ['keto'],
      locations: [location('Houston', 'Texas')],
      deliveryMethods: delivery({ shipsDomestically: true }),
      offer: offer(14, true, ['gluten-free', 'nut-free']),
      rating: { average: 4.9, count: 30 },
    }),
    listing({ name: 'Vegan Pickup', mealTypes: ['vegan'], locations: [location('Austin', 'Texas')], deliveryMethods: delivery({ pickup: true }), offer: offer(null, null) }),
    listing({
      name: 'Paleo Ships',
      mealTypes: ['paleo'],
      locations: [location('El Paso', 'Texas')],
      deliveryMethods: delivery({ shipsDomestically: true }),
      offer: offer(10, true, ['gluten-free']),
      rating: { average: 4.1, count: 2 },
    }),
  ];
  const index = indexOf(texas);
  const query = (q: Partial<ServiceListQuery>) => list(index, { state: 'texas', ...q });

  it('when a list is filtered by keto, ships and at most $12 a meal, then exactly the listings that match are listed, and each choice says how many it would leave', () => {
    const found = query({ meal: 'keto', delivery: 'ships', price: '12', facets: true });
    expect(found.items.map((c) => c.name)).toEqual(['Keto Ships']);
    expect(found.total).toBe(1);
    expect(found.facets).toMatchObject({
      // Meal types are any of: adding paleo to keto would take in Paleo Ships too.
      meal: { keto: 1, paleo: 1, vegan: 0 },
      // Delivery is any of: local would add Keto Local.
      delivery: { ships: 1, local: 1, pickup: 0 },
      // A threshold counts everything under it (Dear Keto is $14).
      price: { '8': 0, '10': 0, '12': 1, '15': 2, '20': 2 },
      rating: { '3': 1, '4': 1, '4.5': 1 },
      pause: 1,
      // Allergens are every one of: what the list has now.
      allergen: { 'gluten-free': 1, 'nut-free': 0 },
    });
  });

  it('when several values of one filter are chosen, then a listing with any of them is listed; allergens need every one; rating and pause narrow', () => {
    expect(query({ meal: ['keto', 'vegan'] }).items.map((c) => c.name)).toEqual(['Dear Keto', 'Keto Local', 'Keto Ships', 'Vegan Pickup']);
    expect(query({ allergen: 'gluten-free,nut-free' }).items.map((c) => c.name)).toEqual(['Dear Keto']);
    expect(query({ rating: '4.5' }).items.map((c) => c.name)).toEqual(['Dear Keto', 'Keto Ships']);
    expect(query({ pause: 'yes' }).items.map((c) => c.name)).toEqual(['Dear Keto', 'Keto Ships', 'Paleo Ships']);
  });

  it('when filter values do not exist, repeat or are not numbers, then they are ignored and the plain list is answered', () => {
    const plain = query({}).items.map((c) => c.name);
    const bent: Array<Partial<ServiceListQuery>> = [
      { meal: 'no-such-diet' },
      { delivery: 'teleport' },
      { price: '-5' },
      { price: '11' },
      { rating: 'five' },
      { pause: 'maybe' },
      { allergen: 'sugar-free' },
    ];
    for (const q of bent) expect([q, query(q).items.map((c) => c.name)]).toEqual([q, plain]);
    // The same meal type three times is one.
    expect(query({ meal: ['keto', 'keto', 'KETO'] }).items.map((c) => c.name)).toEqual(['Dear Keto', 'Keto Local', 'Keto Ships']);
  });

  it('when a list is sorted by rating, then the best rated come first (more reviews first at the same average), unrated last', () => {
    expect(query({ sort: 'rating' }).items.map((c) => c.name)).toEqual(['Dear Keto', 'Keto Ships', 'Paleo Ships', 'Keto Local', 'Vegan Pickup']);
    expect(query({ sort: 'rating' }).items[0]?.rating).toEqual({ average: 4.9, count: 30 });
  });

  it('when one listing has a single 5-star review and others many good ones, then "Best rated" puts the many first and "4.5 stars and up" needs more than one review', () => {
    const ohio = [
      listing({ name: 'One Happy Friend', locations: [location('Columbus', 'Ohio')], rating: { average: 5, count: 1 } }),
      listing({ name: 'Loved By Many', locations: [location('Dayton', 'Ohio')], rating: { average: 4.6, count: 40 } }),
      listing({ name: 'Liked By Some', locations: [location('Akron', 'Ohio')], rating: { average: 4.5, count: 6 } }),
      listing({ name: 'Two Fans', locations: [location('Toledo', 'Ohio')], rating: { average: 5, count: 2 } }),
    ];
    const inOhio = (q: Partial<ServiceListQuery>) => list(indexOf(ohio), { state: 'ohio', ...q });
    expect(inOhio({ sort: 'rating' }).items.map((c) => c.name)).toEqual(['Loved By Many', 'Liked By Some', 'Two Fans', 'One Happy Friend']);
    expect(inOhio({ rating: '4.5', facets: true }).items.map((c) => c.name)).toEqual(['Liked By Some', 'Loved By Many', 'Two Fans']);
    expect(inOhio({ facets: true }).facets?.rating).toEqual({ '3': 3, '4': 3, '4.5': 3 });
  });

  it('when no facets are asked for, then none are counted', () => {
    expect(query({ meal: 'keto' }).facets).toBeUndefined();
  });
});

describe('keeping the lists current', () => {
  it('when a listing is unpublished or deleted, then it leaves the lists; when renamed, it moves to its new place', () => {
    const index = indexOf(catalogue);
    const [greenFork, , , kitchen10] = catalogue;
    index.upsert({ ...greenFork!, status: 'closed' });
    index.remove(kitchen10!.id);
    index.upsert({ ...catalogue[7]!, name: 'Zucchini Corner' });
    expect(names(index)).toEqual(['apple bowls', 'Basil Box', 'Basil Box', 'Café Olé', 'Kitchen 2', 'Zucchini Corner']);
  });

  it('when a draft nobody sees is saved, then nothing that visitors see changes (the generation stays)', () => {
    const index = indexOf(catalogue);
    const before = index.generation;
    index.upsert(listing({ name: 'Secret Draft', status: 'draft' }));
    index.remove('no-such-id');
    expect(index.generation).toBe(before);
    index.upsert(listing({ name: 'Brand New' }));
    expect(index.generation).toBe(before + 1);
    expect(names(index, { q: 'brand' })).toEqual(['Brand New']);
  });

  it('property: after any series of publishes, changes and removals, the list is sorted by name and holds each published service once', () => {
    const nameOf = fc.constantFrom('Alpha', 'beta', 'Gamma 2', 'Gamma 10', 'delta', 'Épice');
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 5 }), nameOf, fc.constantFrom('published', 'draft', 'removed')), { maxLength: 40 }), (steps) => {
        const index = indexOf([]);
        const ids = Array.from({ length: 6 }, (_, i) => `id-${i}`);
        const expected = new Map<string, string>();
        for (const [which, name, status] of steps) {
          const id = ids[which]!;
          if (status === 'removed') {
            index.remove(id);
            expected.delete(id);
          } else {
            index.upsert(listing({ id, name, slug: id, status: status as StoredService['status'] }));
            if (status === 'published') expected.set(id, name);
            else expected.delete(id);
          }
        }
        const items = list(index).items;
        expect(items.map((i) => i.id).sort()).toEqual([...expected.keys()].sort());
        const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
        for (let i = 1; i < items.length; i += 1) expect(collator.compare(items[i - 1]!.name, items[i]!.name) || (items[i - 1]!.slug < items[i]!.slug ? -1 : 1)).toBeLessThan(0);
      }),
      { numRuns: 150 },
    );
  });
});

describe('city pages', () => {
  it("when a state's cities are listed, then each city with published services comes once, by name, spelled as the ZIP table spells it, counted", () => {
    const index = indexOf(catalogue);
    expect(index.cities('texas')).toEqual([
      { slug: 'austin', name: 'Austin', count: 3 },
      { slug: 'dallas', name: 'Dallas', count: 1 },
      { slug: 'houston', name: 'Houston', count: 3 },
    ]);
    expect(index.cities('alaska')).toEqual([]);
    expect(indexOf([listing({ locations: [location('  round rock ', 'Texas')] })]).cities('texas')).toEqual([{ slug: 'round-rock', name: 'Round Rock', count: 1 }]);
    expect(index.cities('atlantis')).toBeNull();
  });

  it('when a city has no published service, then it has no page; one that has gets its state name', () => {
    const index = indexOf(catalogue);
    expect(index.city('texas', 'el-paso')).toBeNull();
    expect(index.city('texas', 'dallas')).toEqual({ slug: 'dallas', name: 'Dallas', count: 1, stateName: 'Texas' });
    expect(index.cityOf({ city: ' Kansas City ', region: 'missouri' })).toEqual({ stateSlug: 'missouri', slug: 'kansas-city' });
    expect(index.cityOf({ city: 'Austin', region: 'Atlantis' })).toBeNull();
  });

  it('when the sitemap is built, then it lists every published service, the states and cities that have some, and only meal types that exist and are used', () => {
    const index = indexOf([...catalogue, listing({ name: 'Odd One', mealTypes: ['retired-type'], locations: [location('Dallas', 'Texas')] })]);
    const sitemap = index.sitemap();
    expect(sitemap.services).toHaveLength(9);
    expect(sitemap.states).toEqual(['missouri', 'new-york', 'texas']);
    expect(sitemap.mealTypes).toEqual(['gluten-free', 'keto', 'paleo', 'vegan']);
    expect(sitemap.cities).toEqual(['missouri/kansas-city', 'new-york/brooklyn', 'texas/austin', 'texas/dallas', 'texas/houston']);
  });
});

describe('near me', () => {
  const query = (q: Partial<NearQuery> = {}) => ({ radius: 25 as const, page: 1, shipPage: 1, pageSize: 10, ...q });
  const near = [
    listing({ name: 'Delivers Close', locations: [location('Austin', 'Texas', { point: { latitude: 30.2633, longitude: -97.7145 } })], deliveryMethods: delivery({ localDelivery: true }) }),
    listing({ name: 'Pickup Round Rock', mealTypes: ['keto'], locations: [location('Round Rock', 'Texas', { postalCode: '78664' })], deliveryMethods: delivery({ pickup: true }) }),
    listing({ name: 'Short Reach', locations: [location('Round Rock', 'Texas', { postalCode: '78664' })], deliveryMethods: delivery({ localDelivery: true }), deliveryRadiusMiles: 5 }),
    listing({ name: 'Ships From Dallas', locations: [location('Dallas', 'Texas')], deliveryMethods: delivery({ shipsDomestically: true }) }),
    listing({ name: 'Ships From New York', locations: [location('New York', 'New York')], deliveryMethods: delivery({ shipsDomestically: true }) }),
    listing({ name: 'Ships From Nowhere Known', deliveryMethods: delivery({ shipsDomestically: true }) }),
    listing({ name: 'Houston Only', locations: [location('Houston', 'Texas')] }),
    listing({ name: 'Imported Spot', locations: [location('Atlantis', 'Texas')], metadata: { place: { latitude: 30.3, longitude: -97.75 } } }),
  ];

  it('when a visitor searches near a place, then the services within the radius come nearest first with their distance to a tenth of a mile and how they reach the place', () => {
    const { local } = indexOf(near).near(AUSTIN, query(), NOW);
    expect(local.items.map((c) => [c.name, c.distanceMiles, c.reach])).toEqual([
      ['Delivers Close', 1.8, 'delivers'],
      ['Imported Spot', 2, 'nearby'],
      ['Pickup Round Rock', 17.4, 'pickup'],
      ['Short Reach', 17.4, 'nearby'],
    ]);
    expect(local.total).toBe(4);
  });

  it('when near-me results are filtered, then only the listings that pass show, near and nationwide, and the counts are of every listing that reaches the place', () => {
    const priced = near.map((service, i) => ({ ...service, offer: { ...service.offer, pricePerMeal: { low: 8 + i, high: 12 + i } }, rating: { average: i % 2 ? 4.5 : 3, count: 2 } }));
    const found = indexOf(priced).near(AUSTIN, query({ price: '10', facets: true }), NOW);
    // Delivers Close is $8, Pickup Round Rock $9, Short Reach $10; Ships From Dallas ($11) is left out.
    expect(found.local.items.map((c) => c.name)).toEqual(['Delivers Close', 'Pickup Round Rock', 'Short Reach']);
    expect(found.nationwide.items).toEqual([]);
    expect(found.facets?.price).toMatchObject({ '8': 1, '10': 3, '12': 5, '15': 7 });
    expect(found.facets?.rating).toMatchObject({ '3': 3, '4.5': 1 });
    expect(indexOf(priced).near(AUSTIN, query(), NOW).facets).toBeUndefined();
  });

  it('when services ship from farther away (or from no known place), then they are listed apart, nearest first, as shipping', () => {
    const { nationwide } = indexOf(near).near(AUSTIN, query(), NOW);
    expect(nationwide.items.map((c) => [c.name, c.distanceMiles, c.reach])).toEqual([
      ['Ships From Dallas', 182.5, 'ships'],
      ['Ships From New York', 1512.2, 'ships'],
      ['Ships From Nowhere Known', null, 'ships'],
    ]);
  });

  it('when the radius is narrower or wider, then only the services within it are local', () => {
    const index = indexOf(near);
    expect(index.near(AUSTIN, query({ radius: 5 }), NOW).local.items.map((c) => c.name)).toEqual(['Delivers Close', 'Imported Spot']);
    expect(index.near(AUSTIN, query({ radius: 100 }), NOW).local.total).toBe(4);
    expect(index.near(AUSTIN, query({ radius: 100 }), NOW).local.items.map((c) => c.name)).not.toContain('Houston Only');
  });

  it('when the visitor asks only for delivery, pickup or shipping, then only the services that reach them that way are listed', () => {
    const index = indexOf(near);
    expect(index.near(AUSTIN, query({ delivery: 'delivers' }), NOW).local.items.map((c) => c.name)).toEqual(['Delivers Close']);
    const pickup = index.near(AUSTIN, query({ delivery: 'pickup' }), NOW);
    expect(pickup.local.items.map((c) => c.name)).toEqual(['Pickup Round Rock']);
    expect(pickup.nationwide.total).toBe(0);
    expect(index.near(AUSTIN, query({ delivery: 'ships' }), NOW).nationwide.total).toBe(3);
  });

  it('when a meal type is asked, then only services of that type are found, near and far', () => {
    const found = indexOf(near).near(AUSTIN, query({ mealType: 'keto' }), NOW);
    expect(found.local.items.map((c) => c.name)).toEqual(['Pickup Round Rock']);
    expect(found.nationwide.total).toBe(0);
  });

  it('when results are paged, then each page holds the next nearest, and the total counts them all', () => {
    const index = indexOf(near);
    const second = index.near(AUSTIN, query({ pageSize: 3, page: 2, shipPage: 2 }), NOW);
    expect(second.local.items.map((c) => c.name)).toEqual(['Short Reach']);
    expect([second.local.total, second.local.pageCount]).toEqual([4, 2]);
    expect(second.nationwide.items.map((c) => c.name)).toEqual([]);
  });

  it('when "Also near" is shown on a service page, then it is the nearest other services within the distance, up to the count, never the service itself', () => {
    const index = indexOf(near);
    const self = near[0]!;
    const nearby = index.nearby({ latitude: 30.2633, longitude: -97.7145 }, self.id, 2, 100, NOW);
    expect(nearby.map((c) => c.name)).toEqual(['Imported Spot', 'Pickup Round Rock']);
    expect(index.nearby({ latitude: 30.2633, longitude: -97.7145 }, self.id, 10, 100, NOW).map((c) => c.name)).not.toContain('Ships From Dallas');
  });
});
