import type { EventEnvelope, PublicService, ServiceList } from '@mealprep/contracts';
import { Outbox, signIdentity } from '@mealprep/service-kit';
import { asClient, serve, silentLogger, TEST_IDENTITY_SECRET, testBroker, testDatabase } from '@mealprep/service-kit/testing';
import { demoServices } from '@mealprep/demo-data';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogRepositories, createCatalogApp, ensureCatalogIndexes } from '../src/app';
import { CatalogIndex } from '../src/domain/catalogue/catalog-index';
import { seedDemoCatalog } from '../src/domain/demo-seed';
import { seedReferenceData } from '../src/domain/catalogue/reference-data';

const NOW = new Date('2026-11-01T12:00:00Z');
const demo = demoServices(NOW);
const published = demo.filter((s) => s.status === 'published');
const closed = demo.find((s) => s.status === 'closed')!;
const pending = demo.find((s) => s.status === 'pending')!;
const admin = signIdentity({ userId: 'admin-1', email: 'admin@example.com', roles: ['admin'] }, TEST_IDENTITY_SECRET);
const owner = signIdentity({ userId: 'owner-1', email: 'owner@example.com', roles: [] }, TEST_IDENTITY_SECRET);

describe('public catalogue', () => {
  let db: Awaited<ReturnType<typeof testDatabase>>;
  let mq: Awaited<ReturnType<typeof testBroker>>;
  let http: Awaited<ReturnType<typeof serve>>;
  const events: EventEnvelope[] = [];
  let outbox: Outbox;
  let repositories: ReturnType<typeof catalogRepositories>;
  let catalog: CatalogIndex;
  const get = async <T>(path: string) => {
    const response = await fetch(`${http.url}${path}`);
    return { status: response.status, body: (await response.json()) as T };
  };

  beforeAll(async () => {
    db = await testDatabase('catalog-public');
    mq = await testBroker('catalog-public', 'svc-catalog');
    await mq.broker.subscribe('seen', ['catalog.service.*'], async (e) => void events.push(e), { exclusive: true });
    outbox = new Outbox({ connection: db.connection, broker: mq.broker, logger: silentLogger });
    repositories = catalogRepositories(db.connection, outbox);
    await ensureCatalogIndexes(repositories);
    await seedReferenceData({ ...repositories, events: outbox });
    await seedDemoCatalog({ ...repositories, events: outbox }, NOW);
    catalog = new CatalogIndex(repositories);
    await catalog.refresh();
    http = await serve(createCatalogApp({ logger: silentLogger, connection: db.connection, broker: mq.broker, outbox, identitySecret: TEST_IDENTITY_SECRET, catalog, now: () => NOW }));
  });
  afterAll(async () => {
    await http?.close();
    await outbox?.stop();
    await mq?.destroy();
    await db?.drop();
  });

  it('when a visitor lists all services, then only published ones come, A to Z, six to a page with the total', async () => {
    const first = await get<ServiceList>('/services');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: published.length, page: 1, pageSize: 6, pageCount: Math.ceil(published.length / 6) });
    expect(first.body.items).toHaveLength(6);
    const all = await get<ServiceList>('/services?pageSize=60&page=1');
    const second = await get<ServiceList>('/services?pageSize=60&page=2');
    const names = [...all.body.items, ...second.body.items].map((s) => s.name);
    expect(names).toEqual([...published.map((s) => s.name)].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    expect(names).not.toContain(closed.name);
    expect(names).not.toContain(pending.name);
  });

  it('when a visitor filters by state, meal type, shipping or featured, then only matching published services come', async () => {
    const texas = await get<ServiceList>('/services?state=texas&pageSize=60');
    expect(texas.body.total).toBe(published.filter((s) => s.locations[0]?.address.region === 'Texas').length);
    expect(texas.body.items.every((s) => s.state === 'Texas')).toBe(true);

    const keto = await get<ServiceList>('/services?mealType=keto&pageSize=60');
    expect(keto.body.total).toBe(published.filter((s) => s.mealTypes.includes('keto')).length);

    const shipping = await get<ServiceList>('/services?shipping=true&pageSize=60');
    expect(shipping.body.items.map((s) => s.slug).sort()).toEqual(
      published
        .filter((s) => s.deliveryMethods.shipsDomestically)
        .map((s) => s.slug)
        .sort(),
    );

    const featured = await get<ServiceList>('/services?featured=true&pageSize=60');
    expect(featured.body.total).toBeGreaterThan(0);
    expect(featured.body.items.every((s) => s.featured)).toBe(true);
    expect(featured.body.total).toBe(published.filter((s) => s.featuredUntil && Date.parse(s.featuredUntil) >= NOW.getTime()).length);
  });

  it('when a visitor searches, then name, city, state and meal type all match, and odd text finds nothing without an error', async () => {
    const byCity = await get<ServiceList>('/services?q=austin&pageSize=60');
    expect(byCity.body.total).toBeGreaterThan(0);
    expect(byCity.body.items.every((s) => s.city === 'Austin')).toBe(true);
    const target = published[0]!;
    expect((await get<ServiceList>(`/services?q=${encodeURIComponent(target.name.toUpperCase())}`)).body.items[0]?.slug).toBe(target.slug);
    expect((await get<ServiceList>('/services?q=north%20carolina&pageSize=60')).body.items.every((s) => s.state === 'North Carolina')).toBe(true);
    expect((await get<ServiceList>('/services?q=gluten-free&pageSize=60')).body.total).toBe(published.filter((s) => s.mealTypes.includes('gluten-free')).length);
    for (const odd of ['.*', '(', '$where', '{"$gt":""}', '\\', '%00']) {
      const result = await get<ServiceList>(`/services?q=${encodeURIComponent(odd)}`);
      expect(result.status).toBe(200);
      expect(result.body.total).toBe(0);
    }
  });

  it('when the query is malformed, then the answer is a 400 or a not-found, never a 500', async () => {
    expect((await get('/services?q=' + 'x'.repeat(10_000))).status).toBe(400);
    expect((await get('/services?page=abc')).status).toBe(400);
    expect((await get('/services?page=0')).status).toBe(400);
    expect((await get('/services?pageSize=1000')).status).toBe(400);
    expect((await get('/services?limit=5')).status).toBe(400);
    expect((await get('/services?shipping=yes')).status).toBe(400);
    expect((await get('/services?q[$ne]=x')).status).toBe(400);
    expect((await get('/services?state=atlantis')).status).toBe(404);
    expect((await get('/services?mealType=carnivore')).status).toBe(404);
    const pastTheEnd = await get<ServiceList>('/services?page=500');
    expect(pastTheEnd.status).toBe(200);
    expect(pastTheEnd.body.items).toEqual([]);
    expect(pastTheEnd.body.total).toBe(published.length);
  });

  it('when a visitor opens a service, then published and closed ones show without private fields; others are not found', async () => {
    const one = await get<PublicService & Record<string, unknown>>(`/services/by-slug/${published[0]!.slug}`);
    expect(one.status).toBe(200);
    expect(one.body.name).toBe(published[0]!.name);
    expect(one.body).not.toHaveProperty('ownerUserId');
    expect(one.body).not.toHaveProperty('metadata');
    expect((await get<PublicService>(`/services/by-slug/${closed.slug}`)).body.status).toBe('closed');
    expect((await get(`/services/by-slug/${pending.slug}`)).status).toBe(404);
    expect((await get('/services/by-slug/nothing-here')).status).toBe(404);
    expect((await get('/services/by-slug/..%2F..')).status).toBe(400);
  });

  it('when visitors report a closed service as still open, then each visitor is recorded once and admins are told', async () => {
    const report = () => fetch(`${http.url}/services/${closed.id}/report-still-open`, { method: 'POST' });
    const first = await report();
    expect(first.status).toBe(202);
    expect(await first.json()).toEqual({ received: true });
    expect((await report()).status).toBe(202);
    const reports = await repositories.reports.listForService(closed.id);
    expect(reports).toHaveLength(1);
    expect(reports[0]?.ipHash).toMatch(/^[0-9a-f]{64}$/);
    await expect.poll(() => events.filter((e) => e.type === 'catalog.service.reported-open').length).toBe(1);

    expect((await fetch(`${http.url}/services/${published[1]!.id}/report-still-open`, { method: 'POST' })).status).toBe(202);
    expect(await repositories.reports.listForService(published[1]!.id)).toHaveLength(0);
    expect((await fetch(`${http.url}/services/${'0'.repeat(24)}/report-still-open`, { method: 'POST' })).status).toBe(404);
    expect((await fetch(`${http.url}/services/not-an-id/report-still-open`, { method: 'POST' })).status).toBe(400);
  });

  it('when an admin publishes or unpublishes, then lists change at once and an event goes out; others are refused', async () => {
    const setStatus = (status: string, headers: Record<string, string> = admin) =>
      fetch(`${http.url}/admin/services/${pending.id}/status`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ status }),
      });
    expect((await setStatus('published', {})).status).toBe(401);
    expect((await setStatus('published', owner)).status).toBe(403);
    expect((await setStatus('famous')).status).toBe(400);

    expect((await setStatus('published')).status).toBe(200);
    expect((await get<ServiceList>(`/services?q=${encodeURIComponent(pending.name)}`)).body.items.map((s) => s.slug)).toContain(pending.slug);
    await expect
      .poll(() => events.find((e) => e.type === 'catalog.service.status-changed')?.payload)
      .toMatchObject({
        serviceId: pending.id,
        slug: pending.slug,
        status: 'published',
        previousStatus: 'pending',
      });
    expect((await setStatus('draft')).status).toBe(200);
    expect((await get<ServiceList>(`/services?q=${encodeURIComponent(pending.name)}`)).body.items.map((s) => s.slug)).not.toContain(pending.slug);
    expect((await get(`/services/by-slug/${pending.slug}`)).status).toBe(404);
  });

  it('when an owner asks for their services, then they get their own, oldest first, whatever the status; visitors are refused', async () => {
    const Service = db.connection.model('Service');
    // Owners are set behind the service's back (no route does it); it reads them again as it would on another instance's event.
    await Service.updateOne({ _id: pending.id }, { $set: { ownerUserId: 'owner-1' }, $inc: { version: 1 } });
    await Service.updateOne({ _id: closed.id }, { $set: { ownerUserId: 'owner-1' }, $inc: { version: 1 } });
    await catalog.reload([pending.id, closed.id]);
    const mine = await fetch(`${http.url}/services/mine`, { headers: owner });
    expect(mine.status).toBe(200);
    const { items } = (await mine.json()) as { items: Array<{ id: string; slug: string; status: string }> };
    const expected = [pending, closed].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
    expect(items.map((s) => s.slug)).toEqual(expected.map((s) => s.slug));
    expect(Object.keys(items[0]!).sort()).toEqual(['id', 'name', 'slug', 'status']);
    expect((await fetch(`${http.url}/services/mine`, { headers: admin }).then((r) => r.json())) as unknown).toEqual({ items: [] });
    expect((await fetch(`${http.url}/services/mine`)).status).toBe(401);
    expect((await fetch(`${http.url}/services/mine?ownerUserId=owner-1`, { headers: admin })).status).toBe(400);
  });

  it('when a visitor reads articles, then the newest come first, and a reader is counted once a day however often they call', async () => {
    const list = await get<{ items: Array<{ id: string; slug: string; publishedAt: string; tags: string[] }> }>('/articles');
    expect(list.body.items.length).toBeGreaterThanOrEqual(6);
    const dates = list.body.items.map((a) => a.publishedAt);
    expect(dates).toEqual([...dates].sort().reverse());
    const first = list.body.items[0]!;
    const detail = await get<{ content: string; viewCount: number }>(`/articles/${first.slug}`);
    expect(detail.body.content).toContain('<p>');
    const view = (reader: string, agent = 'Reader/1.0') => fetch(`${http.url}/articles/${first.id}/views`, { method: 'POST', headers: { ...asClient(reader), 'user-agent': agent } });
    // 200 calls from one reader, 20 of them at once: one view.
    expect((await Promise.all(Array.from({ length: 20 }, () => view('203.0.113.7')))).map((r) => r.status)).toEqual(Array(20).fill(204));
    for (let i = 0; i < 5; i += 1) expect((await view('203.0.113.7')).status).toBe(204);
    expect((await get<{ viewCount: number }>(`/articles/${first.slug}`)).body.viewCount).toBe(detail.body.viewCount + 1);
    // Another address is another reader; another browser at the same address is not (its user agent is the caller's to choose).
    expect((await view('203.0.113.8')).status).toBe(204);
    for (let i = 0; i < 5; i += 1) expect((await view('203.0.113.7', `Other/${i}.0`)).status).toBe(204);
    expect((await get<{ viewCount: number }>(`/articles/${first.slug}`)).body.viewCount).toBe(detail.body.viewCount + 2);
    // Nothing that names a reader is kept.
    const kept = await db.connection.collection('article_views').find({}).toArray();
    expect(kept).toHaveLength(2);
    expect(JSON.stringify(kept)).not.toMatch(/203\.0\.113|Reader|Other/);
    expect((await get('/articles/no-such-article')).status).toBe(404);
    expect((await fetch(`${http.url}/articles/${'0'.repeat(24)}/views`, { method: 'POST' })).status).toBe(404);
  });

  it('when one address sends more than 30 view counts in a minute, whatever browsers it names, then the rest are refused with 429 and each article is written once', async () => {
    const { items } = (await get<{ items: Array<{ id: string; slug: string }> }>('/articles')).body;
    const before = await db.connection.collection('article_views').countDocuments();
    const answers = [];
    for (let i = 0; i < 35; i += 1)
      answers.push(await fetch(`${http.url}/articles/${items[i % items.length]!.id}/views`, { method: 'POST', headers: { ...asClient('198.51.100.9'), 'user-agent': `Flood/${i}` } }));
    expect(answers.map((a) => a.status)).toEqual([...Array(30).fill(204), ...Array(5).fill(429)]);
    expect(Number(answers.at(-1)!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await answers.at(-1)!.json()) as { error: { message: string } }).error.message).toBe('Too many requests. Please wait a minute and try again.');
    expect(await db.connection.collection('article_views').countDocuments()).toBe(before + Math.min(items.length, 30));
  });

  it('when one client steps through the addresses of its IPv6 /64, then it is one client: one reader, and 30 view counts a minute in all', async () => {
    const { items } = (await get<{ items: Array<{ id: string; slug: string }> }>('/articles')).body;
    const first = items[0]!;
    const viewsOf = async () => (await get<{ viewCount: number }>(`/articles/${first.slug}`)).body.viewCount;
    const before = await viewsOf();
    const answers = [];
    for (let i = 1; i <= 31; i += 1) answers.push((await fetch(`${http.url}/articles/${first.id}/views`, { method: 'POST', headers: { ...asClient(`2001:db8:77:1::${i.toString(16)}`) } })).status);
    expect(answers).toEqual([...Array(30).fill(204), 429]);
    expect(await viewsOf()).toBe(before + 1);
    // Another /64 is another client.
    expect((await fetch(`${http.url}/articles/${first.id}/views`, { method: 'POST', headers: { ...asClient('2001:db8:77:2::1') } })).status).toBe(204);
    expect(await viewsOf()).toBe(before + 2);
  });

  it('when the sitemap and state counts are asked for, then they cover what is published', async () => {
    const counts = await get<{ counts: Record<string, number> }>('/regions/counts');
    expect(counts.body.counts.texas).toBe(published.filter((s) => s.locations[0]?.address.region === 'Texas').length);
    expect(counts.body.counts.wyoming).toBeUndefined();
    const sitemap = await get<{ services: string[]; states: string[]; mealTypes: string[]; articles: string[] }>('/sitemap');
    expect(sitemap.body.services).toContain(published[0]!.slug);
    expect(sitemap.body.services).not.toContain(closed.slug);
    expect(sitemap.body.states).toContain('texas');
    expect(sitemap.body.mealTypes.length).toBe(12);
    expect(sitemap.body.articles.length).toBeGreaterThanOrEqual(6);
  });
});
