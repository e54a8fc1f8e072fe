import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import type { BrandAdminView, PublishedBrand, RuntimeConfig } from '@mealprep/contracts';
import { verifyIdentity } from '@mealprep/service-kit';
import { serve, silentLogger, TEST_IDENTITY_SECRET, testBroker, testPublishedBrand } from '@mealprep/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway } from '../src/app';
import { loadGatewayConfig } from '../src/config';
import { writePublicRelease } from './public-release';

const renamed = (version: number, siteName: string, tagline: string): PublishedBrand => ({
  version,
  settings: { ...testPublishedBrand.settings, siteName, tagline, colours: { ...testPublishedBrand.settings.colours, primary: '#1d4ed8' } },
});

const DRAFT = { ...testPublishedBrand.settings, siteName: 'Draft Kitchen', tagline: 'Not yet published', colours: { ...testPublishedBrand.settings.colours, primary: '#7c2d12' } };
const SESSIONS: Record<string, { userId: string; email: string; roles: Array<'admin'> }> = {
  'admin-session-token-0001': { userId: 'a', email: 'boss@example.com', roles: ['admin'] },
  'user-session-token-0001': { userId: 'u', email: 'someone@example.com', roles: [] },
};

describe("the operator's brand in the pages the gateway serves", () => {
  let staticRoot: string;
  let catalog: Awaited<ReturnType<typeof serve>>;
  let site: Awaited<ReturnType<typeof serve>>;
  let mq: Awaited<ReturnType<typeof testBroker>>;
  let gateway: ReturnType<typeof createGateway>;
  /** What the fake svc-catalog answers for the brand: 'down' is a 503 (it is starting). */
  let brand: PublishedBrand | 'down' = 'down';
  let brandReads = 0;

  beforeAll(async () => {
    staticRoot = mkdtempSync(path.join(tmpdir(), 'mealprep-gateway-brand-'));
    mkdirSync(path.join(staticRoot, 'shell', 'dist'), { recursive: true });
    writeFileSync(path.join(staticRoot, 'shell', 'dist', 'index.html'), '<html><head><title>Default</title><!--runtime-config--></head><body></body></html>');
    writePublicRelease(staticRoot);
    const app = express();
    app.get('/brand', (_req, res) => {
      brandReads += 1;
      if (brand === 'down') res.status(503).json({ error: { code: 'service_unavailable', message: 'starting' } });
      else res.json(brand);
    });
    // svc-auth's session lookup, and svc-catalog's staff view of the brand (its draft), for the preview.
    app.use(express.json());
    app.post('/internal/sessions/resolve', (req, res) => res.json({ identity: SESSIONS[String((req.body as { token?: unknown }).token)] ?? null }));
    app.get('/admin/brand', (req, res) => {
      if (!verifyIdentity(req.headers, TEST_IDENTITY_SECRET)?.roles.includes('admin')) return void res.status(403).json({ error: { code: 'forbidden', message: 'no' } });
      const current = brand === 'down' ? testPublishedBrand : brand;
      const view: BrandAdminView = { draft: { settings: DRAFT, savedBy: 'boss@example.com', savedAt: '2026-11-29T10:00:00.000Z' }, current, versions: [], trail: [] };
      res.json(view);
    });
    app.use((_req, res) => res.status(404).json({ error: { code: 'not_found', message: 'no' } }));
    catalog = await serve(app);
    mq = await testBroker('gateway-brand');
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

  const runtimeConfig = async () => (await (await fetch(`${site.url}/runtime-config.json`)).json()) as RuntimeConfig;
  const page = async (p: string) => (await fetch(`${site.url}${p}`)).text();
  const embedded = (html: string) => JSON.parse(/<script type="application\/json" id="runtime-config">(.*?)<\/script>/.exec(html)?.[1] ?? 'null') as RuntimeConfig;

  it('when svc-catalog cannot give the brand yet, then pages name the site by its host; once it can, within seconds, by the brand, asked again only while it could not', async () => {
    const before = await runtimeConfig();
    expect(before.siteName).toBe('meals.example.com');
    expect(before.brand.version).toBe(0);
    expect(await page('/about')).not.toContain('brand-colours');
    brand = testPublishedBrand;
    await expect.poll(async () => (await runtimeConfig()).siteName, { timeout: 5_000 }).toBe('Meal Prep Directory');
    const html = await page('/about');
    expect(html).toContain('<title>Meal Prep Directory — Find meal prep services near you</title>');
    expect(html).toContain('<meta property="og:site_name" content="Meal Prep Directory">');
    expect(embedded(html).brand).toMatchObject({ version: 1, shortName: 'Meal Prep', colours: testPublishedBrand.settings.colours, hero: testPublishedBrand.settings.hero });
    const reads = brandReads;
    for (let i = 0; i < 5; i += 1) await page('/');
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(brandReads).toBe(reads);
  });

  it('when staff ask for a page with ?brand-preview=draft, then they see it with the draft (never kept, never indexed); a visitor or a signed-in user asking the same gets the published brand', async () => {
    const asked = (cookie?: string) => fetch(`${site.url}/about?brand-preview=draft`, { headers: cookie ? { cookie: `mealprep_session=${cookie}` } : {} });
    const staff = await asked('admin-session-token-0001');
    const html = await staff.text();
    expect(html).toContain('<title>Draft Kitchen — Not yet published</title>');
    expect(html).toContain('--brand-primary:#7c2d12');
    expect(embedded(html)).toMatchObject({ siteName: 'Draft Kitchen' });
    expect(staff.headers.get('cache-control')).toBe('no-store');
    expect(staff.headers.get('x-robots-tag')).toBe('noindex');
    for (const cookie of [undefined, 'user-session-token-0001']) {
      const other = await (await asked(cookie)).text();
      expect(other).not.toContain('Draft Kitchen');
      expect(embedded(other).siteName).toBe((await runtimeConfig()).siteName);
    }
  });

  it('when staff publish a brand, then the next page carries it (title, share tags, the runtime config) without asking svc-catalog; an older one heard late changes nothing', async () => {
    const reads = brandReads;
    await mq.broker.publish('catalog.brand.published', renamed(2, 'Prep Finder', 'Fresh food near you'));
    await expect.poll(async () => (await runtimeConfig()).siteName, { timeout: 5_000 }).toBe('Prep Finder');
    const html = await page('/about');
    expect(html).toContain('<title>Prep Finder — Fresh food near you</title>');
    expect(html).toContain('<meta property="og:site_name" content="Prep Finder">');
    expect(embedded(html)).toMatchObject({ siteName: 'Prep Finder', brand: { version: 2, tagline: 'Fresh food near you', colours: { primary: '#1d4ed8' } } });
    // The colours for the first paint, over the stylesheet's own.
    expect(html).toContain('<style id="brand-colours">:root{--brand-primary:#1d4ed8;--brand-accent:#b45309;--brand-primary-dark:#34d399;--brand-accent-dark:#fbbf24}</style>');
    await mq.broker.publish('catalog.brand.published', testPublishedBrand);
    await mq.broker.publish('catalog.brand.published', renamed(3, 'Prep Finder Again', ''));
    await expect.poll(async () => (await runtimeConfig()).siteName, { timeout: 5_000 }).toBe('Prep Finder Again');
    expect(await page('/about')).toContain('<title>Prep Finder Again</title>');
    expect(brandReads).toBe(reads);
  });

  it("when the brand has an icon, a logo and a share image, then every page links the favicons, the Apple touch icon and the manifest, which the gateway writes from the brand; a page without an image of its own is shared with the brand's", async () => {
    const manifest = async () => {
      const answer = await fetch(`${site.url}/manifest.webmanifest`);
      expect([answer.status, answer.headers.get('content-type'), answer.headers.get('cache-control')]).toEqual([200, 'application/manifest+json; charset=utf-8', 'no-cache']);
      return (await answer.json()) as { name: string; short_name: string; theme_color?: string; icons: Array<{ src: string; sizes: string; type: string }> };
    };
    // Without an icon: an empty one (the browser asks for no /favicon.ico), and a manifest without icons.
    expect(await page('/about')).toContain('<link rel="icon" href="data:,"><link rel="manifest" href="/manifest.webmanifest">');
    expect((await manifest()).icons).toEqual([]);
    const icon = 'brand-icon-00112233445566aa';
    const pictures = { ...renamed(5, 'Prep Finder', 'Fresh food near you').settings, iconId: icon, logoLightId: 'brand-logo-00112233445566bb-240x64', shareImageId: 'brand-share-00112233445566cc' };
    await mq.broker.publish('catalog.brand.published', { version: 5, settings: pictures });
    await expect.poll(async () => (await runtimeConfig()).brand.version, { timeout: 5_000 }).toBe(5);
    const html = await page('/about');
    expect(html).toContain(
      `<link rel="icon" href="/api/media/brand-images/${icon}/32" sizes="32x32" type="image/png"><link rel="icon" href="/api/media/brand-images/${icon}/16" sizes="16x16" type="image/png"><link rel="apple-touch-icon" href="/api/media/brand-images/${icon}/180"><link rel="manifest" href="/manifest.webmanifest">`,
    );
    expect(html).not.toContain('data:,');
    expect(html).toContain('<meta property="og:image" content="https://meals.example.com/api/media/brand-images/brand-share-00112233445566cc/full">');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    // The footer's names for the social links are the gateway's, so pages carry no table of networks.
    expect(embedded(html).brand).toMatchObject({ socialLinks: ['https://www.instagram.com/'], socialLabels: ['Instagram'] });
    expect(embedded(html).brand.images).toEqual({ logoLight: 'brand-logo-00112233445566bb-240x64', logoDark: null, icon, share: 'brand-share-00112233445566cc' });
    expect(await manifest()).toEqual({
      name: 'Prep Finder',
      short_name: 'Meal Prep',
      description: 'Fresh food near you',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      background_color: '#ffffff',
      theme_color: '#1d4ed8',
      icons: [
        { src: `/api/media/brand-images/${icon}/192`, sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: `/api/media/brand-images/${icon}/512`, sizes: '512x512', type: 'image/png', purpose: 'any' },
      ],
    });
  });
});
