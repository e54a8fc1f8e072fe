import type { EventEnvelope } from '@mealprep/contracts';
import { Outbox } from '@mealprep/service-kit';
import { testBroker, testDatabase, serve, silentLogger, TEST_IDENTITY_SECRET } from '@mealprep/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogRepositories, createCatalogApp } from '../src/app';
import { seedReferenceData } from '../src/domain/catalogue/reference-data';

describe('states and meal types', () => {
  let db: Awaited<ReturnType<typeof testDatabase>>;
  let mq: Awaited<ReturnType<typeof testBroker>>;
  let http: Awaited<ReturnType<typeof serve>>;
  const events: EventEnvelope[] = [];
  let firstSeed: { regions: number; mealTypes: number };
  let outbox: Outbox;

  beforeAll(async () => {
    db = await testDatabase('catalog-ref');
    mq = await testBroker('catalog-ref', 'svc-catalog');
    await mq.broker.subscribe(
      'seen',
      ['catalog.#'],
      async (event) => {
        events.push(event);
      },
      { exclusive: true },
    );
    outbox = new Outbox({ connection: db.connection, broker: mq.broker, logger: silentLogger });
    const repositories = catalogRepositories(db.connection, outbox);
    await repositories.regions.ensureIndexes();
    firstSeed = await seedReferenceData({ ...repositories, events: outbox });
    http = await serve(createCatalogApp({ logger: silentLogger, connection: db.connection, broker: mq.broker, outbox, identitySecret: TEST_IDENTITY_SECRET }));
  });

  afterAll(async () => {
    await http?.close();
    await outbox?.stop();
    await mq?.destroy();
    await db?.drop();
  });

  it('when the catalogue starts for the first time, then it seeds 51 states and the meal types and says so on the broker', async () => {
    expect(firstSeed.regions).toBe(51);
    expect(firstSeed.mealTypes).toBeGreaterThan(5);
    await expect.poll(() => events.map((e) => e.type).sort()).toEqual(['catalog.meal-types.seeded', 'catalog.regions.seeded']);
    expect(events.find((e) => e.type === 'catalog.regions.seeded')?.payload).toEqual({ count: 51 });
    expect(events.every((e) => e.source === 'svc-catalog')).toBe(true);
  });

  it('when it starts again, then nothing is added twice and no event is sent', async () => {
    const before = events.length;
    const again = await seedReferenceData({ ...catalogRepositories(db.connection, outbox), events: outbox });
    expect(again).toEqual({ regions: 0, mealTypes: 0 });
    const response = await fetch(`${http.url}/regions`);
    expect(((await response.json()) as { items: unknown[] }).items).toHaveLength(51);
    // A marker through the same outbox, written after the second seeding: the outbox relays oldest
    // first, so by the time the marker is heard any event that seeding wrote would have been heard.
    const marker = outbox.event('catalog.regions.seeded', { count: 0 });
    await outbox.record([marker]);
    await outbox.relay();
    await expect.poll(() => events.some((e) => e.id === marker.id), { timeout: 10_000 }).toBe(true);
    expect(events.slice(before).map((e) => e.id)).toEqual([marker.id]);
  });

  it('when a visitor lists the states, then all 50 states and DC come sorted by name with US slugs', async () => {
    const response = await fetch(`${http.url}/regions?countryCode=US`);
    expect(response.status).toBe(200);
    const { items } = (await response.json()) as { items: Array<{ slug: string; name: string; countryCode: string; type: string }> };
    expect(items).toHaveLength(51);
    expect(items.map((r) => r.name)).toEqual([...items.map((r) => r.name)].sort((a, b) => a.localeCompare(b)));
    expect(items).toContainEqual({ slug: 'new-york', name: 'New York', countryCode: 'US', type: 'state' });
    expect(items).toContainEqual({ slug: 'district-of-columbia', name: 'District of Columbia', countryCode: 'US', type: 'state' });
  });

  it('when a visitor opens one state, then it is found by slug; an unknown slug is a 404 in the error shape', async () => {
    const found = await fetch(`${http.url}/regions/north-carolina`);
    expect(await found.json()).toEqual({ slug: 'north-carolina', name: 'North Carolina', countryCode: 'US', type: 'state' });

    const missing = await fetch(`${http.url}/regions/atlantis`);
    expect(missing.status).toBe(404);
    const body = (await missing.json()) as { error: { code: string; message: string; requestId: string } };
    expect(body.error.code).toBe('not_found');
    expect(body.error.message).toContain('atlantis');
    expect(body.error.requestId).toBe(missing.headers.get('x-request-id'));
  });

  it('when the input is malformed, then the answer is a 400 naming the problem', async () => {
    const badSlug = await fetch(`${http.url}/regions/New%20York!`);
    expect(badSlug.status).toBe(400);
    expect(((await badSlug.json()) as { error: { code: string } }).error.code).toBe('bad_request');

    const unknownParam = await fetch(`${http.url}/regions?country=US`);
    expect(unknownParam.status).toBe(400);
    const otherCountry = await fetch(`${http.url}/regions?countryCode=CA`);
    expect(otherCountry.status).toBe(400);
  });

  it('when a visitor lists meal types, then they come sorted by name and each can be opened by slug', async () => {
    const list = (await (await fetch(`${http.url}/meal-types`)).json()) as { items: Array<{ slug: string; name: string }> };
    expect(list.items.map((m) => m.name)).toEqual([...list.items.map((m) => m.name)].sort((a, b) => a.localeCompare(b)));
    expect(list.items.map((m) => m.slug)).toContain('gluten-free');
    const one = await fetch(`${http.url}/meal-types/gluten-free`);
    expect(((await one.json()) as { name: string }).name).toBe('Gluten-Free');
    expect((await fetch(`${http.url}/meal-types/nothing-here`)).status).toBe(404);
  });

  it('when database and broker are connected, then the service is ready and healthy', async () => {
    const ready = await fetch(`${http.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', checks: { database: true, broker: true } });
    expect((await fetch(`${http.url}/healthz`)).status).toBe(200);
  });
});
