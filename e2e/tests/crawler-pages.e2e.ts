import { demoArticles, demoServices } from '@mealprep/demo-data';
import { describe, expect, inject, it } from 'vitest';

/**
 * Every public route as curl, a crawler or a link preview gets it: no script runs, so what is
 * checked is the first HTML itself: its status, its meta, the content a visitor reads and the
 * page's structured data.
 */
const siteUrl = inject('siteUrl');
const published = demoServices().filter((s) => s.status === 'published');
const service = published.find((s) => s.media.logoImageId)!;
const article = demoArticles()[0]!;

interface Page {
  status: number;
  html: string;
  /** The visible text, roughly: scripts dropped, tags out, the common entities decoded. */
  text: string;
  jsonLd: Array<Record<string, unknown> & { itemListElement?: Array<{ name: string; url?: string; item?: string; position: number }> }>;
}

async function read(path: string, userAgent = 'curl/8.5.0'): Promise<Page> {
  const response = await fetch(`${siteUrl}${path}`, { headers: { 'user-agent': userAgent } });
  const html = await response.text();
  const text = html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].flatMap((m) => [JSON.parse(m[1]!)].flat());
  return { status: response.status, html, text, jsonLd };
}

const ofType = (page: Page, type: string) => page.jsonLd.find((thing) => thing['@type'] === type);

