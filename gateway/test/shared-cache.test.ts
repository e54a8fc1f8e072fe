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
 * The gateway's page cache keeps only what a cache shared by every visitor may (RFC 9111): never a
 * page marked no-store or private, and none for longer than it says it stays fresh. API answers
 * are never kept by the gateway (svc-catalog keeps its own while its indexes stay as they were).
 */
describe("the gateway's page cache honours what the renderer says of keeping", () => {
  let staticRoot: string;
  let upstream: Awaited<ReturnType<typeof serve>>;
  let renderer: Awaited<ReturnType<typeof serve>>;
  let site: Awaited<ReturnType<typeof serve>>;
  let mq: Awaited<ReturnType<typeof testBroker>>;
  let gateway: ReturnType<typeof createGateway>;
  const renders = new Map<string, number>();
  const count = (counts: Map<string, number>, key: string) => {
    counts.set(key, (counts.get(key) ?? 0) + 1);
    return counts.get(key)!;
  };

  /** svc-catalog's stand-in: healthy, nothing more (no API answer is kept by the gateway). */
  function fakeCatalog() {
    const app = express();
    app.get('/healthz', (_req, res) => res.json({ status: 'ok' }));
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
      const rule: Record<string, string> = { 'no-store': 'private, no-store', private: 'private, max-age=60', 'one-second': 'public, max-age=1' };
      res
        .set('cache-control', rule[kind] ?? 'no-cache')
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

  /** Pages are kept once the event stream is up: a page read twice shows it. */
  const cachesAreUp = () => expect.poll(async () => (await get('/about?kind=plain&up=1'), (await get('/about?kind=plain&up=1')).headers.get('x-page-cache'))).toBe('hit');

  async function get(pathname: string, headers: Record<string, string> = {}) {
    const response = await fetch(`${site.url}${pathname}`, { headers });
    const text = await response.text();
    return { status: response.status, headers: response.headers, text };
  }

  it('when the renderer marks a page private, then each visitor who asks gets it rendered', async () => {
    await cachesAreUp();
    expect((await get('/about?kind=private')).text).toContain('render 1');
    expect((await get('/about?kind=private')).text).toContain('render 2');
  });

  it('when a page says it stays fresh a second, then it is rendered again once that second is over, not after the page cache’s own minute', async () => {
    await cachesAreUp();
    expect((await get('/about?kind=one-second')).text).toContain('render 1');
    await expect.poll(async () => (await get('/about?kind=one-second')).text, { timeout: 5_000, interval: 200 }).toContain('render 2');
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
