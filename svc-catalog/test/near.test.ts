import type { City, CityList, EditableService, ImportResult, NearbyServices, NearResult, ServiceInsertInput, ServiceList } from '@mealprep/contracts';
import { describe, expect, it } from 'vitest';
import { as, useCatalog } from './harness';

const NOW = new Date('2026-11-01T12:00:00Z');
const owner = as('owner-near');
const admin = as('boss', ['admin']);
const HEADER = 'Name,Slug,Tagline,Meal Types,City,State,Home Delivery,Shipping,Website,Image Link Full,Profile Page Image Link,Place Longitude,Place Latitude';

function listing(overrides: Partial<ServiceInsertInput> = {}): ServiceInsertInput {
  return {
    name: 'Lakeway Lunches',
    slug: 'lakeway-lunches',
    deliveryMethods: { localDelivery: true, pickup: false, shipsDomestically: false, shipsInternationally: false },
    deliveryRadiusMiles: 5,
    contact: { email: 'hi@lakeway.example.com', website: '' },
    locations: [{ address: { city: '', region: '', postalCode: '78701' } }],
    metadata: { ownerName: 'Lee Lake', termsAccepted: true },
    ...overrides,
  };
}

describe('near me', () => {
  const catalog = useCatalog('catalog-near', { demo: NOW, now: NOW });

  const send = catalog.send;
  const near = async (query: string) => {
    const answer = await send('GET', `/services/near?${query}`);
    expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(200);
    return answer.body as unknown as NearResult;
  };
  const reachOf = async (query: string, slug: string) => (await near(`${query}&pageSize=60`)).local.items.find((s) => s.slug === slug)?.reach ?? null;

  it('when a visitor searches near a ZIP code or a city, then the services within the radius come nearest first with their distance, and shippers from farther away apart', async () => {
    const byZip = await near('place=78701&radius=25');
    expect(byZip.place).toMatchObject({ kind: 'zip', zip: '78701', city: 'Austin', state: 'TX', stateSlug: 'texas', label: 'Austin, TX 78701' });
    expect(byZip.radius).toBe(25);
    expect(byZip.local.total).toBeGreaterThan(0);
    const miles = byZip.local.items.map((s) => s.distanceMiles!);
    expect(miles.every((m) => m <= 25)).toBe(true);
    expect(miles).toEqual([...miles].sort((a, b) => a - b));
    expect(byZip.local.items.every((s) => s.city === 'Austin')).toBe(true);
    expect(byZip.nationwide.items.length).toBeGreaterThan(0);
    expect(byZip.nationwide.items.every((s) => s.shipsDomestically && s.reach === 'ships' && (s.distanceMiles ?? Infinity) > 25)).toBe(true);
    const far = byZip.nationwide.items.map((s) => s.distanceMiles!);
    expect(far).toEqual([...far].sort((a, b) => a - b));

    const byCity = await near(`place=${encodeURIComponent('Austin, TX')}&radius=25`);
    expect(byCity.place).toMatchObject({ kind: 'city', zip: null, label: 'Austin, TX' });
    expect(byCity.local.items.map((s) => s.slug).sort()).toEqual(byZip.local.items.map((s) => s.slug).sort());

    // Houston is about 150 miles away: nothing of Austin's within 100 miles of it.
    const houston = await near('place=77002&radius=100&pageSize=60');
    expect(houston.local.items.length).toBeGreaterThan(0);
    expect(houston.local.items.some((s) => s.city === 'Austin')).toBe(false);
    const paged = await near('place=77002&radius=100&pageSize=1&page=2');
    expect(paged.local.items[0]?.slug).toBe(houston.local.items[1]?.slug);
  });

  it('when the place, radius or filter is not one the search takes, then it says which and finds nothing', async () => {
    const cases: Array<[string, number, string]> = [
      ['place=99999', 404, "We don't know the ZIP code 99999."],
      [`place=${encodeURIComponent('Austin, California')}`, 404, "We don't know Austin in California."],
      ['place=7870', 400, 'A ZIP code has 5 digits.'],
      ['place=787011', 400, 'A ZIP code has 5 digits.'],
      ['place=abcde', 400, 'Enter a 5-digit ZIP code, or a city and its state'],
      [`place=${'7'.repeat(10_000)}`, 400, 'at most 100 characters'],
      ['place=', 400, 'is required'],
      ['radius=25', 400, 'place'],
      ['place=78701&radius=0', 400, 'must be one of 5, 10, 25, 50, 100 miles'],
      ['place=78701&radius=-5', 400, 'must be one of'],
      ['place=78701&radius=10000', 400, 'must be one of'],
      ['place=78701&radius=abc', 400, 'radius must be one of'],
      ['place=78701&delivery=teleport', 400, 'must be one of delivers, pickup, ships'],
      ['place=78701&mealType=no-such-diet', 404, 'There is no meal type "no-such-diet".'],
      ['place=78701&color=red', 400, 'color'],
    ];
    for (const [query, status, message] of cases) {
      const answer = await send('GET', `/services/near?${query}`);
      expect(answer.status, query.slice(0, 40)).toBe(status);
      expect(`${answer.body.error?.message} ${JSON.stringify(answer.body.error)}`, query.slice(0, 40)).toContain(message);
    }
  });

  it('when the filters are set, then only the services that reach the place that way and have that meal type are listed', async () => {
    const all = await near('place=78701&radius=100&pageSize=60');
    const delivers = await near('place=78701&radius=100&pageSize=60&delivery=delivers');
    expect(delivers.local.items.length).toBeGreaterThan(0);
    expect(delivers.local.items.every((s) => s.reach === 'delivers' && s.localDelivery)).toBe(true);
    expect(delivers.nationwide.total).toBe(0);
    const ships = await near('place=78701&radius=100&pageSize=60&delivery=ships');
    expect(ships.local.items.every((s) => s.shipsDomestically)).toBe(true);
    expect(ships.nationwide.total).toBe(all.nationwide.total);
    const keto = await near('place=78701&radius=100&pageSize=60&mealType=keto');
    expect(keto.local.items.every((s) => s.mealTypes.includes('keto'))).toBe(true);
  });

  it('when an owner sets a ZIP code and a delivery radius, then the listing reaches the places within it, and leaves them when it moves', async () => {
    for (const [bad, message] of [
      [{ locations: [{ address: { postalCode: '99999' } }] }, "We don't know the ZIP code 99999."],
      [{ locations: [{ address: { postalCode: '78701', region: 'New York' } }] }, 'The ZIP code 78701 is in Texas, not New York.'],
      [{ locations: [{ address: { postalCode: '7870' } }] }, 'must be a 5-digit ZIP code'],
      [{ deliveryRadiusMiles: 0 }, 'must be at least 1 mile'],
      [{ deliveryRadiusMiles: 10_000 }, 'must be at most 500 miles'],
      [{ deliveryRadiusMiles: 'far' }, 'must be a number of miles'],
    ] as const) {
      const refused = await send('POST', '/services', owner, listing(bad as Partial<ServiceInsertInput>));
      expect(refused.status, message).toBe(400);
      expect(JSON.stringify(refused.body)).toContain(message);
    }
    const created = await send('POST', '/services', owner, listing());
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const edit = (await send('GET', `/services/${id}/edit`, owner)).body as unknown as EditableService;
    expect(edit.deliveryRadiusMiles).toBe(5);
    expect(edit.locations[0]).toMatchObject({ address: { city: 'Austin', region: 'Texas', postalCode: '78701' }, point: { latitude: expect.closeTo(30.27, 1), longitude: expect.closeTo(-97.74, 1) } });
    // A draft is nobody's result.
    expect(await reachOf('place=78701&radius=5', 'lakeway-lunches')).toBeNull();
    expect((await send('PATCH', `/admin/services/${id}/status`, admin, { status: 'published' })).status).toBe(200);

    // Round Rock (78664) is about 17 miles from downtown Austin: within a 25-mile search, beyond a 5-mile delivery.
    expect(await reachOf('place=78701&radius=5', 'lakeway-lunches')).toBe('delivers');
    expect(await reachOf('place=78664&radius=25', 'lakeway-lunches')).toBe('nearby');
    expect((await send('PATCH', `/services/${id}`, owner, { deliveryRadiusMiles: 30 })).status).toBe(200);
    expect(await reachOf('place=78664&radius=25', 'lakeway-lunches')).toBe('delivers');

    const moved = await send('PATCH', `/services/${id}`, owner, { postalCode: '77002' });
    expect(moved.status).toBe(200);
    expect((moved.body as unknown as EditableService).locations[0]?.address).toMatchObject({ city: 'Houston', region: 'Texas', postalCode: '77002' });
    expect(await reachOf('place=78701&radius=25', 'lakeway-lunches')).toBeNull();
    expect(await reachOf('place=77002&radius=5', 'lakeway-lunches')).toBe('delivers');
    expect((await send('PATCH', `/services/${id}`, owner, { postalCode: '00000' })).status).toBe(400);
  });

  it('when a visitor opens a state, then each of its cities with published services has a page listing them, and a place with none has no page', async () => {
    const texas = (await send('GET', '/regions/texas/cities')).body as unknown as CityList;
    const austin = texas.items.find((c) => c.slug === 'austin');
    expect(austin).toMatchObject({ name: 'Austin' });
    expect(austin!.count).toBeGreaterThan(0);
    expect(texas.items.map((c) => c.name)).toEqual([...texas.items.map((c) => c.name)].sort((a, b) => a.localeCompare(b)));
    expect(texas.items.every((c) => c.count > 0)).toBe(true);

    const page = await send('GET', '/regions/texas/cities/austin');
    expect(page.status).toBe(200);
    expect(page.body as unknown as City).toEqual({ slug: 'austin', name: 'Austin', count: austin!.count, state: { slug: 'texas', name: 'Texas', code: 'TX' } });
    const listed = (await send('GET', '/services?state=texas&city=austin&pageSize=60')).body as unknown as ServiceList;
    expect(listed.total).toBe(austin!.count);
    expect(listed.items.every((s) => s.city === 'Austin')).toBe(true);
    // A city slug of another state lists nothing there.
    expect(((await send('GET', '/services?state=new-york&city=austin')).body as unknown as ServiceList).total).toBe(0);

    const sitemap = (await send('GET', '/sitemap')).body as { cities: string[] };
    expect(sitemap.cities).toContain('texas/austin');
    expect(sitemap.cities.every((c) => /^[a-z0-9-]+\/[a-z0-9-]+$/.test(c))).toBe(true);

    for (const [path, status, message] of [
      ['/regions/texas/cities/marfa', 404, 'There is no listed service in "marfa".'],
      ['/regions/atlantis/cities/austin', 404, 'There is no state "atlantis".'],
      ['/regions/atlantis/cities', 404, 'There is no state "atlantis".'],
      ['/regions/texas/cities/Not%20A%20Slug', 400, 'must be lowercase letters'],
      [`/regions/texas/cities/${'a'.repeat(10_000)}`, 400, 'city'],
      ['/regions/texas/cities?page=2', 400, 'page'],
      ['/services?state=texas&city=..%2F', 400, 'city'],
    ] as const) {
      const refused = await send('GET', path);
      expect(refused.status, path).toBe(status);
      expect(`${refused.body.error?.message} ${JSON.stringify(refused.body)}`, path).toContain(message);
    }

    // A listing published in a new city gives it a page; unpublished, the page is gone.
    const created = await send('POST', '/services', owner, listing({ name: 'Big Bend Bowls', slug: 'big-bend-bowls', locations: [{ address: { city: '', region: '', postalCode: '79843' } }] }));
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect((await send('GET', '/regions/texas/cities/marfa')).status).toBe(404);
    expect((await send('PATCH', `/admin/services/${id}/status`, admin, { status: 'published' })).status).toBe(200);
    expect((await send('GET', '/regions/texas/cities/marfa')).body).toMatchObject({ name: 'Marfa', count: 1 });
    expect(((await send('GET', '/regions/texas/cities')).body as unknown as CityList).items.map((c) => c.slug)).toContain('marfa');
    expect((await send('PATCH', `/admin/services/${id}/status`, admin, { status: 'draft' })).status).toBe(200);
    expect((await send('GET', '/regions/texas/cities/marfa')).status).toBe(404);
  });

  it('when a visitor opens a service, then "Also near" gives up to six other services nearest it, and its city page', async () => {
    const inAustin = ((await send('GET', '/services?state=texas&city=austin&pageSize=1')).body as unknown as ServiceList).items[0]!;
    const nearby = await send('GET', `/services/by-slug/${inAustin.slug}/nearby`);
    expect(nearby.status).toBe(200);
    const body = nearby.body as unknown as NearbyServices;
    expect(body.city).toEqual({ name: 'Austin', stateSlug: 'texas', slug: 'austin' });
    expect(body.items.length).toBeGreaterThan(0);
    expect(body.items.length).toBeLessThanOrEqual(6);
    expect(body.items.map((s) => s.slug)).not.toContain(inAustin.slug);
    const miles = body.items.map((s) => s.distanceMiles!);
    expect(miles.every((m) => m <= 100)).toBe(true);
    expect(miles).toEqual([...miles].sort((a, b) => a - b));
    expect((await send('GET', '/services/by-slug/no-such-kitchen/nearby')).status).toBe(404);
    expect((await send('GET', `/services/by-slug/${inAustin.slug}/nearby?count=50`)).status).toBe(400);
  });

  it('when an import gives coordinates, a city or neither, then each listing is placed from what it has, and a row with coordinates that are not is skipped', async () => {
    const csv = [
      HEADER,
      'Pier Plates,,,,,,Yes,No,,,,-117.16,32.72',
      'Marfa Meals,,,,Marfa,Texas,Yes,No,,,,,',
      'Nowhere Noodles,,,,,,Yes,No,,,,,',
      'Bad Place,,,,,,Yes,No,,,,-117.16,91',
      'Worse Place,,,,,,Yes,No,,,,abc,32.7',
    ].join('\n');
    const response = await fetch(`${catalog.url}/admin/import/services`, { method: 'POST', headers: { 'content-type': 'text/csv', ...admin }, body: csv });
    const result = (await response.json()) as ImportResult;
    expect(result).toMatchObject({ imported: 3, skipped: 2 });
    expect(result.skippedRows.map((r) => r.reason)).toEqual(['Place Longitude/Latitude are not coordinates', 'Place Longitude/Latitude are not coordinates']);
    expect(await reachOf('place=92101&radius=5', 'pier-plates')).toBe('delivers');
    expect(await reachOf(`place=${encodeURIComponent('Marfa, TX')}&radius=5`, 'marfa-meals')).toBe('delivers');
    const everywhere = await near('place=92101&radius=100&pageSize=60');
    expect(everywhere.local.items.some((s) => s.slug === 'nowhere-noodles')).toBe(false);
  });

  it('when a browser sends its position, then the nearest ZIP code comes back, and a position that is not one is refused', async () => {
    const found = await send('GET', '/places/nearest?lat=30.2672&lng=-97.7431');
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ city: 'Austin', state: 'TX' });
    expect(String(found.body.zip)).toMatch(/^787\d\d$/);
    expect((await send('GET', '/places/nearest?lat=0&lng=0')).status).toBe(404);
    for (const query of ['lat=200&lng=0', 'lat=NaN&lng=1', 'lat=abc&lng=1', 'lat=30', 'lat=30&lng=-97&x=1']) expect((await send('GET', `/places/nearest?${query}`)).status, query).toBe(400);
  });
});
