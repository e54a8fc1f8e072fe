import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import { serve, silentLogger, TEST_IDENTITY_SECRET, testBroker } from '@mealprep/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway } from '../src/app';
import { loadGatewayConfig } from '../src/config';
import { routeManifest } from '@mealprep/mfe-public/route-table';
import { writePublicRelease } from './public-release';

const service = {
  id: 'a'.repeat(24),
  name: 'Green Fork Kitchen',
  slug: 'green-fork-kitchen',
  tagline: 'Chef-made meals <fresh>',
  description: 'd',
  defaultCurrency: 'USD',
  languages: ['en'],
  mealTypes: ['keto'],
  status: 'published',
  featuredUntil: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  publishedAt: '2026-01-01T00:00:00.000Z',
  deliveryMethods: { localDelivery: true, pickup: false, shipsDomestically: false, shipsInternationally: false },
  contact: { email: 'a@example.com', phone: '(555) 010-1000', website: 'https://green.example.com', socialLinks: [] },
  locations: [{ label: 'Kitchen', address: { line1: '1 Main St', city: 'Austin', region: 'Texas', postalCode: '78701', countryCode: 'US' }, isPrimary: true }],
  media: { logoImageId: 'logo-green-fork-kitchen' },
};
const article = {
  id: 'b'.repeat(24),
  slug: 'keto-basics',
  title: 'Keto Basics',
  excerpt: 'What keto means',
  category: 'Diets',
  tags: ['keto'],
  author: 'Dana',
  publishedAt: '2026-02-01T00:00:00.000Z',
  featuredImageUrl: null,
  featuredImageAlt: 'x',
  content: '<p>x</p>',
  updatedAt: '2026-02-02T00:00:00.000Z',
  viewCount: 1,
  metaTitle: '',
  metaDescription: '',
  featuredImageUnsplash: null,
};

let listHits = 0;
const mediaHits = { banners: 0, images: 0 };

function fakeCatalog() {
  const app = express();
  app.get('/healthz', (_req, res) => res.json({ status: 'ok' }));
  app.get('/services', (_req, res) => {
    listHits += 1;
    res.set('cache-control', 'no-cache').json({ items: [], total: listHits, page: 1, pageSize: 6, pageCount: 0 });
  });
  // svc-media's routes (the fake answers for every service).
  app.get('/banners', (_req, res) => {
    mediaHits.banners += 1;
    res.set('cache-control', 'no-cache').json({ items: [{ id: `banner-${mediaHits.banners}` }] });
  });
  app.get('/images/logo-1/card', (_req, res) => {
    mediaHits.images += 1;
    res.type('image/webp').send(Buffer.from('RIFF'));
  });
  app.get('/regions/new-york', (_req, res) => res.json({ slug: 'new-york', name: 'New York', countryCode: 'US', type: 'state' }));
  app.get('/services/by-slug/green-fork-kitchen', (_req, res) => res.json(service));
  app.get('/articles/keto-basics', (_req, res) => res.json(article));
  app.get('/sitemap', (_req, res) => res.json({ services: ['green-fork-kitchen'], states: ['texas'], mealTypes: ['keto'], articles: ['keto-basics'], cities: ['texas/austin'] }));
  app.use((_req, res) => res.status(404).json({ error: { code: 'not_found', message: 'no' } }));
  return app;
}

