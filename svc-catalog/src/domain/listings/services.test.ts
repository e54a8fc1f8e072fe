import { findNear, getCity, getServiceBySlug, listCities, listMyServices, listServices, nearbyServices, nearestPlace, reportStillOpen } from './services';
import { listing, location, refusal, thrown } from '../../testing/builders';
import { FakeServices, ownerDeps } from '../../testing/fakes';

const NOW = new Date('2026-06-01T12:00:00.000Z');
const delivery = { localDelivery: true, pickup: false, shipsDomestically: false, shipsInternationally: false };

async function setUp() {
  const greenFork = listing({ name: 'Green Fork Kitchen', mealTypes: ['keto'], locations: [location('Austin', 'Texas', { postalCode: '78701' })], featuredUntil: '2026-06-01T12:00:00.000Z' });
  const basil = listing({ name: 'Basil Box', locations: [location('Round Rock', 'Texas')], deliveryMethods: delivery, ownerUserId: 'ann', createdAt: '2026-01-05T00:00:00.000Z' });
  const closed = listing({ name: 'Closed Kitchen', status: 'closed', locations: [location('Austin', 'Texas')] });
  const draft = listing({ name: 'Draft Kitchen', status: 'draft', ownerUserId: 'ann', createdAt: '2026-02-01T00:00:00.000Z' });
  const nowhere = listing({ name: 'Nowhere Kitchen' });
  const older = listing({ name: 'First Of Anns', status: 'rejected', ownerUserId: 'ann', createdAt: '2025-12-01T00:00:00.000Z' });
  const services = new FakeServices([greenFork, basil, closed, draft, nowhere, older]);
  const { deps, events, reports } = await ownerDeps(services, { now: NOW });
  return { deps, events, reports, greenFork, basil, closed, draft, nowhere };
}

describe('the public lists and pages', () => {
  it('when a list names a state or meal type there is not, then it is a 404 naming it', async () => {
    const { deps } = await setUp();
    expect(thrown(() => listServices(deps, { page: 1, pageSize: 6, state: 'atlantis' }))).toMatchObject({ status: 404, message: 'There is no state "atlantis".' });
    expect(thrown(() => listServices(deps, { page: 1, pageSize: 6, mealType: 'carnivore' }))).toMatchObject({ status: 404, message: 'There is no meal type "carnivore".' });
    expect(listServices(deps, { page: 1, pageSize: 6, state: 'alaska' }).items).toEqual([]);
  });

  it('when a list asks for featured services, then featuring is judged at the moment of asking', async () => {
    const { deps } = await setUp();
    expect(listServices(deps, { page: 1, pageSize: 6, featured: true }).items.map((i) => i.name)).toEqual(['Green Fork Kitchen']);
    const later = { ...deps, now: () => new Date('2026-06-01T12:00:00.001Z') };
    expect(listServices(later, { page: 1, pageSize: 6, featured: true }).items).toEqual([]);
  });

  it('when a service page is opened, then a published or closed service is shown; a draft answers as a slug nobody has', async () => {
    const { deps, closed, draft } = await setUp();
    expect(getServiceBySlug(deps, closed.slug).status).toBe('closed');
    expect(thrown(() => getServiceBySlug(deps, draft.slug))).toMatchObject({ status: 404, message: `There is no service "${draft.slug}".` });
    expect(thrown(() => getServiceBySlug(deps, 'no-such-kitchen'))).toMatchObject({ status: 404, message: 'There is no service "no-such-kitchen".' });
  });

  it("when a city page is opened, then it has the city's count and its state's name and code; no page for a city without services, nor for a state there is not", async () => {
    const { deps } = await setUp();
    expect(getCity(deps, 'texas', 'austin')).toEqual({ slug: 'austin', name: 'Austin', count: 1, state: { slug: 'texas', name: 'Texas', code: 'TX' } });
    expect(thrown(() => getCity(deps, 'texas', 'el-paso'))).toMatchObject({ status: 404, message: 'There is no listed service in "el-paso".' });
    expect(thrown(() => getCity(deps, 'atlantis', 'austin'))).toMatchObject({ status: 404, message: 'There is no state "atlantis".' });
    expect(listCities(deps, 'texas').items.map((c) => c.name)).toEqual(['Austin', 'Round Rock']);
    expect(thrown(() => listCities(deps, 'atlantis'))).toMatchObject({ status: 404 });
  });

  it("when a service page shows what is also near, then it names the service's city page and the nearest other services; a service with no location has none", async () => {
    const { deps, greenFork, nowhere } = await setUp();
    const nearby = nearbyServices(deps, greenFork.slug);
    expect(nearby.city).toEqual({ name: 'Austin', stateSlug: 'texas', slug: 'austin' });
    expect(nearby.items.map((i) => i.name)).toEqual(['Basil Box']);
    expect(nearbyServices(deps, nowhere.slug)).toEqual({ city: null, items: [] });
  });
});

