import { existsSync, readFileSync } from 'node:fs';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express from 'express';
import { closeServer } from '@mealprep/service-kit';
import { serve, silentLogger, TEST_IDENTITY_SECRET, testBroker, testPublishedBrand } from '@mealprep/service-kit/testing';
import { readRuntimeConfig } from '@mealprep/api-client';
import { CLIENT_ADDRESS_HEADER } from '@mealprep/contracts';
import { matchPublicRoute, PUBLIC_ROUTES } from '@mealprep/mfe-public/route-table';
import { urlOfEveryRoute } from '@mealprep/mfe-public/route-urls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway } from '../../gateway/src/app';
import { loadGatewayConfig } from '../../gateway/src/config';
import { createRendererApp } from '../src/app';
import { PublicReleases } from '../src/releases';
import { ShellPages } from '../src/shell-page';

/**
 * The whole path of a public page: the gateway (the built shell and the public remote's current
 * release, from this repository's dist folders) sends it to the renderer, which renders it with
 * the release's server build and reads the page's data back through the gateway's public API
 * (here a fake catalogue). What is checked is what a crawler, a link preview or a browser gets.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const SITE = 'https://meals.example.com';

/** What String.replace reads in a replacement string: a page built with one would splice itself. */
const DOLLAR_PATTERNS = ['$&', '$`', "$'", '$$', '$1'];
const owned = (field: string) => `${field} ${DOLLAR_PATTERNS.join(' ')} end`;

const service = (slug: string, over: Record<string, unknown> = {}) => ({
  id: 'a'.repeat(24),
  name: 'Green Fork Kitchen',
  slug,
  tagline: 'Chef-made meals <fresh>',
  description: 'Weekly menus from Austin.',
  defaultCurrency: 'USD',
  languages: ['en'],
  mealTypes: ['keto'],
  status: 'published',
  featuredUntil: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  publishedAt: '2026-01-01T00:00:00.000Z',
  deliveryMethods: { localDelivery: true, pickup: true, shipsDomestically: false, shipsInternationally: false },
  contact: { email: 'hello@green.example.com', phone: '(555) 010-1000', website: 'https://green.example.com', socialLinks: [] },
  locations: [{ label: 'Kitchen', address: { line1: '1 Main St', city: 'Austin', region: 'Texas', postalCode: '78701', countryCode: 'US' }, isPrimary: true }],
  media: { logoImageId: 'logo-green-fork-kitchen' },
  offer: {
    pricePerMeal: { low: 9.5, high: 14 },
    plans: 'both',
    pauseAnyTime: true,
    deliveryDays: ['sun'],
    orderCutoff: { day: 'thu', hour: 18 },
    minimumOrderMeals: 6,
    allergenFriendly: ['nut-free'],
    menuUrl: '',
  },
  ...over,
});
const card = (slug: string, name: string) => ({
  id: slug.padEnd(24, '0').slice(0, 24),
  name,
  slug,
  tagline: `${name} tagline`,
  mealTypes: ['keto'],
  featuredUntil: null,
  locations: [{ city: 'Austin', region: 'Texas' }],
  media: { logoImageId: null },
});
const SERVICES: Record<string, ReturnType<typeof service>> = {
  'green-fork-kitchen': service('green-fork-kitchen'),
  'failing-kitchen': service('failing-kitchen'),
  'dollar-tagline': service('dollar-tagline', {
    name: owned('Name'),
    tagline: owned('Tagline'),
    description: owned('Description'),
    contact: { email: 'a@example.com', phone: owned('555-0100'), website: `https://green.example.com/${DOLLAR_PATTERNS.join('')}`, socialLinks: [] },
    locations: [{ label: owned('Label'), address: { line1: owned('1 Main St'), city: owned('Austin'), region: 'Texas', postalCode: '78701', countryCode: 'US' }, isPrimary: true }],
    media: { logoImageId: null },
  }),
  // A name and a tagline that try to end the page's scripts.
  'script-name': service('script-name', { name: '</script><script>alert(1)</script>', tagline: '<!-- </script> -->', media: { logoImageId: null } }),
};
const article = (slug: string, over: Record<string, unknown> = {}) => ({
  id: 'b'.repeat(24),
  slug,
  title: 'Keto Basics',
  excerpt: 'What keto means',
  category: 'Diets',
  tags: ['keto'],
  author: 'Dana',
  publishedAt: '2026-02-01T00:00:00.000Z',
  featuredImageUrl: null,
  featuredImageAlt: 'x',
  content: '<p>Keto is a way of eating.</p>',
  updatedAt: '2026-02-02T00:00:00.000Z',
  viewCount: 1,
  metaTitle: '',
  metaDescription: '',
  featuredImageUnsplash: null,
  ...over,
});
const ARTICLES: Record<string, ReturnType<typeof article>> = {
  'keto-basics': article('keto-basics'),
  'dollar-article': article('dollar-article', { title: owned('Title'), excerpt: owned('Excerpt'), author: owned('Author'), tags: [owned('tag')] }),
  'script-title': article('script-title', { title: '</script><img src=x onerror=alert(1)>' }),
  // An answer the API marks no-store (today's offer, say): nobody may keep it.
  'today-only': article('today-only', { title: 'Today Only' }),
};
/** Reads the fake services answer marked no-store. */
const NOT_TO_KEEP = ['/articles/today-only', '/services?q=today'];
const notFound = (res: express.Response) => res.status(404).json({ error: { code: 'not_found', message: 'Not found.' } });