describe('gateway pages rendered in the browser, and live events', () => {
  let staticRoot: string;
  let catalog: Awaited<ReturnType<typeof serve>>;
  let site: Awaited<ReturnType<typeof serve>>;
  let mq: Awaited<ReturnType<typeof testBroker>>;
  let gateway: ReturnType<typeof createGateway>;

  beforeAll(async () => {
    staticRoot = mkdtempSync(path.join(tmpdir(), 'mealprep-gateway-pages-'));
    mkdirSync(path.join(staticRoot, 'shell', 'dist'), { recursive: true });
    writeFileSync(
      path.join(staticRoot, 'shell', 'dist', 'index.html'),
      '<html><head><title>Default</title><meta name="description" content="default"><!--runtime-config--></head><body></body></html>',
    );
    // The public remote's current release, as scripts/lib/release.mjs publishes it.
    writePublicRelease(staticRoot, '0123456789ab', {
      metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
      exposes: [
        {
          name: 'routes',
          assets: {
            js: { sync: ['200.aaaa.js'], async: ['page-service-page.bbbb.js', 'page-state-page.cccc.js'] },
            css: { sync: ['200.dddd.css'], async: [] },
          },
        },
      ],
    });
    catalog = await serve(fakeCatalog());
    mq = await testBroker('gateway-live');
    const config = loadGatewayConfig({
      IDENTITY_SECRET: TEST_IDENTITY_SECRET,
      STATIC_ROOT: staticRoot,
      SITE_URL: 'https://meals.example.com',
      CATALOG_URL: catalog.url,
      AUTH_URL: catalog.url,
      MEDIA_URL: catalog.url,
      CHECKER_URL: catalog.url,
      AMQP_URL: process.env.AMQP_URL || 'amqp://guest:guest@127.0.0.1:5672',
      AMQP_PREFIX: mq.prefix,
      LIVE_MAX_PER_IP: '3',
    });
    gateway = createGateway(config, silentLogger);
    await gateway.start();
    site = await serve(gateway.app);
  });

  afterAll(async () => {
    await site?.close();
    await gateway?.close();
    await mq?.destroy();
    await catalog?.close();
    rmSync(staticRoot, { recursive: true, force: true });
  });

  const page = async (p: string) => {
    const response = await fetch(`${site.url}${p}`);
    return { status: response.status, html: await response.text() };
  };

  it('when a browser opens a service page, then the HTML asks at once for the remote, its styles, the page chunk and the data', async () => {
    const { html } = await page('/service/green-fork-kitchen');
    const hints = [...html.matchAll(/<link rel="(preload|prefetch)" href="([^"]+)"/g)].map((m) => `${m[1]} ${m[2]}`);
    expect(hints).toEqual([
      'preload /remotes/public/releases/0123456789ab/200.dddd.css',
      'prefetch /remotes/public/releases/0123456789ab/remoteEntry.js',
      'prefetch /remotes/public/releases/0123456789ab/200.aaaa.js',
      'prefetch /remotes/public/releases/0123456789ab/page-service-page.bbbb.js',
      'preload /api/catalog/services/by-slug/green-fork-kitchen',
      'preload /api/catalog/services/by-slug/green-fork-kitchen/nearby',
      'preload /api/catalog/meal-types',
      'preload /api/catalog/services/by-slug/green-fork-kitchen/reviews',
    ]);
    // Home's page is part of the routes chunk: no page chunk is named for it.
    expect((await page('/')).html).not.toContain('page-');
  });

  it('when a new release of the public remote is published, then the next page asks for its files, with no wait', async () => {
    const dist = path.join(staticRoot, 'mfe-public', 'dist');
    const releaseJson = readFileSync(path.join(dist, 'release.json'), 'utf8');
    const manifest = readFileSync(path.join(dist, 'releases', '0123456789ab', 'mf-manifest.json'), 'utf8');
    expect((await page('/service/green-fork-kitchen')).html).toContain('/remotes/public/releases/0123456789ab/remoteEntry.js');
    try {
      mkdirSync(path.join(dist, 'releases', 'ba9876543210'), { recursive: true });
      writeFileSync(path.join(dist, 'releases', 'ba9876543210', 'mf-manifest.json'), manifest.replace('200.aaaa.js', '200.eeee.js'));
      writeFileSync(path.join(dist, 'release.json'), JSON.stringify({ version: 'ba9876543210', manifest: 'releases/ba9876543210/mf-manifest.json', server: null }));
      const { html } = await page('/service/green-fork-kitchen');
      expect(html).toContain('<link rel="prefetch" href="/remotes/public/releases/ba9876543210/remoteEntry.js">');
      expect(html).toContain('<link rel="prefetch" href="/remotes/public/releases/ba9876543210/200.eeee.js">');
      expect(html).not.toContain('0123456789ab');
    } finally {
      writeFileSync(path.join(dist, 'release.json'), releaseJson);
    }
    expect((await page('/service/green-fork-kitchen')).html).toContain('/remotes/public/releases/0123456789ab/remoteEntry.js');
  });

  it('when a new release of the public remote adds a page, then the next answers serve it, hint its chunk and reads, and list it in the sitemap, with the gateway neither rebuilt nor restarted', async () => {
    const dist = path.join(staticRoot, 'mfe-public', 'dist');
    const releaseJson = readFileSync(path.join(dist, 'release.json'), 'utf8');
    expect((await page('/meal-plans')).status).toBe(404);
    expect((await page('/sitemap.xml')).html).not.toContain('/meal-plans');
    try {
      const version = 'c0ffee000001';
      const folder = path.join(dist, 'releases', version);
      mkdirSync(folder, { recursive: true });
      const manifest = JSON.parse(readFileSync(path.join(dist, 'releases', '0123456789ab', 'mf-manifest.json'), 'utf8')) as { exposes: Array<{ assets: { js: { async: string[] } } }> };
      manifest.exposes[0]!.assets.js.async.push('page-meal-plans-page.ffff.js');
      writeFileSync(path.join(folder, 'mf-manifest.json'), JSON.stringify(manifest));
      const { routes } = routeManifest();
      const added = {
        path: '/meal-plans',
        chunk: 'page-meal-plans-page',
        sitemap: 'page',
        reads: [
          { path: '/catalog/meal-types' },
          {
            path: '/catalog/services',
            query: [
              ['featured', 'true'],
              ['page', '$page'],
            ],
          },
        ],
      };
      writeFileSync(path.join(folder, 'routes.json'), JSON.stringify({ routes: [...routes, added] }));
      writeFileSync(path.join(dist, 'release.json'), JSON.stringify({ version, manifest: `releases/${version}/mf-manifest.json`, server: null, routes: `releases/${version}/routes.json` }));

      const { status, html } = await page('/meal-plans?page=2');
      expect(status).toBe(200);
      expect(html).not.toContain('noindex');
      expect(html).toContain(`<link rel="prefetch" href="/remotes/public/releases/${version}/page-meal-plans-page.ffff.js">`);
      expect(html).toContain('<link rel="preload" href="/api/catalog/meal-types" as="fetch" crossorigin="anonymous">');
      expect(html).toContain('<link rel="preload" href="/api/catalog/services?featured=true&amp;page=2" as="fetch" crossorigin="anonymous">');
      expect((await page('/sitemap.xml')).html).toContain('<loc>https://meals.example.com/meal-plans</loc>');
    } finally {
      writeFileSync(path.join(dist, 'release.json'), releaseJson);
    }
    expect((await page('/meal-plans')).status).toBe(404);
  });

  it('when the renderer is not configured and a page does not exist, then the browser gets its page with a 404 and noindex (the page itself says what was not found)', async () => {
    for (const p of ['/no/such/page', '/service/%E0%A4%A', '/state/..%2F..', '/state/texas/Not%20A%20City', '/state/texas/austin/more']) {
      const { status, html } = await page(p);
      expect(status).toBe(404);
      expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
      expect(html).toContain('id="runtime-config"');
    }
    const known = await page('/service/green-fork-kitchen');
    expect(known.status).toBe(200);
    expect(known.html).toContain('<link rel="canonical" href="https://meals.example.com/service/green-fork-kitchen">');
    expect((await page('/login')).html).toContain('noindex, nofollow');
  });

  it('when a crawler reads robots.txt and the sitemap, then private areas are disallowed and public pages listed', async () => {
    const robots = await page('/robots.txt');
    expect(robots.html).toContain('Disallow: /dashboard');
    expect(robots.html).toContain('Disallow: /login');
    expect(robots.html).toContain('Sitemap: https://meals.example.com/sitemap.xml');
    const sitemap = await page('/sitemap.xml');
    for (const p of ['/', '/services-by-name', '/service/green-fork-kitchen', '/state/texas', '/state/texas/austin', '/meal-type/keto', '/articles/keto-basics']) {
      expect(sitemap.html).toContain(`<loc>https://meals.example.com${p}</loc>`);
    }
  });

  it('when the near-me form is sent without JavaScript, then the browser is sent to the page of that place, with the other choices kept', async () => {
    const sent = async (query: string) => {
      const response = await fetch(`${site.url}/near${query}`, { redirect: 'manual' });
      return { status: response.status, location: response.headers.get('location') };
    };
    expect(await sent('?place=78701')).toEqual({ status: 302, location: '/near/78701' });
    expect(await sent('?place=%20Austin%2C%20TX%20&radius=50&delivery=pickup')).toEqual({ status: 302, location: '/near/Austin%2C%20TX?radius=50&delivery=pickup' });
    // A place of 10 KB keeps what the search reads (100 characters); slashes and dots stay in the one path segment.
    const long = await sent(`?place=${'9'.repeat(10_000)}`);
    expect(long.location).toBe(`/near/${'9'.repeat(100)}`);
    expect((await sent('?place=..%2F..%2Fadmin')).location).toBe('/near/..%2F..%2Fadmin');
    // No place: /near itself, which asks for one.
    expect((await sent('?place=%20%20')).status).toBe(200);
    expect((await sent('')).status).toBe(200);
  });

  it('when a service changes, then every open live stream is told which topics to refetch', async () => {
    const controller = new AbortController();
    const response = await fetch(`${site.url}/api/live`, { signal: controller.signal });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = response.body!.getReader();
    let received = '';
    await expect.poll(() => gateway.live.size).toBe(1);
    await mq.broker.publish('catalog.service.status-changed', { serviceId: 'x', slug: 'green-fork-kitchen', status: 'draft', previousStatus: 'published' });
    const deadline = Date.now() + 5_000;
    while (!/event: invalidate\ndata: [^\n]*\n\n/.test(received) && Date.now() < deadline) {
      const { value } = await reader.read();
      received += new TextDecoder().decode(value);
    }
    controller.abort();
    expect(received).toContain('event: invalidate\ndata: {"topics":["services","regions"],"slug":"green-fork-kitchen"}\n\n');
  });

  it('when a server-rendered page opens its stream, then the changes announced since its render are sent at once; older ones and a bad since are not', async () => {
    await expect.poll(() => gateway.broker.isConnected()).toBe(true);
    const before = Date.now() - 10_000;
    await mq.broker.publish('catalog.service.updated', { serviceId: 'y', slug: 'replayed-kitchen', status: 'published' });
    /** Opens a stream, then (once it is open) runs `then`, and reads until `until` has come or `ms` passed. */
    const openAndRead = async (query: string, until: string, ms: number, then: () => Promise<unknown> = async () => undefined) => {
      const controller = new AbortController();
      const response = await fetch(`${site.url}/api/live${query}`, { signal: controller.signal });
      const reader = response.body!.getReader();
      const deadline = setTimeout(() => controller.abort(), ms);
      let received = '';
      try {
        await then();
        while (!received.includes(until)) {
          const next = await reader.read();
          if (next.done) break;
          received += new TextDecoder().decode(next.value);
        }
      } catch {
        // Aborted at the deadline: what came is what was received.
      } finally {
        clearTimeout(deadline);
        controller.abort();
      }
      return { status: response.status, received };
    };
    // The event reaches the gateway's hub a moment after it is published.
    await expect.poll(async () => (await openAndRead(`?since=${before}`, 'replayed-kitchen', 300)).received).toContain('"slug":"replayed-kitchen"');
    // What a stream is sent at once comes before any change announced after it opened: a marker
    // change, once heard, shows that nothing was replayed.
    let markers = 0;
    const withMarker = async (query: string) => {
      const slug = `marker-kitchen-${(markers += 1)}`;
      const read = await openAndRead(query, `"slug":"${slug}"`, 5_000, () => mq.broker.publish('catalog.service.updated', { serviceId: 'm', slug, status: 'published' }));
      expect(read.received).toContain(`"slug":"${slug}"`);
      return read;
    };
    expect((await withMarker(`?since=${Date.now() + 60_000}`)).received).not.toContain('replayed-kitchen');
    expect((await withMarker('')).received).not.toContain('replayed-kitchen');
    const bad = await withMarker('?since=yesterday');
    expect(bad.status).toBe(200);
    expect(bad.received).not.toContain('replayed-kitchen');
  });

  it('when one address opens too many live streams, then the extra one is refused with a 429', async () => {
    const controllers = [new AbortController(), new AbortController(), new AbortController()];
    const open = await Promise.all(controllers.map((c) => fetch(`${site.url}/api/live`, { signal: c.signal })));
    expect(open.map((r) => r.status)).toEqual([200, 200, 200]);
    const extra = await fetch(`${site.url}/api/live`);
    expect(extra.status).toBe(429);
    for (const c of controllers) c.abort();
    await expect.poll(() => gateway.live.size).toBe(0);
  });

  it('when visitors read a list or the banner list, then each read is answered by svc-catalog or svc-media (the gateway keeps no copy), with its ETag; images always go to svc-media', async () => {
    const list = async () => {
      const response = await fetch(`${site.url}/api/catalog/services?page=1`);
      return { status: response.status, etag: response.headers.get('etag'), body: (await response.json()) as { total: number } };
    };
    const first = await list();
    const second = await list();
    // The stand-in numbers its answers: the second is its own, not a copy of the first.
    expect(second.body.total).toBe(first.body.total + 1);
    expect(first.etag).toBeTruthy();
    const banners = async () => ((await (await fetch(`${site.url}/api/media/banners`)).json()) as { items: Array<{ id: string }> }).items[0]?.id;
    const before = mediaHits.banners;
    await banners();
    await banners();
    expect(mediaHits.banners).toBe(before + 2);
    const images = mediaHits.images;
    for (let i = 0; i < 3; i += 1) expect((await fetch(`${site.url}/api/media/images/logo-1/card`)).status).toBe(200);
    expect(mediaHits.images).toBe(images + 3);
  });

  it('when the catalogue stops, then a list is a 503 at once', async () => {
    expect((await fetch(`${site.url}/api/catalog/services?page=1`)).status).toBe(200);
    await catalog.close();
    const started = Date.now();
    await expect.poll(async () => (await fetch(`${site.url}/api/catalog/services?page=1`)).status, { interval: 50 }).toBe(503);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
