import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import { NearestPlaceSchema, PublicServiceSchema, QUERY_STATE_ELEMENT_ID, SESSION_COOKIE, ServiceListSchema } from '@mealprep/contracts';
import { Outbox } from '@mealprep/service-kit';
import { serve, silentLogger, TEST_IDENTITY_SECRET, testBroker, testDatabase } from '@mealprep/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogRepositories, createCatalogApp, ensureCatalogIndexes } from '../../svc-catalog/src/app';
import { CatalogIndex } from '../../svc-catalog/src/domain/catalogue/catalog-index';
import { seedReferenceData } from '../../svc-catalog/src/domain/catalogue/reference-data';
import { sampleListing as listing } from '../../svc-catalog/test/harness';
import { createGateway } from '../src/app';
import { loadGatewayConfig } from '../src/config';

/**
 * The caches on a public page's path, against the real svc-catalog and broker: the gateway's pages
 * (rendered by a stand-in renderer that counts its renders) and svc-catalog's answers, kept while
 * its indexes stay as they were. What is checked is what a visitor gets: a page from the cache or
 * rendered again, a list that is the same (its ETag) or shows the change.
 */
const SESSIONS: Record<string, { userId: string; email: string; roles: Array<'admin'> }> = {
  'owner-session-token-0001': { userId: 'owner-1', email: 'owner-1@example.com', roles: [] },
  'admin-session-token-0001': { userId: 'boss', email: 'boss@example.com', roles: ['admin'] },
  // An account made a moment ago: its reviews wait for staff.
  'newcomer-session-token-0001': { userId: 'newcomer-1', email: 'newcomer-1@example.com', roles: [] },
};
const OWNER = { cookie: `${SESSION_COOKIE}=owner-session-token-0001` };
const ADMIN = { cookie: `${SESSION_COOKIE}=admin-session-token-0001` };
const NEWCOMER = { cookie: `${SESSION_COOKIE}=newcomer-session-token-0001` };

/** svc-auth's stand-in: the sessions above. */
function fakeAuth() {
  const app = express();
  app.use(express.json());
  app.get('/healthz', (_req, res) => res.json({ status: 'ok' }));
  app.post('/internal/sessions/resolve', (req, res) => res.json({ identity: SESSIONS[String(req.body?.token)] ?? null }));
  return app;
}

