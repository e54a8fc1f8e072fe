import { demoArticles, demoServices } from '@mealprep/demo-data';
import { describe, expect, inject, it } from 'vitest';

const siteUrl = inject('siteUrl');
const service = demoServices().find((s) => s.status === 'published' && s.media.logoImageId)!;
const article = demoArticles()[0]!;

async function html(path: string) {
  const response = await fetch(`${siteUrl}${path}`);
  return { status: response.status, text: await response.text() };
}

const jsonLd = (text: string) => JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(text)?.[1] ?? 'null');

describe('pages as crawlers see them, without running scripts', () => {
  it('when a crawler fetches a service page, then its title, description, canonical, Open Graph and JSON-LD are in the HTML', async () => {
    const { status, text } = await html(`/service/${service.slug}`);
    expect(status).toBe(200);
    expect(text).toContain(`<title>${service.name} | Meal Prep Directory</title>`);
    expect(text).toContain(`<link rel="canonical" href="${siteUrl}/service/${service.slug}">`);
    expect(text).toContain(`<meta property="og:title" content="${service.name} | Meal Prep Directory">`);
    expect(jsonLd(text)).toMatchObject({ '@type': 'FoodEstablishment', name: service.name, address: { addressRegion: service.locations[0]!.address.region } });
  });

  it('when a crawler fetches an article, a state and a meal type, then each has its own meta; articles carry BlogPosting', async () => {
    const post = await html(`/articles/${article.slug}`);
    expect(post.text).toContain(`<title>${article.title} | Meal Prep Directory</title>`);
    expect(jsonLd(post.text)).toMatchObject({ '@type': 'BlogPosting', headline: article.title });
    expect((await html('/state/texas')).text).toContain('<title>Meal Prep Services in Texas | Meal Prep Directory</title>');
    expect((await html('/meal-type/keto')).text).toContain('<title>Keto Meal Prep Services | Meal Prep Directory</title>');
  });

  it('when a crawler asks for something that does not exist, then it gets a 404 marked noindex', async () => {
    for (const path of ['/service/no-such-service', '/state/atlantis', '/articles/nothing', '/meal-type/nothing', '/nope']) {
      const { status, text } = await html(path);
      expect(status, path).toBe(404);
      expect(text).toContain('<meta name="robots" content="noindex, nofollow">');
    }
  });

  it('when a crawler reads robots.txt and the sitemap, then private areas are disallowed and every published page is listed', async () => {
    const robots = (await html('/robots.txt')).text;
    expect(robots).toContain('Disallow: /dashboard');
    expect(robots).toContain('Disallow: /login');
    expect(robots).toContain(`Sitemap: ${siteUrl}/sitemap.xml`);
    const sitemap = (await html('/sitemap.xml')).text;
    const published = demoServices().filter((s) => s.status === 'published');
    for (const s of published) expect(sitemap).toContain(`<loc>${siteUrl}/service/${s.slug}</loc>`);
    expect(sitemap).not.toContain(`/service/${demoServices().find((s) => s.status === 'closed')!.slug}<`);
    expect(sitemap).toContain(`<loc>${siteUrl}/state/texas</loc>`);
    expect(sitemap).not.toContain(`<loc>${siteUrl}/state/wyoming</loc>`);
    expect(sitemap).toContain(`<loc>${siteUrl}/articles/${article.slug}</loc>`);
  });
});