/** svc-catalog and svc-media as the renderer's reads meet them, counting every read. */
function fakeServices(reads: string[], failing: Set<string>, throughGateway: string[]) {
  const app = express();
  app.use((req, res, next) => {
    reads.push(req.url);
    // The gateway signs the caller's address on whatever it forwards: a read without it came straight from the renderer.
    if (req.get(CLIENT_ADDRESS_HEADER)) throughGateway.push(req.url);
    if (NOT_TO_KEEP.some((prefix) => req.url.startsWith(prefix))) res.set('cache-control', 'no-store');
    if ([...failing].some((prefix) => req.url.startsWith(prefix))) return res.status(500).json({ error: { code: 'internal', message: 'boom' } });
    next();
  });
  app.get('/healthz', (_req, res) => res.json({ status: 'ok' }));
  app.get('/brand', (_req, res) => res.json(testPublishedBrand));
  app.get('/meal-types', (_req, res) => res.json({ items: [{ slug: 'keto', name: 'Keto', description: 'Low carb.', serviceCount: 1 }] }));
  app.get('/meal-types/keto', (_req, res) => res.json({ slug: 'keto', name: 'Keto', description: 'Low carb.', serviceCount: 1 }));
  app.get('/regions/texas', (_req, res) => res.json({ slug: 'texas', name: 'Texas', countryCode: 'US', type: 'state' }));
  app.get('/regions/texas/cities', (_req, res) => res.json({ items: [] }));
  app.get('/regions/:slug', (_req, res) => notFound(res));
  app.get('/services', (req, res) => {
    const page = Number(req.query.page ?? 1);
    const q = String(req.query.q ?? '');
    if (q.startsWith('$')) return res.status(400).json({ error: { code: 'validation_failed', message: 'Bad query.' } });
    const all = Array.from({ length: 8 }, (_, i) => card(`kitchen-${i + 1}`, `Kitchen ${i + 1}`));
    const items = all.slice((page - 1) * 6, page * 6);
    res.json({ items, total: all.length, page, pageSize: 6, pageCount: 2 });
  });
  app.get('/services/by-slug/:slug/nearby', (req, res) => (SERVICES[req.params.slug] ? res.json({ city: null, items: [] }) : notFound(res)));
  app.get('/services/by-slug/:slug', (req, res) => (SERVICES[req.params.slug] ? res.json(SERVICES[req.params.slug]) : notFound(res)));
  app.get('/articles', (_req, res) => res.json({ items: Object.values(ARTICLES).slice(0, 1) }));
  app.get('/articles/:slug', (req, res) => (ARTICLES[req.params.slug] ? res.json(ARTICLES[req.params.slug]) : notFound(res)));
  app.use((_req, res) => notFound(res));
  return app;
}

/** A server whose handler is given later: the gateway needs the renderer's address, the renderer the gateway's. */
async function listenLater(): Promise<{ url: string; server: Server; use: (handler: RequestListener) => void }> {
  let handler: RequestListener = (_req, res) => res.writeHead(503).end();
  const server = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, use: (next) => (handler = next) };
}

const count = (text: string, part: string) => text.split(part).length - 1;
const htmlEscaped = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const jsonLdOf = (html: string) => [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].flatMap((m) => [JSON.parse(m[1]!)].flat()) as Array<Record<string, unknown>>;
/** The page's visible text, roughly: tags out, scripts and styles dropped. */
const textOf = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

