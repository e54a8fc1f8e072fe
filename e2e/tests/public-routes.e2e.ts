import { demoArticles, demoServices } from '@mealprep/demo-data';
import { describe, expect, inject, it } from 'vitest';
import { useBrowserPage } from '../browser';
import { cardNames, expectHeading, pagerItems } from '../page-helpers';

const siteUrl = inject('siteUrl');
const services = demoServices();
const published = services.filter((s) => s.status === 'published');
const byName = [...published].sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));
const closed = services.find((s) => s.status === 'closed')!;
const withWebsite = published.find((s) => s.media.logoImageId)!;
const article = demoArticles()[0]!;

describe('every public route in Chromium', () => {
  const browser = useBrowserPage();
  const open = async (path: string) => {
    await browser.page.goto(`${siteUrl}${path}`);
    return browser.page;
  };

  it('when a visitor opens home, then the banner hero, featured carousel, local block and states are there', async () => {
    const page = await open('/');
    await expectHeading(page, 'Meals Prepped & Delivered Locally');
    const main = page.getByRole('main');
    await main.getByRole('link', { name: 'Find a Service' }).first().waitFor();
    await main.getByRole('link', { name: 'Add Your Service' }).first().waitFor();
    await page.getByRole('heading', { name: 'Why choose a local service?' }).waitFor();
    await page.getByRole('link', { name: 'Meal Prep in Texas', exact: true }).waitFor();
    const featured = published.filter((s) => s.featuredUntil);
    await page.locator(`a[href="/service/${featured[0]!.slug}"]`).first().waitFor();
    // The first banner image really loads (drawn by svc-media, no outside host).
    await expect
      .poll(() =>
        page
          .locator('main img')
          .first()
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
      )
      .toBeGreaterThan(0);
  });

  it('when a visitor uses find-a-service, then the three ways in and a search with its query in the URL work', async () => {
    const page = await open('/find-service');
    await expectHeading(page, 'Find a Service');
    for (const href of ['/services-by-state', '/services-by-meal-type', '/services-that-ship', '/add-your-service']) {
      expect(await page.locator(`main a[href="${href}"]`).count(), href).toBeGreaterThan(0);
    }
    await page.getByRole('main').getByRole('searchbox', { name: 'Search services' }).fill('austin');
    await page.getByRole('main').getByRole('button', { name: 'Search' }).click();
    const austin = published.filter((s) => s.locations[0]?.address.city === 'Austin');
    await page.getByText(`${austin.length} ${austin.length === 1 ? 'service matches' : 'services match'} "austin"`).waitFor();
    expect(new URL(page.url()).searchParams.get('q')).toBe('austin');
    expect((await cardNames(page)).sort()).toEqual(
      austin
        .map((s) => s.name)
        .sort()
        .slice(0, 6),
    );

    await open('/find-service?q=zzzz-nothing');
    await page.getByText('No services match "zzzz-nothing".').waitFor();
  });

  it('when a visitor searches from the header, then the results page opens with the query', async () => {
    const page = await open('/about');
    await page.getByRole('banner').getByRole('searchbox', { name: 'Search services' }).fill('keto');
    await page.getByRole('banner').getByRole('searchbox', { name: 'Search services' }).press('Enter');
    await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe('/find-service?q=keto');
    await page.getByText(/services? match(es)? "keto"/).waitFor();
  });

  it('when a visitor browses by state, then each state shows its count and its page lists its services or says none yet', async () => {
    const page = await open('/services-by-state');
    await expectHeading(page, 'Meal Prep Services by State');
    const texas = published.filter((s) => s.locations[0]?.address.region === 'Texas');
    // The list of states (the map above it links Texas too).
    await page
      .getByRole('region', { name: 'All States' })
      .locator('a[href="/state/texas"]')
      .filter({ hasText: `${texas.length} services` })
      .waitFor();

    await open('/state/texas');
    await expectHeading(page, 'Meal Prep Services in Texas');
    await expect
      .poll(() => cardNames(page))
      .toEqual(
        texas
          .map((s) => s.name)
          .sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }))
          .slice(0, 6),
      );

    await open('/state/wyoming');
    await expectHeading(page, 'Meal Prep Services in Wyoming');
    await page.getByText('No services found yet. Be the first to add your service!').waitFor();
    expect(await page.locator('main a[href="/add-your-service"]').count()).toBeGreaterThan(0);
  });

  it('when a visitor lists all services A to Z, then the count, six cards a page and the collapsing pager show, with the page in the URL', async () => {
    const page = await open('/services-by-name');
    await expectHeading(page, 'All Meal Prep Services (A-Z)');
    await page.getByText(`Showing ${published.length} services`).waitFor();
    await expect.poll(() => cardNames(page)).toEqual(byName.slice(0, 6).map((s) => s.name));
    const pages = Math.ceil(published.length / 6);
    expect(pages).toBeGreaterThan(7);
    expect(await pagerItems(page)).toEqual(['1', '2', '…', String(pages)]);

    await page.getByRole('link', { name: 'Next' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('page')).toBe('2');
    await expect.poll(() => cardNames(page)).toEqual(byName.slice(6, 12).map((s) => s.name));

    await open('/services-by-name?page=6');
    await expect.poll(() => pagerItems(page)).toEqual(['1', '…', '5', '6', '7', '…', String(pages)]);
    await expect.poll(() => cardNames(page)).toEqual(byName.slice(30, 36).map((s) => s.name));

    await open('/services-by-name?page=99');
    await page.getByText('This page does not exist.').waitFor();
    await open('/services-by-name?page=abc');
    await expect.poll(() => cardNames(page)).toEqual(byName.slice(0, 6).map((s) => s.name));
  });

  it('when a visitor looks for services that ship, then only those are listed', async () => {
    const page = await open('/services-that-ship');
    await expectHeading(page, 'Meal Prep Services That Ship Nationwide');
    const shipping = byName.filter((s) => s.deliveryMethods.shipsDomestically);
    await expect.poll(() => cardNames(page)).toEqual(shipping.slice(0, 6).map((s) => s.name));
  });

  it('when a visitor browses by meal type, then the index, a meal type page and an unknown one behave', async () => {
    const page = await open('/services-by-meal-type');
    await expectHeading(page, 'Services by Meal Type');
    expect(await page.getByRole('link', { name: /View Services/ }).count()).toBe(12);
    await page.locator('main a[href="/meal-type/keto"]').first().click();
    await expectHeading(page, 'Keto Meal Prep Services');
    const keto = byName.filter((s) => s.mealTypes.includes('keto'));
    await expect.poll(() => cardNames(page)).toEqual(keto.slice(0, 6).map((s) => s.name));

    await open('/meal-type/carnivore');
    await expectHeading(page, 'Meal Type Not Found');
    expect(await page.locator('main a[href="/services-by-meal-type"]').count()).toBeGreaterThan(0);
  });

  it('when a visitor opens a service, then its details, tracked website link and share links show', async () => {
    const page = await open(`/service/${withWebsite.slug}`);
    await expectHeading(page, withWebsite.name);
    const website = new URL((await page.locator(`main a[href^="${withWebsite.contact.website}"]`).first().getAttribute('href'))!);
    expect(website.searchParams.get('utm_source')).toBeTruthy();
    expect(website.searchParams.get('utm_medium')).toBe('referral');
    for (const [name, host] of [
      ['Share on Facebook', 'facebook.com'],
      ['Share on Twitter', 'twitter.com'],
      ['Share on LinkedIn', 'linkedin.com'],
    ]) {
      const href = (await page.getByRole('link', { name: name! }).getAttribute('href'))!;
      expect(href).toContain(host!);
      expect(decodeURIComponent(href)).toContain(`/service/${withWebsite.slug}`);
    }
    expect(await page.title()).toBe(`${withWebsite.name} | Meal Prep Directory`);
  });

  it('when a visitor opens a closed service and reports it as still open, then the thank-you shows', async () => {
    const page = await open(`/service/${closed.slug}`);
    await expectHeading(page, closed.name);
    await page.getByText('This service has been reported as closed.').waitFor();
    await page.getByRole('button', { name: 'Report as Still Open' }).click();
    await page.getByText("Thank you! We'll review your report.").waitFor();
  });

  it('when a service does not exist, then Service Not Found leads home', async () => {
    const page = await open('/service/no-such-service');
    await expectHeading(page, 'Service Not Found');
    expect(await page.getByRole('main').getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
  });

  it('when a visitor reads the articles, then cards show at most three tags, an article has a back link and counts a view', async () => {
    const page = await open('/articles');
    await expectHeading(page, 'Articles');
    await page.locator(`main a[href="/articles/${article.slug}"]`).first().waitFor();
    const tagCounts = await page.locator('main article').evaluateAll((cards) => cards.map((c) => c.querySelectorAll('li').length));
    expect(tagCounts.length).toBeGreaterThanOrEqual(6);
    expect(Math.max(...tagCounts)).toBeLessThanOrEqual(3);

    // Straight from svc-catalog, as it counts.
    // A reader's view counts once a day, so this is an article no other file opens in Chromium.
    const counted = demoArticles()[3]!;
    const views = async () => ((await (await fetch(`${inject('catalogUrl')}/articles/${counted.slug}`)).json()) as { viewCount: number }).viewCount;
    const before = await views();
    await open(`/articles/${counted.slug}`);
    await expectHeading(page, counted.title);
    await expect.poll(views).toBe(before + 1);
    await page.getByRole('link', { name: /Back to Articles/ }).click();
    await expectHeading(page, 'Articles');

    await open('/articles/no-such-article');
    await expectHeading(page, 'Article Not Found');
  });

  it('when a visitor opens about, then what we offer and the two ways on are there', async () => {
    const page = await open('/about');
    await page.getByRole('heading', { name: 'What We Offer' }).waitFor();
    expect(await page.locator('main a[href="/find-service"]').count()).toBeGreaterThan(0);
    expect(await page.locator('main a[href="/add-your-service"]').count()).toBeGreaterThan(0);
  });

  it('when a visitor opens the form pages, then the provider form loads; without an id the page says so', async () => {
    const page = await open('/add-your-service');
    await expectHeading(page, 'Add Your Service');
    await page.frameLocator('iframe[title="Form add-your-service"]').locator('body').waitFor();
    await expect.poll(() => page.getByText('Loading form…').count()).toBe(0);

    await open('/paperform/partner-signup');
    await page.locator('iframe[title="Form partner-signup"]').waitFor();

    await open('/paperform');
    await expectHeading(page, 'Form Not Found');
    await page.getByText('No form ID provided.').waitFor();
  });

  it('when the URL holds odd input, then the page shows an empty or not-found state, never a blank page', async () => {
    const page = await open(`/find-service?q=${encodeURIComponent('.*$where{"$gt":""}')}`);
    await page.getByText(/No services match/).waitFor();
    await open(`/find-service?q=${'x'.repeat(10_000)}`);
    await expectHeading(page, 'Find a Service');
    await open('/state/%24gt');
    await expectHeading(page, 'State Not Found');
    await open('/meal-type/..%2F..');
    await expectHeading(page, 'Meal Type Not Found');
    expect(browser.consoleErrors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
  });
});
