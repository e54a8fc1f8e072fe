import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import type { PublishedBrand, RuntimeConfig } from '@mealprep/contracts';
import { serve, silentLogger, TEST_IDENTITY_SECRET, testBroker, testPublishedBrand } from '@mealprep/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway } from '../src/app';
import { loadGatewayConfig } from '../src/config';
import { writePublicRelease } from './public-release';

const renamed = (version: number, siteName: string, tagline: string): PublishedBrand => ({
  version,
  settings: { ...testPublishedBrand.settings, siteName, tagline, colours: { ...testPublishedBrand.settings.colours, primary: '#1d4ed8' } },
});

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
});