describe('public pages rendered on the server, through the gateway', () => {
  const reads: string[] = [];
  const throughGateway: string[] = [];
  const failing = new Set<string>();
  let renders = 0;
  let services: Awaited<ReturnType<typeof serve>>;
  let renderer: Awaited<ReturnType<typeof listenLater>>;
  let site: Awaited<ReturnType<typeof serve>>;
  let gateway: ReturnType<typeof createGateway>;
  let mq: Awaited<ReturnType<typeof testBroker>>;

  beforeAll(async () => {
    services = await serve(fakeServices(reads, failing, throughGateway));
    renderer = await listenLater();
    mq = await testBroker('renderer-pages');
    gateway = createGateway(
      loadGatewayConfig({
        IDENTITY_SECRET: TEST_IDENTITY_SECRET,
        STATIC_ROOT: ROOT,
        SITE_URL: SITE,
        CATALOG_URL: services.url,
        AUTH_URL: services.url,
        MEDIA_URL: services.url,
        CHECKER_URL: services.url,
        AMQP_URL: process.env.AMQP_URL || 'amqp://guest:guest@127.0.0.1:5672',
        AMQP_PREFIX: mq.prefix,
        RENDERER_URL: renderer.url,
        PAGE_CACHE_TTL_MS: '60000',
      }),
      silentLogger,
    );
    await gateway.start();
    site = await serve(gateway.app);
    const gatewayUrl = site.url;
    const runtimeConfig = () => readRuntimeConfig({ document: { getElementById: () => null } as unknown as Document, fetch: (input, init) => fetch(new URL(String(input), gatewayUrl), init) });
    const releases = new PublicReleases({ gatewayUrl, services: { catalog: services.url, media: services.url }, apiTimeoutMs: 2_000, logger: silentLogger, runtimeConfig });
    const app = createRendererApp({ logger: silentLogger, releases, shellPages: new ShellPages({ gatewayUrl }), runtimeConfig });
    renderer.use((req, res) => {
      // Pages only: the gateway's health probe asks for /healthz every 250 ms.
      if (!/^\/(?:healthz|readyz)\b/.test(req.url ?? '')) renders += 1;
      app(req, res);
    });
    await releases.check();
  });

  afterAll(async () => {
    await site?.close();
    await gateway?.close();
    await mq?.destroy();
    if (renderer) await closeServer(renderer.server);
    await services?.close();
  });

  /** Events the gateway's catalogue subscription has handled, read from its /metrics. */
  async function gatewayEventsHandled(): Promise<number> {
    const text = await (await fetch(`${site.url}/metrics`)).text();
    return Number(/^broker_events_handled\{queue="gateway-live"\} (\d+)$/m.exec(text)?.[1] ?? 0);
  }

  /** A listing changed, as svc-catalog announces it; back once the gateway has handled it, so it never lands in a later test. */
  async function catalogChanged(payload: { serviceId: string; slug: string; status: 'published' }) {
    const before = await gatewayEventsHandled();
    await mq.broker.publish('catalog.service.updated', payload);
    await expect.poll(gatewayEventsHandled).toBeGreaterThan(before);
  }

  async function page(pathname: string, headers: Record<string, string> = {}) {
    const response = await fetch(`${site.url}${pathname}`, { headers });
    const html = await response.text();
    return { status: response.status, html, headers: response.headers, text: textOf(html), jsonLd: jsonLdOf(html) };
  }

  it('when a crawler opens a service page, then its whole detail, its meta and its FoodEstablishment and BreadcrumbList are in the HTML', async () => {
    const { status, html, text, jsonLd, headers } = await page('/service/green-fork-kitchen', { 'user-agent': 'Mozilla/5.0 (compatible; GPTBot/1.2; +https://openai.com/gptbot)' });
    expect(status).toBe(200);
    expect(headers.get('x-rendered-release')).toMatch(/^[0-9a-f]{12}$/);
    expect(html).toContain('<title>Green Fork Kitchen | Meal Prep Directory</title>');
    expect(html).toContain('<meta name="description" content="Chef-made meals &lt;fresh&gt;">');
    expect(html).toContain(`<link rel="canonical" href="${SITE}/service/green-fork-kitchen">`);
    expect(html).toContain(`<meta property="og:image" content="${SITE}/api/media/images/logo-green-fork-kitchen/card">`);
    expect(html).toContain('<meta name="robots" content="index, follow">');
    expect(html).not.toContain('needs JavaScript');
    // What a person sees: the heading, the description, the contact and how meals arrive.
    for (const visible of ['Green Fork Kitchen', 'Weekly menus from Austin.', '(555) 010-1000', 'hello@green.example.com', 'Austin', 'The Offer', '$9.50–$14', 'Thursday, 6 pm'])
      expect(text).toContain(visible);
    expect(html).toMatch(/<h1[^>]*>Green Fork Kitchen<\/h1>/);
    expect(jsonLd).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          '@type': 'FoodEstablishment',
          name: 'Green Fork Kitchen',
          url: `${SITE}/service/green-fork-kitchen`,
          address: expect.objectContaining({ addressLocality: 'Austin', addressRegion: 'Texas' }),
          priceRange: '$9.50–$14 per meal',
        }),
        expect.objectContaining({ '@type': 'BreadcrumbList' }),
      ]),
    );
    // The data the page was rendered with is in it, for the browser to hydrate with.
    const state = JSON.parse(/<script type="application\/json" id="query-state">(.*?)<\/script>/.exec(html)?.[1] ?? '{}') as { queries: Array<{ queryKey: unknown[] }> };
    expect(state.queries.map((q) => q.queryKey[0])).toContain('services');
    // The runtime config names the release the page was rendered with: the browser loads that one.
    const config = JSON.parse(/<script type="application\/json" id="runtime-config">(.*?)<\/script>/.exec(html)?.[1] ?? '{}') as { remotes: { public: string } };
    expect(config.remotes.public).toBe(`/remotes/public/releases/${headers.get('x-rendered-release')}/mf-manifest.json`);
    expect(html).toContain(`data-release="${headers.get('x-rendered-release')}"`);
  });

  it('when a list page is opened, then its cards, a real pager link and its ItemList are in the HTML; page 2 continues the positions', async () => {
    const first = await page('/state/texas');
    expect(first.status).toBe(200);
    expect(first.html).toContain('<title>Meal Prep Services in Texas | Meal Prep Directory</title>');
    for (let i = 1; i <= 6; i += 1) expect(first.text).toContain(`Kitchen ${i}`);
    expect(first.html).toContain('href="/state/texas?page=2"');
    expect(first.html).not.toContain('Loading…');
    const list = first.jsonLd.find((thing) => thing['@type'] === 'ItemList') as { itemListElement: Array<{ position: number; url: string }> };
    expect(list.itemListElement.map((item) => item.position)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(list.itemListElement[0]?.url).toBe(`${SITE}/service/kitchen-1`);
    expect(first.jsonLd.find((thing) => thing['@type'] === 'BreadcrumbList')).toMatchObject({
      itemListElement: [{ name: 'Home' }, { name: 'Services by State' }, { name: 'Texas', item: `${SITE}/state/texas` }],
    });
    const second = await page('/state/texas?page=2');
    expect(second.text).toContain('Kitchen 7');
    expect((second.jsonLd.find((thing) => thing['@type'] === 'ItemList') as { itemListElement: Array<{ position: number }> }).itemListElement.map((item) => item.position)).toEqual([7, 8]);
    const mealType = await page('/meal-type/keto');
    expect(mealType.html).toContain('<title>Keto Meal Prep Services | Meal Prep Directory</title>');
    expect(mealType.jsonLd.map((thing) => thing['@type'])).toEqual(expect.arrayContaining(['BreadcrumbList', 'ItemList']));
  });

  it('when an article is opened, then its body, its meta and its BlogPosting are in the HTML', async () => {
    const { status, html, text, jsonLd } = await page('/articles/keto-basics');
    expect(status).toBe(200);
    expect(html).toContain('<title>Keto Basics | Meal Prep Directory</title>');
    expect(html).toContain('<meta property="og:type" content="article">');
    expect(text).toContain('Keto is a way of eating.');
    expect(jsonLd).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ '@type': 'BlogPosting', headline: 'Keto Basics', author: { '@type': 'Person', name: 'Dana' } }),
        expect.objectContaining({ '@type': 'BreadcrumbList' }),
      ]),
    );
    const list = await page('/articles');
    expect(list.html).toContain('href="/articles/keto-basics"');
    expect(list.jsonLd.find((thing) => thing['@type'] === 'ItemList')).toBeTruthy();
  });

  it("when a page is rendered, then what it loads once painted names the shell's chunks its entry loads at start, as the shell's build lists them", async () => {
    const built = JSON.parse(readFileSync(path.join(ROOT, 'shell', 'dist', 'start-chunks.json'), 'utf8')) as { page: string[]; analytics: string[] };
    expect(built.page.length).toBeGreaterThan(0);
    for (const file of [...built.page, ...built.analytics]) expect([file, existsSync(path.join(ROOT, 'shell', 'dist', file))]).toEqual([file, true]);
    const { html } = await page('/state/texas?shell-chunks=1');
    const afterPaint = /<template id="after-paint">([\s\S]*?)<\/template>/.exec(html)?.[1] ?? '';
    expect(afterPaint).toMatch(/<script defer src="\/main\.[0-9a-f]{8}\.js"><\/script>/);
    for (const file of built.page) expect(afterPaint).toContain(`<link rel="prefetch" href="${file}">`);
    // No setting names an analytics script here: its chunk is not named.
    for (const file of built.analytics) expect(html).not.toContain(file);
  });

  it('when pages are rendered, then the renderer reads their data from the services directly: none of it comes through the gateway', async () => {
    // Read afresh, not from what earlier renders kept: a catalogue event drops what they kept.
    await expect.poll(() => gateway.broker.isConnected()).toBe(true);
    await catalogChanged({ serviceId: 'x', slug: 'green-fork-kitchen', status: 'published' });
    const before = { reads: reads.length, throughGateway: throughGateway.length };
    for (const p of ['/state/texas?direct=1', '/service/green-fork-kitchen?direct=1', '/articles?direct=1']) expect([p, (await page(p)).status]).toEqual([p, 200]);
    expect(reads.length - before.reads).toBeGreaterThan(5);
    expect(throughGateway.slice(before.throughGateway)).toEqual([]);
  });

  it('when the common pages are rendered, then each takes one render: what they read was fetched before (the release says what its pages read)', async () => {
    const rounds = async () => {
      const text = await (await fetch(`${renderer.url}/metrics`)).text();
      return Object.fromEntries([...text.matchAll(/^renderer_pages_total\{status="(\d+)",reads="(\w+)"\} (\d+)$/gm)].map((m) => [`${m[2] === 'named' ? '1' : m[2]}/${m[1]}`, Number(m[3])]));
    };
    const before = await rounds();
    const pages = [
      '/?r=1',
      '/services-by-name?r=1',
      '/services-by-name?page=2&r=1',
      '/state/texas?r=1',
      '/meal-type/keto?r=1',
      `/service/green-fork-kitchen?r=1`,
      '/articles?r=1',
      '/articles/keto-basics?r=1',
      '/find-service?q=keto&r=1',
      '/services-that-ship?r=1',
    ];
    for (const p of pages) expect([p, (await page(p)).status]).toEqual([p, 200]);
    const after = await rounds();
    expect((after['1/200'] ?? 0) - (before['1/200'] ?? 0)).toBe(pages.length);
  });

  it('when every kind of public page is rendered, then the route table named every read each made: none was left for the browser', async () => {
    const missed = async () => {
      const text = await (await fetch(`${renderer.url}/metrics`)).text();
      return [...text.matchAll(/^renderer_pages_total\{status="\d+",reads="missed"\} (\d+)$/gm)].reduce((sum, m) => sum + Number(m[1]), 0);
    };
    const pages = [
      ...urlOfEveryRoute({ stateSlug: 'texas', citySlug: 'austin', mealTypeSlug: 'keto', serviceSlug: 'green-fork-kitchen', place: '78701', slug: 'keto-basics', formId: 'abc123' }),
      '/find-service?q=keto',
      '/service/nope',
      '/near?place=Austin%2C%20TX',
      '/no/such/page',
    ];
    // Every route of the table is among them.
    expect(PUBLIC_ROUTES.filter((route) => !pages.some((p) => matchPublicRoute(p.split('?')[0]!)?.route === route)).map((route) => route.path)).toEqual([]);
    const leftForTheBrowser: string[] = [];
    for (const p of pages) {
      const before = await missed();
      await page(`${p}${p.includes('?') ? '&' : '?'}every=1`);
      if ((await missed()) !== before) leftForTheBrowser.push(p);
    }
    expect(leftForTheBrowser).toEqual([]);
  });

  it('when a page, a slug or a listing does not exist, then the answer is a 404 with the not-found page in the body', async () => {
    for (const [p, title] of [
      ['/service/nope', 'Service Not Found'],
      ['/state/atlantis', 'State Not Found'],
      ['/articles/nope', 'Article Not Found'],
      ['/meal-type/nope', 'Meal Type Not Found'],
      ['/no/such/page', 'Page Not Found'],
      ['/service/%E0%A4%A', 'Service Not Found'],
    ] as const) {
      const { status, html } = await page(p);
      expect([p, status]).toEqual([p, 404]);
      expect(html).toContain(`<title>${title} | Meal Prep Directory</title>`);
      expect(html).toMatch(new RegExp(`<h1[^>]*>${title}</h1>`));
      expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    }
  });

  it("when every text of a listing or an article holds $&, $`, $', $$ and $1, then the page shows each literally, never spliced", async () => {
    const { html, jsonLd } = await page('/service/dollar-tagline');
    expect(count(html, '<!DOCTYPE html>')).toBe(1);
    expect(count(html, '</head>')).toBe(1);
    expect(count(html, 'id="runtime-config"')).toBe(1);
    expect(count(html, `<title>${htmlEscaped(`${owned('Name')} | Meal Prep Directory`)}</title>`)).toBe(1);
    expect(count(html, `<meta name="description" content="${htmlEscaped(owned('Tagline'))}">`)).toBe(1);
    expect(jsonLd.find((thing) => thing['@type'] === 'FoodEstablishment')).toMatchObject({
      name: owned('Name'),
      description: owned('Description'),
      telephone: owned('555-0100'),
      address: { streetAddress: owned('1 Main St'), addressLocality: owned('Austin') },
    });
    const post = await page('/articles/dollar-article');
    expect(count(post.html, `<title>${htmlEscaped(`${owned('Title')} | Meal Prep Directory`)}</title>`)).toBe(1);
    expect(post.jsonLd.find((thing) => thing['@type'] === 'BlogPosting')).toMatchObject({
      headline: owned('Title'),
      description: owned('Excerpt'),
      author: { name: owned('Author') },
      keywords: owned('tag'),
    });
  });

  it('when a name or a title holds </script>, or a slug or a query is hostile, then nothing reaches the HTML unescaped and nothing answers 500', async () => {
    for (const p of ['/service/script-name', '/articles/script-title']) {
      const { status, html, jsonLd } = await page(p);
      expect(status).toBe(200);
      // Only the page's own scripts: none of the visitor-supplied ones.
      expect(html).not.toContain('<script>alert(1)</script>');
      expect(html).not.toContain('<img src=x onerror');
      expect(jsonLd.length).toBeGreaterThan(0);
    }
    expect((await page('/service/script-name')).jsonLd.find((thing) => thing['@type'] === 'FoodEstablishment')?.name).toBe('</script><script>alert(1)</script>');
    const hostile = [
      `/find-service?q=${encodeURIComponent('<script>alert(1)</script>')}`,
      `/find-service?q=${encodeURIComponent('</script><script>alert(1)</script>')}`,
      `/find-service?q=${encodeURIComponent('$where')}`,
      `/find-service?q=${'a'.repeat(10_000)}`,
      `/services-by-name?page=${encodeURIComponent('{"$gt":1}')}`,
      `/state/${encodeURIComponent('<script>')}`,
      `/service/${encodeURIComponent('ké😀')}`,
      `/meal-type/${'x'.repeat(10_000)}`,
      `/articles/${encodeURIComponent('$ne')}`,
    ];
    for (const p of hostile) {
      const { status, html } = await page(p);
      expect([p.slice(0, 60), status]).toEqual([p.slice(0, 60), expect.toBeOneOf([200, 404])]);
      expect(html).not.toContain('<script>alert(1)</script>');
      expect(html).not.toMatch(/<script>(?!\(function)/);
    }
    const search = await page(`/find-service?q=${encodeURIComponent('<b>keto</b>')}`);
    expect(search.html).toContain('&lt;b&gt;keto&lt;/b&gt;');
  });

  it('when the API fails during a render, then the gateway serves the page for the browser to render, never a blank page', async () => {
    failing.add('/services/by-slug/failing-kitchen');
    try {
      const { status, html } = await page('/service/failing-kitchen');
      expect(status).toBe(200);
      expect(html).toContain('<div id="root"></div>');
      expect(html).toContain('needs JavaScript');
      expect(html).toContain('id="runtime-config"');
    } finally {
      failing.clear();
    }
  });

  it('when the API fails while a page without a slug renders (its head already out), then the page is finished for the browser to render and not kept', async () => {
    failing.add('/services?q=failing');
    // A person's browser (a crawler gets the whole document at once, so the gateway's page instead).
    const browser = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36' };
    try {
      const first = await page('/find-service?q=failing', browser);
      expect(first.headers.get('x-page-cache')).toBe('miss');
      expect(first.headers.get('x-rendered-release')).toMatch(/^[0-9a-f]{12}$/);
      expect(first.status).toBe(200);
      expect(first.html).toContain('<div id="root"></div>');
      expect(first.html).toContain('id="runtime-config"');
      expect(first.html).toMatch(/<script defer src="\/main\.[0-9a-f]+\.js"><\/script>/);
      expect(first.html).not.toContain('id="query-state"');
      expect(first.html.trimEnd().endsWith('</html>')).toBe(true);
      expect(first.html).toContain('<title>Meal Prep Directory — Find meal prep services near you</title>');
      const again = await page('/find-service?q=failing', browser);
      expect(again.headers.get('x-page-cache')).toBe('miss');
    } finally {
      failing.clear();
    }
  });

  it("when a read the page makes fails after the head's opening went out, then the page is still finished for the browser to render, not cut short", async () => {
    // The find page always answers 200, so its head's opening goes out before its reads; its search form reads the meal types' labels.
    failing.add('/meal-types');
    const browser = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36' };
    try {
      // Read afresh, not from what earlier renders kept: a catalogue event drops what they kept.
      await expect.poll(() => gateway.broker.isConnected()).toBe(true);
      await catalogChanged({ serviceId: 'x', slug: 'green-fork-kitchen', status: 'published' });
      let answer: Awaited<ReturnType<typeof page>> | null = null;
      let n = 0;
      await expect
        .poll(async () => {
          const before = reads.length;
          answer = await page(`/find-service?late=${(n += 1)}`, browser);
          return reads.slice(before).some((url) => url.startsWith('/meal-types'));
        })
        .toBe(true);
      const { status, html, headers } = answer!;
      expect(status).toBe(200);
      expect(headers.get('x-page-cache')).toBe('miss');
      // The head's opening, the site's meta for the page, then an empty root and the shell's scripts for the browser.
      expect(html.match(/<title>/g)).toHaveLength(1);
      expect(html).toContain('<link rel="canonical" href="');
      expect(html.match(/id="runtime-config"/g)).toHaveLength(1);
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain('id="query-state"');
      expect(html.trimEnd().endsWith('</html>')).toBe(true);
    } finally {
      failing.clear();
    }
  });

  it('when the same page is asked again, then the gateway answers it from its cache without a render; a catalogue event drops it', async () => {
    await expect.poll(() => gateway.broker.isConnected()).toBe(true);
    const first = await page('/about?cache=1');
    await expect.poll(async () => (await page('/about?cache=1')).headers.get('x-page-cache')).toBe('hit');
    const again = await page('/services-by-name?cache=1');
    expect(again.status).toBe(200);
    await expect.poll(async () => (await page('/services-by-name?cache=1')).headers.get('x-page-cache')).toBe('hit');
    const rendersBefore = renders;
    const cached = await page('/services-by-name?cache=1');
    expect(cached.headers.get('x-page-cache')).toBe('hit');
    expect(cached.html).toBe(again.html);
    expect(renders).toBe(rendersBefore);
    expect(first.html).toContain('<title>About | Meal Prep Directory</title>');

    await catalogChanged({ serviceId: 'x', slug: 'green-fork-kitchen', status: 'published' });
    await expect.poll(async () => (await page('/services-by-name?cache=1')).headers.get('x-page-cache')).toBe('miss');
    // A gzip-capable visitor gets the same page compressed.
    const zipped = await fetch(`${site.url}/about?cache=1`, { headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(await zipped.text()).toContain('<title>About | Meal Prep Directory</title>');
  });

  it('when a page is rendered again, then its data is read from the service again (the renderer keeps none); after a catalogue change the next render shows it', async () => {
    await expect.poll(() => gateway.broker.isConnected()).toBe(true);
    let n = 0;
    // Another query each time: the gateway renders it anew rather than serving the page it kept.
    const open = () => page(`/service/green-fork-kitchen?kept=${(n += 1)}`);
    expect((await open()).text).toContain('Weekly menus from Austin.');
    const before = reads.filter((url) => url.startsWith('/services/by-slug/green-fork-kitchen')).length;
    const again = await open();
    expect(again.status).toBe(200);
    expect(again.text).toContain('Weekly menus from Austin.');
    expect(reads.filter((url) => url.startsWith('/services/by-slug/green-fork-kitchen')).length - before).toBeGreaterThan(0);
    // What the browser hydrates with is there all the same.
    const state = JSON.parse(/<script type="application\/json" id="query-state">(.*?)<\/script>/.exec(again.html)?.[1] ?? '{}') as {
      queries: Array<{ queryKey: unknown[]; state: { data: { description?: string } } }>;
    };
    expect(state.queries.find((q) => q.queryKey[0] === 'services')?.state.data.description).toBe('Weekly menus from Austin.');

    const original = SERVICES['green-fork-kitchen']!;
    SERVICES['green-fork-kitchen'] = { ...original, description: 'New menus every Monday.' };
    try {
      await catalogChanged({ serviceId: original.id, slug: 'green-fork-kitchen', status: 'published' });
      await expect.poll(async () => (await open()).text).toContain('New menus every Monday.');
    } finally {
      SERVICES['green-fork-kitchen'] = original;
      await catalogChanged({ serviceId: original.id, slug: 'green-fork-kitchen', status: 'published' });
    }
    await expect.poll(async () => (await open()).text).toContain('Weekly menus from Austin.');
  });

  it('when a page is made with an answer the API marks no-store, then every render reads it afresh, the gateway keeps neither the answer nor the page, and the visitor is told not to keep it', async () => {
    await expect.poll(() => gateway.broker.isConnected()).toBe(true);
    // A person's browser: the head of a page without a slug goes out before its data is read.
    const browser = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36' };
    const readsOf = (prefix: string) => reads.filter((url) => url.startsWith(prefix)).length;
    // Pages are kept once the event stream is up: one read twice shows it.
    await expect.poll(async () => (await page('/about?warm=1', browser)).headers.get('x-page-cache')).toBe('hit');
    for (const [pathname, read, shown] of [
      ['/articles/today-only', '/articles/today-only', 'Today Only'],
      ['/find-service?q=today', '/services?q=today', 'Kitchen 1'],
    ] as const) {
      const before = readsOf(read);
      for (let visit = 1; visit <= 2; visit += 1) {
        const answer = await page(pathname, browser);
        expect([pathname, visit, answer.status, answer.headers.get('x-page-cache'), answer.headers.get('cache-control')]).toEqual([pathname, visit, 200, 'miss', 'private, no-store']);
        expect(answer.text).toContain(shown);
        expect(answer.html).toContain('id="query-state"');
      }
      expect([pathname, readsOf(read) - before]).toEqual([pathname, 2]);
    }
  });

  it('when the renderer is slower than a second, or stops, then the browser gets its page at once and the site keeps answering', async () => {
    renderer.use((_req, res) => {
      setTimeout(() => res.writeHead(200, { 'content-type': 'text/html' }).end('late'), 3_000).unref();
    });
    let started = Date.now();
    const slow = await page('/about?slow=1');
    expect(slow.status).toBe(200);
    expect(slow.html).toContain('needs JavaScript');
    expect(Date.now() - started).toBeLessThan(2_000);

    renderer.use((req) => req.socket.destroy());
    started = Date.now();
    const broken = await page('/about?broken=1');
    expect(broken.status).toBe(200);
    expect(broken.html).toContain('<div id="root"></div>');
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('when the renderer stops in the middle of a page, then the visitor gets the page for the browser, whole, never the part that was rendered', async () => {
    renderer.use((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.write('<!DOCTYPE html><html lang="en"><head><title>Half a page</title>');
      setTimeout(() => res.socket?.destroy(), 50).unref();
    });
    for (const encoding of ['identity', 'gzip']) {
      const cut = await page(`/about?cut=${encoding}`, { 'accept-encoding': encoding });
      expect(cut.status).toBe(200);
      expect(cut.html).not.toContain('Half a page');
      expect(cut.html).toContain('<div id="root"></div>');
      expect(cut.html.trimEnd()).toMatch(/<\/html>$/);
    }
  });
});