describe('the caches of public pages and lists, against svc-catalog', () => {
  let staticRoot: string;
  let db: Awaited<ReturnType<typeof testDatabase>>;
  let mq: Awaited<ReturnType<typeof testBroker>>;
  let outbox: Outbox;
  let catalog: Awaited<ReturnType<typeof serve>>;
  let auth: Awaited<ReturnType<typeof serve>>;
  let renderer: Awaited<ReturnType<typeof serve>>;
  let site: Awaited<ReturnType<typeof serve>>;
  let gateway: ReturnType<typeof createGateway>;
  /** Every request svc-catalog received, by path and query. */
  const catalogHits: string[] = [];
  /** Every page the renderer was asked for. */
  const renders: string[] = [];

  beforeAll(async () => {
    staticRoot = mkdtempSync(path.join(tmpdir(), 'mealprep-gateway-public-caches-'));
    mkdirSync(path.join(staticRoot, 'shell', 'dist'), { recursive: true });
    writeFileSync(path.join(staticRoot, 'shell', 'dist', 'index.html'), '<html><head><!--runtime-config--></head><body></body></html>');
    db = await testDatabase('gateway-public-caches');
    mq = await testBroker('gateway-public-caches', 'svc-catalog');
    outbox = new Outbox({ connection: db.connection, broker: mq.broker, logger: silentLogger });
    const repositories = catalogRepositories(db.connection, outbox);
    await ensureCatalogIndexes(repositories);
    await seedReferenceData({ ...repositories, events: outbox });
    const index = new CatalogIndex(repositories);
    await index.refresh();
    const counted = express();
    counted.use((req, _res, next) => {
      if (req.path !== '/healthz') catalogHits.push(req.url);
      next();
    });
    counted.use(createCatalogApp({ logger: silentLogger, connection: db.connection, broker: mq.broker, outbox, identitySecret: TEST_IDENTITY_SECRET, catalog: index }));
    catalog = await serve(counted);
    auth = await serve(fakeAuth());
    const rendering = express();
    rendering.get('/healthz', (_req, res) => res.json({ status: 'ok' }));
    rendering.get(/.*/, (req, res) => {
      renders.push(req.originalUrl);
      res
        .set('cache-control', 'no-cache')
        .type('html')
        .send(`<!DOCTYPE html><html><body><div id="root">render ${renders.length}</div><script type="application/json" id="${QUERY_STATE_ELEMENT_ID}">{}</script></body></html>`);
    });
    renderer = await serve(rendering);
    gateway = createGateway(
      loadGatewayConfig({
        IDENTITY_SECRET: TEST_IDENTITY_SECRET,
        STATIC_ROOT: staticRoot,
        CATALOG_URL: catalog.url,
        AUTH_URL: auth.url,
        MEDIA_URL: catalog.url,
        CHECKER_URL: catalog.url,
        RENDERER_URL: renderer.url,
        PAGE_CACHE_TTL_MS: '60000',
        AMQP_URL: process.env.AMQP_URL || 'amqp://guest:guest@127.0.0.1:5672',
        AMQP_PREFIX: mq.prefix,
      }),
      silentLogger,
    );
    await gateway.start();
    site = await serve(gateway.app);
  });

  afterAll(async () => {
    await site?.close();
    await gateway?.close();
    await renderer?.close();
    await auth?.close();
    await catalog?.close();
    await outbox?.stop();
    await mq?.destroy();
    await db?.drop();
    if (staticRoot) rmSync(staticRoot, { recursive: true, force: true });
  });

  const call = async (method: string, pathname: string, headers: Record<string, string> = {}, body?: unknown) => {
    const response = await fetch(`${site.url}${pathname}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, text, json: (text.startsWith('{') ? JSON.parse(text) : null) as Record<string, unknown> | null };
  };
  const page = async (pathname: string) => {
    const answer = await call('GET', pathname);
    return { status: answer.status, cache: answer.headers.get('x-page-cache'), html: answer.text };
  };
  const hitsOf = (prefix: string) => catalogHits.filter((url) => url.startsWith(prefix)).length;
  const list = async (query: string) => ServiceListSchema.parse((await call('GET', `/api/catalog/services?${query}`)).json);

  /** A listing of the owner's, published by an admin. */
  const publishedListing = async (name: string, slug: string) => {
    const created = await call('POST', '/api/catalog/services', OWNER, listing(name, slug));
    expect(created.status).toBe(201);
    const id = String(created.json?.id);
    expect((await call('POST', `/api/catalog/services/${id}/submit`, OWNER)).status).toBe(200);
    expect((await call('PATCH', `/api/catalog/admin/services/${id}/status`, ADMIN, { status: 'published' })).status).toBe(200);
    return id;
  };

  /** The owner's live stream: what the gateway told the owner's browser of their listings' changes, as it heard them. */
  const ownersStream = async () => {
    const controller = new AbortController();
    const response = await fetch(`${site.url}/api/live`, { headers: OWNER, signal: controller.signal });
    const reader = response.body!.getReader();
    let received = '';
    void (async () => {
      for (;;) {
        const next = await reader.read().catch(() => ({ done: true as const, value: undefined }));
        if (next.done) return;
        received += new TextDecoder().decode(next.value);
      }
    })();
    return { told: (slug: string) => received.split(`"slug":"${slug}"`).length - 1, close: () => controller.abort() };
  };

  it('when an owner creates, saves and submits a draft, or saves their published listing unchanged, then visitors keep getting the cached page and the same list; a change visitors see drops them', async () => {
    await expect.poll(() => gateway.broker.isConnected()).toBe(true);
    const stream = await ownersStream();
    try {
      await expect.poll(() => gateway.live.size).toBe(1);
      const id = await publishedListing('Sunrise Prep Co', 'sunrise-prep-co');
      // Created, sent for review, published: the gateway has heard all three.
      await expect.poll(() => stream.told('sunrise-prep-co')).toBe(3);
      await expect.poll(async () => (await page('/service/sunrise-prep-co')).cache).toBe('hit');
      const kept = await page('/service/sunrise-prep-co');
      const rendersBefore = renders.length;
      expect((await list('q=Sunrise')).items.map((s) => s.slug)).toEqual(['sunrise-prep-co']);
      const listBefore = await call('GET', '/api/catalog/services?q=Sunrise');

      // The owner's draft: created, saved twice, sent for review, saved while pending.
      const draft = await call('POST', '/api/catalog/services', OWNER, listing('Moonlight Meals', 'moonlight-meals'));
      expect(draft.status).toBe(201);
      const draftId = String(draft.json?.id);
      expect((await call('PATCH', `/api/catalog/services/${draftId}`, OWNER, { tagline: 'Dinners at dusk' })).status).toBe(200);
      expect((await call('PATCH', `/api/catalog/services/${draftId}`, OWNER, { description: 'Late dinners, boxed.' })).status).toBe(200);
      expect((await call('POST', `/api/catalog/services/${draftId}/submit`, OWNER)).status).toBe(200);
      expect((await call('PATCH', `/api/catalog/services/${draftId}`, OWNER, { tagline: 'Dinners at midnight' })).status).toBe(200);
      // Their published listing saved with what it already says.
      expect((await call('PATCH', `/api/catalog/services/${id}`, OWNER, { tagline: 'Breakfasts that keep' })).status).toBe(200);
      // Every one of those events has reached the gateway: it told the owner's browser of each.
      await expect.poll(() => stream.told('moonlight-meals')).toBe(5);
      await expect.poll(() => stream.told('sunrise-prep-co')).toBe(4);

      // The visitor still gets the kept page, not rendered again, and the same list (its ETag: a browser's copy stands).
      const after = await page('/service/sunrise-prep-co');
      expect(after.cache).toBe('hit');
      expect(after.html).toBe(kept.html);
      expect(renders.length).toBe(rendersBefore);
      const listAfter = await call('GET', '/api/catalog/services?q=Sunrise');
      expect(listAfter.text).toBe(listBefore.text);
      expect(listAfter.headers.get('etag')).toBe(listBefore.headers.get('etag'));
      // A page not kept yet is rendered.
      expect((await page('/state/texas?fresh=1')).cache).toBe('miss');
      expect(renders.at(-1)).toBe('/state/texas?fresh=1');

      // The owner changes what visitors see of their published listing: the page is rendered again, with new data.
      expect((await call('PATCH', `/api/catalog/services/${id}`, OWNER, { tagline: 'Breakfasts at sunrise' })).status).toBe(200);
      await expect.poll(async () => (await page('/service/sunrise-prep-co')).cache).toBe('miss');
      expect(PublicServiceSchema.parse((await call('GET', '/api/catalog/services/by-slug/sunrise-prep-co')).json).tagline).toBe('Breakfasts at sunrise');

      // An admin publishes the pending listing: the kept page and list are dropped, and the list shows it.
      await expect.poll(async () => (await page('/service/sunrise-prep-co')).cache).toBe('hit');
      expect((await list('q=Moonlight')).items).toEqual([]);
      expect((await call('PATCH', `/api/catalog/admin/services/${draftId}/status`, ADMIN, { status: 'published' })).status).toBe(200);
      await expect.poll(async () => (await list('q=Moonlight')).items.map((s) => s.slug)).toEqual(['moonlight-meals']);
      await expect.poll(async () => (await page('/service/sunrise-prep-co')).cache).toBe('miss');
    } finally {
      stream.close();
    }
  });

  it('when a visitor reports a closed listing as still open, then visitors keep getting the cached page (the report is for the admins)', async () => {
    await expect.poll(() => gateway.broker.isConnected()).toBe(true);
    const stream = await ownersStream();
    try {
      await expect.poll(() => gateway.live.size).toBe(1);
      const id = await publishedListing('Closed Corner', 'closed-corner');
      expect((await call('PATCH', `/api/catalog/admin/services/${id}/status`, ADMIN, { status: 'closed' })).status).toBe(200);
      // Created, sent for review, published, closed: the gateway has heard all four.
      await expect.poll(() => stream.told('closed-corner')).toBe(4);
      await expect.poll(async () => (await page('/service/closed-corner')).cache).toBe('hit');
      const rendersBefore = renders.length;

      expect((await call('POST', `/api/catalog/services/${id}/report-still-open`)).status).toBe(202);
      // Behind the report, the owner's new draft: once the gateway has told the owner of it, it has heard the report too.
      expect((await call('POST', '/api/catalog/services', OWNER, listing('Marker Meals', 'marker-meals'))).status).toBe(201);
      await expect.poll(() => stream.told('marker-meals')).toBe(1);

      expect((await page('/service/closed-corner')).cache).toBe('hit');
      expect(renders.length).toBe(rendersBefore);
    } finally {
      stream.close();
    }
  });

  it('when a review waits for staff and its writer edits it again and again, or someone reports a shown one, then visitors keep getting the cached page and open pages are not told', async () => {
    await expect.poll(() => gateway.broker.isConnected()).toBe(true);
    const stream = await ownersStream();
    try {
      await expect.poll(() => gateway.live.size).toBe(1);
      const id = await publishedListing('Patient Pantry', 'patient-pantry');
      await expect.poll(() => stream.told('patient-pantry')).toBe(3);
      await expect.poll(async () => (await page('/service/patient-pantry')).cache).toBe('hit');
      const rendersBefore = renders.length;

      const text = (n: number) => `Fresh meals every week, and the soups are great: take ${n}.`;
      const written = await call('POST', `/api/catalog/services/${id}/reviews`, NEWCOMER, { rating: 4, text: text(0), name: 'Newcomer' });
      expect(written.status).toBe(201);
      expect(written.json?.status).toBe('held');
      for (let n = 1; n <= 5; n += 1) {
        const edited = await call('PATCH', `/api/catalog/reviews/${String(written.json?.id)}`, NEWCOMER, { rating: 5, text: text(n), name: 'Newcomer' });
        expect(edited.status).toBe(200);
        expect(edited.json?.status).toBe('held');
      }
      // Behind them, the owner's new draft: once the gateway has told the owner of it, it has heard the reviews' events too.
      expect((await call('POST', '/api/catalog/services', OWNER, listing('Marker Pantry', 'marker-pantry'))).status).toBe(201);
      await expect.poll(() => stream.told('marker-pantry')).toBe(1);

      expect(stream.told('patient-pantry')).toBe(3);
      expect((await page('/service/patient-pantry')).cache).toBe('hit');
      expect(renders.length).toBe(rendersBefore);

      // Shown once staff approve it (a change visitors see), then reported: the report is for the staff.
      expect((await call('POST', `/api/catalog/admin/reviews/${String(written.json?.id)}/decision`, ADMIN, { decision: 'approve' })).status).toBe(200);
      // The review shown, and the listing's new rating.
      await expect.poll(() => stream.told('patient-pantry')).toBe(5);
      await expect.poll(async () => (await page('/service/patient-pantry')).cache).toBe('hit');
      const rendersShown = renders.length;
      expect((await call('POST', `/api/catalog/reviews/${String(written.json?.id)}/reports`, OWNER, { reason: 'Not a customer of ours.' })).status).toBe(201);
      expect((await call('POST', '/api/catalog/services', OWNER, listing('Second Marker', 'second-marker'))).status).toBe(201);
      await expect.poll(() => stream.told('second-marker')).toBe(1);
      expect(stream.told('patient-pantry')).toBe(5);
      expect((await page('/service/patient-pantry')).cache).toBe('hit');
      expect(renders.length).toBe(rendersShown);
    } finally {
      stream.close();
    }
  });

  it('when a visitor uses "Use my location" twice, then both reach svc-catalog, which marks the answer no-store', async () => {
    const nearest = async () => {
      const answer = await call('GET', '/api/catalog/places/nearest?lat=30.27&lng=-97.74');
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      return NearestPlaceSchema.parse(answer.json);
    };
    const before = hitsOf('/places/nearest');
    const first = await nearest();
    expect(await nearest()).toEqual(first);
    expect(hitsOf('/places/nearest')).toBe(before + 2);
  });
});
