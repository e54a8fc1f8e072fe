import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import { serve, silentLogger, TEST_IDENTITY_SECRET } from '@mealprep/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway } from '../src/app';
import { loadGatewayConfig } from '../src/config';

/** What String.replace reads in a replacement string: the match, the text before and after it, a lone `$`, a group. */
const DOLLAR_PATTERNS = ['$&', '$`', "$'", '$$', '$1'];
const owned = (field: string) => `${field} ${DOLLAR_PATTERNS.join(' ')} end`;

const service = (slug: string, over: { tagline: string; description: string }) => ({
  id: 'a'.repeat(24), name: owned('Name'), slug, ...over,
  defaultCurrency: 'USD', languages: ['en'], mealTypes: ['keto'], status: 'published', featuredUntil: null,
  createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', publishedAt: '2026-01-01T00:00:00.000Z',
  deliveryMethods: { localDelivery: true, pickup: false, shipsDomestically: false, shipsInternationally: false },
  contact: { email: `a$&b@example.com`, phone: owned('555-0100'), website: `https://green.example.com/${DOLLAR_PATTERNS.join('')}`, socialLinks: [] },
  locations: [{ label: owned('Label'), address: { line1: owned('1 Main St'), city: owned('Austin'), region: owned('Texas'), postalCode: owned('78701'), countryCode: 'US' }, isPrimary: true }],
  media: { logoImageId: null },
});
const withTagline = service('dollar-tagline', { tagline: owned('Tagline'), description: owned('Description') });
const withoutTagline = service('dollar-description', { tagline: '', description: owned('Description') });
const article = {
  id: 'b'.repeat(24), slug: 'dollar-article', title: owned('Title'), excerpt: owned('Excerpt'), category: 'Diets', tags: [owned('tag')], author: owned('Author'),
  publishedAt: '2026-02-01T00:00:00.000Z', featuredImageUrl: null, featuredImageAlt: 'x', content: '<p>x</p>', updatedAt: '2026-02-02T00:00:00.000Z',
  viewCount: 1, metaTitle: '', metaDescription: '', featuredImageUnsplash: null,
};

const SHELL =
  '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Default</title>\n<meta name="description" content="default">\n<!--runtime-config-->\n<script defer src="/main.0123abcd.js"></script></head>\n<body><div id="root"></div></body></html>';

const count = (text: string, part: string) => text.split(part).length - 1;
const htmlEscaped = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