describe('every public route in its first HTML, as curl and crawlers get it', () => {
  it('when the home page is fetched, then the hero, featured services, states and the header and footer are there', async () => {
    const page = await read('/');
    expect(page.status).toBe(200);
    expect(page.html).toContain('<title>Meal Prep Directory — Find meal prep services near you</title>');
    expect(page.html).not.toContain('needs JavaScript');
    expect(page.text).toContain('Meals Prepped & Delivered Locally');
    // Header and footer are the shell's, rendered with the page.
    expect(page.html).toMatch(/<header[\s\S]*href="\/find-service"[\s\S]*<\/header>/);
    expect(page.html).toMatch(/<footer[\s\S]*href="\/about"[\s\S]*<\/footer>/);
    expect(page.html).toContain('href="/state/texas"');
    // The demo catalogue features some published services (for 30 days and more from its first start).
    const featured = published.filter((s) => s.featuredUntil && new Date(s.featuredUntil) > new Date());
    expect(featured.length).toBeGreaterThan(0);
    expect(featured.some((s) => page.text.includes(s.name))).toBe(true);
  });

  it('when a service page is fetched, then its whole detail, its meta, FoodEstablishment and BreadcrumbList are there', async () => {
    const page = await read(`/service/${service.slug}`, 'Mozilla/5.0 (compatible; ClaudeBot/1.0; +claudebot@anthropic.com)');
    expect(page.status).toBe(200);
    expect(page.html).toContain(`<title>${service.name} | Meal Prep Directory</title>`);
    expect(page.html).toContain(`<link rel="canonical" href="${siteUrl}/service/${service.slug}">`);
    expect(page.html).toContain(`<meta property="og:title" content="${service.name} | Meal Prep Directory">`);
    expect(page.html).toMatch(new RegExp(`<h1[^>]*>${service.name}</h1>`));
    expect(service.tagline).not.toBe('');
    expect(page.text).toContain(service.tagline);
    expect(page.text).toContain(service.description.slice(0, 60));
    expect(service.contact.phone).not.toBe('');
    expect(page.text).toContain(service.contact.phone);
    // Share links are real links.
    expect(page.html).toMatch(/href="https:\/\/www\.facebook\.com\/sharer[^"]*"/);
    expect(ofType(page, 'FoodEstablishment')).toMatchObject({ name: service.name, url: `${siteUrl}/service/${service.slug}`, address: { addressRegion: service.locations[0]!.address.region } });
    expect(ofType(page, 'BreadcrumbList')?.itemListElement?.map((c) => c.name)).toEqual(['Home', 'Services by Name', service.name]);
  });

  it('when the list pages are fetched, then their cards, real pager links and ItemList are there', async () => {
    const byName = await read('/services-by-name');
    expect(byName.status).toBe(200);
    const list = ofType(byName, 'ItemList')!.itemListElement!;
    expect(list).toHaveLength(6);
    for (const item of list) {
      expect(published.map((s) => s.name)).toContain(item.name);
      expect(byName.text).toContain(item.name);
      expect(byName.html).toContain(`href="${new URL(item.url!).pathname}"`);
    }
    expect(byName.html).toContain('href="/services-by-name?page=2"');
    const second = await read('/services-by-name?page=2');
    expect(ofType(second, 'ItemList')!.itemListElement![0]!.position).toBe(7);

    const texas = await read('/state/texas');
    expect(texas.html).toContain('<title>Meal Prep Services in Texas | Meal Prep Directory</title>');
    const inTexas = published.filter((s) => s.locations.some((l) => l.address.region === 'Texas'));
    const texasList = ofType(texas, 'ItemList')!.itemListElement!;
    expect(texasList).toHaveLength(Math.min(6, inTexas.length));
    for (const item of texasList) expect(inTexas.map((s) => s.name)).toContain(item.name);
    expect(ofType(texas, 'BreadcrumbList')?.itemListElement?.map((c) => c.name)).toEqual(['Home', 'Services by State', 'Texas']);

    const keto = await read('/meal-type/keto');
    expect(keto.html).toContain('<title>Keto Meal Prep Services | Meal Prep Directory</title>');
    expect(ofType(keto, 'BreadcrumbList')?.itemListElement?.map((c) => c.name)).toEqual(['Home', 'Services by Meal Type', 'Keto']);
    expect(ofType(keto, 'ItemList')!.itemListElement!.length).toBeGreaterThan(0);

    const ships = await read('/services-that-ship');
    const shipping = published.filter((s) => s.deliveryMethods.shipsDomestically);
    for (const item of ofType(ships, 'ItemList')!.itemListElement!) expect(shipping.map((s) => s.name)).toContain(item.name);

    const states = await read('/services-by-state');
    expect(states.text).toContain('Texas');
    expect(states.html).toContain('href="/state/texas"');
    const mealTypes = await read('/services-by-meal-type');
    expect(mealTypes.html).toContain('href="/meal-type/keto"');
  });

  it('when a search is fetched as a GET, then its results are there; the search forms work without scripts', async () => {
    const empty = await read('/find-service');
    expect(empty.status).toBe(200);
    const forms = [...empty.html.matchAll(/<form role="search"[^>]*>/g)].map((m) => m[0]);
    // The header's search and the page's go to /find-service; the near-me form to /near (its results without scripts: near-me.e2e.ts).
    expect(forms).toHaveLength(3);
    expect(forms.filter((form) => /action="\/find-service" method="get"/.test(form))).toHaveLength(2);
    expect(forms.filter((form) => form.includes('action="/near"') && form.includes('method="get"'))).toHaveLength(1);
    const keto = await read('/find-service?q=keto');
    expect(keto.text).toMatch(/\d+ services? match(es)? "keto"/);
    expect(ofType(keto, 'ItemList')!.itemListElement!.length).toBeGreaterThan(0);
  });

  it('when the articles are fetched, then the list, an article body, BlogPosting and BreadcrumbList are there', async () => {
    const list = await read('/articles');
    expect(list.text).toContain(article.title);
    expect(list.html).toContain(`href="/articles/${article.slug}"`);
    expect(ofType(list, 'ItemList')).toBeTruthy();
    const post = await read(`/articles/${article.slug}`);
    expect(post.html).toContain(`<title>${article.title} | Meal Prep Directory</title>`);
    expect(post.html).toContain('<meta property="og:type" content="article">');
    const firstParagraph = /<p>([^<]{20,})/.exec(article.content)?.[1] ?? '';
    expect(firstParagraph.length).toBeGreaterThanOrEqual(20);
    expect(post.text).toContain(firstParagraph.slice(0, 40));
    expect(ofType(post, 'BlogPosting')).toMatchObject({ headline: article.title });
    expect(ofType(post, 'BreadcrumbList')?.itemListElement?.map((c) => c.name)).toEqual(['Home', 'Articles', article.title]);
  });

  it('when the other pages are fetched, then each has its own heading and title', async () => {
    for (const [path, title] of [
      ['/about', 'About'],
      ['/add-your-service', 'Add Your Service'],
      ['/terms-of-service', 'Terms of Service'],
      ['/privacy-policy', 'Privacy Policy'],
    ] as const) {
      const page = await read(path);
      expect([path, page.status]).toEqual([path, 200]);
      expect(page.html).toContain(`<title>${title} | Meal Prep Directory</title>`);
      expect(page.html).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
    }
    const form = await read('/paperform/some-form');
    expect(form.status).toBe(200);
    expect(form.html).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
  });

  it('when something does not exist, then the answer is a 404 with the not-found page in the body, marked noindex', async () => {
    const hidden = demoServices().filter((s) => ['draft', 'pending', 'rejected'].includes(s.status));
    expect(hidden.length).toBeGreaterThan(0);
    for (const [path, heading] of [
      ['/service/no-such-service', 'Service Not Found'],
      ...hidden.map((s) => [`/service/${s.slug}`, 'Service Not Found']),
      ['/state/atlantis', 'State Not Found'],
      ['/articles/nothing', 'Article Not Found'],
      ['/meal-type/nothing', 'Meal Type Not Found'],
      ['/nope', 'Page Not Found'],
    ] as const) {
      const page = await read(path);
      expect([path, page.status]).toEqual([path, 404]);
      expect(page.html).toContain('<meta name="robots" content="noindex, nofollow">');
      expect(page.html).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
    }
  });

  it('when a crawler reads robots.txt and the sitemap, then private areas are disallowed and every published page is listed', async () => {
    const robots = (await read('/robots.txt')).html;
    expect(robots).toContain('Disallow: /dashboard');
    expect(robots).toContain('Disallow: /login');
    expect(robots).toContain(`Sitemap: ${siteUrl}/sitemap.xml`);
    const sitemap = (await read('/sitemap.xml')).html;
    for (const s of published) expect(sitemap).toContain(`<loc>${siteUrl}/service/${s.slug}</loc>`);
    expect(sitemap).not.toContain(`/service/${demoServices().find((s) => s.status === 'closed')!.slug}<`);
    expect(sitemap).toContain(`<loc>${siteUrl}/state/texas</loc>`);
    expect(sitemap).not.toContain(`<loc>${siteUrl}/state/wyoming</loc>`);
    expect(sitemap).toContain(`<loc>${siteUrl}/articles/${article.slug}</loc>`);
  });
});