describe('reporting a closed service as still open', () => {
  it('when a visitor reports a closed service, then the report is kept with a hash of their address (not the address), announced and relayed', async () => {
    const { deps, events, reports, closed } = await setUp();
    await reportStillOpen(deps, { serviceId: closed.id, ip: '203.0.113.9', userId: null });
    expect(reports.kept).toHaveLength(1);
    expect(reports.kept[0]!.ipHash).toMatch(/^[0-9a-f]{64}$/);
    expect(reports.kept[0]!.ipHash).not.toContain('203.0.113.9');
    expect(events.made.map((e) => [e.type, e.payload])).toEqual([['catalog.service.reported-open', { serviceId: closed.id, slug: closed.slug, reportId: '0' }]]);
    expect(events.relays).toBe(1);
  });

  it('when the same visitor reports it again the same day (another address of the same IPv6 /64 too), then nothing more is kept; a day later it is', async () => {
    const { deps, reports, closed } = await setUp();
    await reportStillOpen(deps, { serviceId: closed.id, ip: '2001:db8:1:2::1', userId: null });
    await reportStillOpen(deps, { serviceId: closed.id, ip: '2001:db8:1:2:ffff::9', userId: 'ann' });
    expect(reports.kept).toHaveLength(1);
    await reportStillOpen({ ...deps, now: () => new Date(NOW.getTime() + 24 * 3600_000 + 1) }, { serviceId: closed.id, ip: '2001:db8:1:2::1', userId: null });
    expect(reports.kept).toHaveLength(2);
    await reportStillOpen(deps, { serviceId: closed.id, ip: '2001:db8:1:3::1', userId: null });
    expect(reports.kept).toHaveLength(3);
  });

  it('when the service is published, then the report is taken but not kept; when it is not public or unknown, then it is a 404', async () => {
    const { deps, reports, greenFork, draft } = await setUp();
    await reportStillOpen(deps, { serviceId: greenFork.id, ip: '203.0.113.9', userId: null });
    expect(reports.kept).toEqual([]);
    for (const serviceId of [draft.id, 'no-such-id']) {
      expect(await refusal(reportStillOpen(deps, { serviceId, ip: '203.0.113.9', userId: null }))).toMatchObject({ status: 404, message: 'There is no such service.' });
    }
  });
});

describe('near me', () => {
  it('when a visitor searches near a ZIP code or a city, then the place is named as the page shows it, with its state page', async () => {
    const { deps } = await setUp();
    const byZip = findNear(deps, { place: '78701', radius: 25, page: 1, shipPage: 1, pageSize: 6 });
    expect(byZip.place).toMatchObject({ kind: 'zip', label: 'Austin, TX 78701', stateSlug: 'texas' });
    expect(byZip.local.items.map((i) => [i.name, i.reach])).toEqual([
      ['Green Fork Kitchen', 'nearby'],
      ['Basil Box', 'nearby'],
    ]);
    expect(findNear(deps, { place: 'round rock, texas', radius: 25, page: 1, shipPage: 1, pageSize: 6 }).place.label).toBe('Round Rock, TX');
  });

  it('when the place is malformed, then it is a 400 on the place; when unknown, a 404 that says which; an unknown meal type is a 404', async () => {
    const { deps } = await setUp();
    const query = { radius: 25 as const, page: 1, shipPage: 1, pageSize: 6 };
    expect(thrown(() => findNear(deps, { ...query, place: '123' }))).toMatchObject({ status: 400, details: [{ path: 'place', message: 'A ZIP code has 5 digits.' }] });
    expect(thrown(() => findNear(deps, { ...query, place: '12345' }))).toMatchObject({ status: 404, code: 'place_unknown', message: "We don't know the ZIP code 12345." });
    expect(thrown(() => findNear(deps, { ...query, place: '78701', mealType: 'carnivore' }))).toMatchObject({ status: 404, message: 'There is no meal type "carnivore".' });
  });

  it('when "Use my location" gives a point, then the nearest ZIP code is named; far from every US ZIP code it is a 404', async () => {
    const { deps } = await setUp();
    expect(nearestPlace(deps, { latitude: 30.27, longitude: -97.74 })).toEqual({ zip: '78701', city: 'Austin', state: 'TX' });
    expect(thrown(() => nearestPlace(deps, { latitude: 48.85, longitude: 2.35 }))).toMatchObject({ status: 404, code: 'place_unknown' });
  });
});

describe("an owner's own listings", () => {
  it('when an owner opens the dashboard, then they see all their listings whatever the status, oldest first, and nobody else’s', async () => {
    const { deps } = await setUp();
    expect(listMyServices(deps, 'ann').items.map((s) => [s.name, s.status])).toEqual([
      ['First Of Anns', 'rejected'],
      ['Basil Box', 'published'],
      ['Draft Kitchen', 'draft'],
    ]);
    expect(listMyServices(deps, 'bea').items).toEqual([]);
  });
});