describe('owner text with $ in the page the gateway writes', () => {
  let staticRoot: string;
  let catalog: Awaited<ReturnType<typeof serve>>;
  let site: Awaited<ReturnType<typeof serve>>;
  let gateway: ReturnType<typeof createGateway>;

  beforeAll(async () => {
    staticRoot = mkdtempSync(path.join(tmpdir(), 'mealprep-gateway-dollar-'));
    mkdirSync(path.join(staticRoot, 'shell', 'dist'), { recursive: true });
    writeFileSync(path.join(staticRoot, 'shell', 'dist', 'index.html'), SHELL);
    const fake = express();
    fake.get('/services/by-slug/:slug', (req, res) => {
      const found = [withTagline, withoutTagline].find((s) => s.slug === req.params.slug);
      if (found) res.json(found);
      else res.status(404).json({ error: { code: 'not_found', message: 'no' } });
    });
    fake.get('/articles/dollar-article', (_req, res) => res.json(article));
    fake.use((_req, res) => res.status(404).json({ error: { code: 'not_found', message: 'no' } }));
    catalog = await serve(fake);
    gateway = createGateway(
      loadGatewayConfig({
        IDENTITY_SECRET: TEST_IDENTITY_SECRET,
        STATIC_ROOT: staticRoot,
        SITE_URL: 'https://meals.example.com',
        CATALOG_URL: catalog.url,
        AUTH_URL: catalog.url,
        MEDIA_URL: catalog.url,
        CHECKER_URL: catalog.url,
      }),
      silentLogger,
    );
    site = await serve(gateway.app);
  });

  afterAll(async () => {
    await site?.close();
    await gateway?.close();
    await catalog?.close();
    rmSync(staticRoot, { recursive: true, force: true });
  });

  /** The page as served, checked for what a splice would break: one head, one main.js, one runtime config, nothing before the doctype. */
  async function page(pathname: string) {
    const response = await fetch(`${site.url}${pathname}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html.startsWith('<!DOCTYPE html>\n<html lang="en">\n<head>')).toBe(true);
    expect(html.endsWith('</head>\n<body><div id="root"></div></body></html>')).toBe(true);
    expect(count(html, '<script defer src="/main.0123abcd.js"></script>')).toBe(1);
    expect(count(html, 'id="runtime-config"')).toBe(1);
    expect(count(html, '<head>')).toBe(1);
    expect(count(html, '</head>')).toBe(1);
    expect(count(html, '<title>')).toBe(1);
    expect(html).not.toContain('<title>Default</title>');
    expect(html).not.toContain('content="default"');
    const scripts = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)];
    expect(scripts).toHaveLength(1);
    return { html, jsonLd: JSON.parse(scripts[0]![1]!) as Record<string, unknown> };
  }

  it('when every text of a listing holds $&, $`, $\', $$ and $1, then the service page shows each once and literally: title, meta, Open Graph, JSON-LD', async () => {
    const { html, jsonLd } = await page('/service/dollar-tagline');
    const title = `${owned('Name')} | Meal Prep Directory`;
    expect(count(html, `<title>${htmlEscaped(title)}</title>`)).toBe(1);
    expect(count(html, `<meta property="og:title" content="${htmlEscaped(title)}">`)).toBe(1);
    expect(count(html, `<meta name="description" content="${htmlEscaped(owned('Tagline'))}">`)).toBe(1);
    expect(count(html, `<meta property="og:description" content="${htmlEscaped(owned('Tagline'))}">`)).toBe(1);
    expect(jsonLd).toMatchObject({
      '@type': 'FoodEstablishment',
      name: owned('Name'),
      description: owned('Description'),
      sameAs: [withTagline.contact.website],
      telephone: owned('555-0100'),
      address: { streetAddress: owned('1 Main St'), addressLocality: owned('Austin'), addressRegion: owned('Texas'), postalCode: owned('78701') },
    });
    // Each owner text is in the head exactly as often as the tags above put it there (escaped in the
    // meta tags, as it is in the JSON-LD), never spliced in again.
    expect([count(html, htmlEscaped(owned('Name'))), count(html, owned('Name'))]).toEqual([2, 1]);
    expect([count(html, htmlEscaped(owned('Tagline'))), count(html, owned('Tagline'))]).toEqual([2, 0]);
    expect([count(html, htmlEscaped(owned('Description'))), count(html, owned('Description'))]).toEqual([0, 1]);
    expect(count(html, owned('Austin'))).toBe(1);
  });

  it('when the listing has no tagline, then its description with $ patterns is the meta description, once and literally', async () => {
    const { html, jsonLd } = await page('/service/dollar-description');
    expect(count(html, `<meta name="description" content="${htmlEscaped(owned('Description'))}">`)).toBe(1);
    expect(count(html, `<meta property="og:description" content="${htmlEscaped(owned('Description'))}">`)).toBe(1);
    expect(jsonLd.description).toBe(owned('Description'));
    expect([count(html, htmlEscaped(owned('Description'))), count(html, owned('Description'))]).toEqual([2, 1]);
  });

  it('when an article\'s title, excerpt, author and tags hold $ patterns, then its page shows them once and literally', async () => {
    const { html, jsonLd } = await page('/articles/dollar-article');
    expect(count(html, `<title>${htmlEscaped(`${owned('Title')} | Meal Prep Directory`)}</title>`)).toBe(1);
    expect(count(html, `<meta name="description" content="${htmlEscaped(owned('Excerpt'))}">`)).toBe(1);
    expect(jsonLd).toMatchObject({ '@type': 'BlogPosting', headline: owned('Title'), description: owned('Excerpt'), author: { name: owned('Author') }, keywords: owned('tag') });
  });
});
