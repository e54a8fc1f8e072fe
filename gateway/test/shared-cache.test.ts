import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import { QUERY_STATE_ELEMENT_ID } from '@mealprep/contracts';
import { serve, silentLogger, TEST_IDENTITY_SECRET, testBroker } from '@mealprep/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway } from '../src/app';
import { loadGatewayConfig } from '../src/config';

/**
 * The gateway's caches keep only what a cache shared by every visitor may (RFC 9111): never an
 * answer or a page marked no-store or private, one answer per value of what its Vary names, and
 * none for longer than it says it stays fresh.
 */
describe("the gateway's caches honour what services and the renderer say of keeping", () => {
  let staticRoot: string;
  let upstream: Awaited<ReturnType<typeof serve>>;
  let renderer: Awaited<ReturnType<typeof serve>>;
  let site: Awaited<ReturnType<typeof serve>>;
  let mq: Awaited<ReturnType<typeof testBroker>>;
  let gateway: ReturnType<typeof createGateway>;
  const hits = new Map<string, number>();
  const renders = new Map<string, number>();
  const count = (counts: Map<string, number>, key: string) => {
    counts.set(key, (counts.get(key) ?? 0) + 1);
    return counts.get(key)!;
  };

  /** svc-catalog's stand-in: each answer says how it may be kept, and how many times it was asked for. */
  function fakeCatalog() {
    const app = express();
    app.get('/healthz', (_req, res) => res.json({ status: 'ok' }));
    app.get('/plain', (req, res) => res.set('cache-control', 'no-cache').json({ n: count(hits, req.path) }));
    app.get('/mine', (req, res) => res.set('cache-control', 'private, max-age=60').json({ n: count(hits, req.path) }));
    app.get('/greeting', (req, res) => {
      const n = count(hits, req.path);
      res.set({ 'cache-control': 'no-cache', vary: 'Accept-Language' }).json({ n, greeting: req.get('accept-language') === 'fr' ? 'Bonjour' : 'Hello' });
    });
    app.get('/anything-varies', (req, res) => res.set({ 'cache-control': 'public, max-age=60', vary: '*' }).json({ n: count(hits, req.path) }));
    app.get('/one-second', (req, res) => res.set('cache-control', 'public, max-age=1').json({ n: count(hits, req.path) }));
    return app;
  }

  /** The renderer's stand-in: a page as the query names it (a page with the query state is one the gateway may keep). */
  function fakeRenderer() {
    const app = express();
    app.get('/healthz', (_req, res) => res.json({ status: 'ok' }));
    app.get(/.*/, (req, res) => {
      const kind = String(req.query.kind ?? 'plain');
      const n = count(renders, kind);
      // A page that learned only after its head went out that it was made with data not to be shared says so on its root.
      const root = kind === 'marked' ? '<div id="root" data-release="0123456789ab" data-rendered-at="1" data-shared="false">' : '<div id="root" data-release="0123456789ab" data-rendered-at="1">';
      res
        .set('cache-control', kind === 'no-store' ? 'private, no-store' : 'no-cache')
        .type('html')
        .send(`<!DOCTYPE html><html><body>${root}render ${n}</div><script type="application/json" id="${QUERY_STATE_ELEMENT_ID}">{}</script></body></html>`);
    });
    return app;
  }

  beforeAll(async () => {
    staticRoot = mkdtempSync(path.join(tmpdir(), 'mealprep-gateway-shared-cache-'));
    mkdirSync(path.join(staticRoot, 'shell', 'dist'), { recursive: true });
    writeFileSync(path.join(staticRoot, 'shell', 'dist', 'index.html'), '<html><head><!--runtime-config--></head><body></body></html>');
    upstream = await serve(fakeCatalog());
    renderer = await serve(fakeRenderer());
    mq = await testBroker('gateway-shared-cache');
    gateway = createGateway(
      loadGatewayConfig({
        IDENTITY_SECRET: TEST_IDENTITY_SECRET,
        STATIC_ROOT: staticRoot,
        CATALOG_URL: upstream.url,
        AUTH_URL: upstream.url,
        MEDIA_URL: upstream.url,
        CHECKER_URL: upstream.url,
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
    await mq?.destroy();
    await renderer?.close();
    await upstream?.close();
    if (staticRoot) rmSync(staticRoot, { recursive: true, force: true });
  });

  /** The caches keep answers once the catalogue's probe and the event stream are up: an answer read twice shows it. */
  const cachesAreUp = () =>
    expect
      .poll(async () => {
        const before = hits.get('/plain') ?? 0;
        await get('/api/catalog/plain');
        await get('/api/catalog/plain');
        return (hits.get('/plain') ?? 0) - before;
      })
      .toBe(0);

  async function get(pathname: string, headers: Record<string, string> = {}) {
    const response = await fetch(`${site.url}${pathname}`, { headers });
    const text = await response.text();
    return { status: response.status, headers: response.headers, text, body: response.headers.get('content-type')?.includes('json') ? (JSON.parse(text) as { n: number; greeting?: string }) : null };
  }

  it('when a service marks an answer private, then each visitor who asks reaches the service', async () => {
    await cachesAreUp();
    expect((await get('/api/catalog/mine')).body?.n).toBe(1);
    expect((await get('/api/catalog/mine')).body?.n).toBe(2);
  });

  it('when an answer varies with a request header, then a visitor who sends another value gets their own answer; one who sends the same gets the kept one', async () => {
    await cachesAreUp();
    const english = await get('/api/catalog/greeting', { 'accept-language': 'en' });
    expect(english.body).toEqual({ n: 1, greeting: 'Hello' });
    expect((await get('/api/catalog/greeting', { 'accept-language': 'en' })).body).toEqual({ n: 1, greeting: 'Hello' });
    expect((await get('/api/catalog/greeting', { 'accept-language': 'fr' })).body).toEqual({ n: 2, greeting: 'Bonjour' });
    expect((await get('/api/catalog/greeting', { 'accept-language': 'fr' })).body).toEqual({ n: 2, greeting: 'Bonjour' });
    // Vary: * matches no other request.
    expect((await get('/api/catalog/anything-varies')).body?.n).toBe(1);
    expect((await get('/api/catalog/anything-varies')).body?.n).toBe(2);
  });

  it('when an answer says it stays fresh a second, then it is asked again once that second is over, not after the edge’s own 30 s', async () => {
    await cachesAreUp();
    const first = (await get('/api/catalog/one-second')).body?.n;
    await expect.poll(async () => (await get('/api/catalog/one-second')).body?.n, { timeout: 5_000, interval: 200 }).toBeGreaterThan(first!);
  });

  it('when the renderer marks a page no-store or private, or its root says it was made with data not to be shared, then every visitor gets it rendered anew and is told not to keep it', async () => {
    await cachesAreUp();
    for (const kind of ['no-store', 'marked']) {
      const first = await get(`/about?kind=${kind}`);
      const second = await get(`/about?kind=${kind}`);
      expect([kind, first.headers.get('x-page-cache'), second.headers.get('x-page-cache')]).toEqual([kind, 'miss', 'miss']);
      expect(second.text).toContain('render 2');
      expect(second.headers.get('cache-control')).toBe('private, no-store');
    }
    // A page the renderer did not mark is kept for the next visitor, who is told to revalidate.
    await get('/about?kind=plain');
    const kept = await get('/about?kind=plain');
    expect(kept.headers.get('x-page-cache')).toBe('hit');
    expect(kept.headers.get('cache-control')).toBe('no-cache');
  });
});
