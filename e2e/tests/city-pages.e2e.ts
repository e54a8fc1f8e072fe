import { randomBytes } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { setServiceStatus } from '../admin';
import { useBrowserPage } from '../browser';
import { cardNames, expectHeading } from '../page-helpers';
import { newAddress, signInWithCode } from '../sign-in-helpers';

/** City pages and the map of states with JavaScript off; an owner's delivery radius reaching an open near-me page. */
const siteUrl = inject('siteUrl');

describe('city pages, the map of states and service areas', () => {
  const browser = useBrowserPage();

  it('when JavaScript is off, then the map of states leads to a state, its cities to a city page, and a service there to the services near it', async () => {
    const page = await browser.newPage({ javaScriptEnabled: false });
    const shapes = page.waitForResponse((response) => new URL(response.url()).pathname === '/maps/us-states.svg');
    await page.goto(`${siteUrl}/services-by-state`);
    expect((await shapes).status()).toBe(200);
    const map = page.getByRole('group', { name: 'Map of meal prep services by state' });
    const texas = map.getByRole('link', { name: /^Texas, \d+ services?$/ });
    // The shapes are drawn: Texas covers a good part of a 975-unit-wide map.
    const box = await texas.locator('use').boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(100);
    expect(await page.getByRole('list', { name: 'Legend' }).getByRole('listitem').first().innerText()).toBe('None');
    await texas.click();
    await expectHeading(page, 'Meal Prep Services in Texas');

    await page
      .getByRole('region', { name: 'Cities in Texas' })
      .getByRole('link', { name: /^Austin\b/ })
      .click();
    expect(new URL(page.url()).pathname).toBe('/state/texas/austin');
    await expectHeading(page, 'Meal Prep in Austin, TX');
    expect(await page.title()).toBe('Meal Prep in Austin, TX | Meal Prep Directory');
    const jsonLd = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text) as { '@type': string });
    expect(jsonLd.map((thing) => thing['@type']).sort()).toEqual(['BreadcrumbList', 'ItemList']);
    const names = await cardNames(page);
    expect(names.length).toBeGreaterThan(0);

    await page.getByRole('link', { name: names[0]! }).first().click();
    await expectHeading(page, names[0]!);
    const also = page.getByRole('region', { name: 'Also near Austin' });
    expect(await also.locator('article').count()).toBeGreaterThan(0);
    expect(await also.locator('article').count()).toBeLessThanOrEqual(6);
    await page.getByRole('link', { name: 'Austin', exact: true }).click();
    await expectHeading(page, 'Meal Prep in Austin, TX');

    const sitemap = await (await fetch(`${siteUrl}/sitemap.xml`)).text();
    expect(sitemap).toContain('/state/texas/austin</loc>');
    expect((await page.goto(`${siteUrl}/state/texas/no-such-town`))?.status()).toBe(404);
    await expectHeading(page, 'City Not Found');
  });

  it('when an owner widens the delivery radius, then the listing appears in a near-me page open elsewhere, and leaves it when narrowed again', async () => {
    const { page: owner } = browser;
    const suffix = randomBytes(3).toString('hex');
    const name = `Radius Roundup ${suffix}`;
    await signInWithCode(owner, newAddress('radius-owner'));
    const created = await owner.evaluate(
      async (listing) => {
        const response = await fetch('/api/catalog/services', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(listing) });
        return { status: response.status, body: (await response.json()) as { id?: string } };
      },
      {
        name,
        slug: `radius-roundup-${suffix}`,
        deliveryMethods: { localDelivery: true, pickup: false, shipsDomestically: false, shipsInternationally: false },
        deliveryRadiusMiles: 5,
        contact: { email: `hi-${suffix}@radius.example.com`, website: '' },
        locations: [{ address: { city: '', region: '', postalCode: '78701' } }],
        metadata: { ownerName: 'Rae Radius', termsAccepted: true },
      },
    );
    expect(created.status).toBe(201);
    const id = created.body.id!;
    await setServiceStatus(id, 'published');

    // Round Rock (78664) is about 17 miles from downtown Austin: beyond 5 miles of delivery, within 30.
    const visitor = await browser.newPage();
    await visitor.goto(`${siteUrl}/near/78664?delivery=delivers`);
    await expectHeading(visitor, 'Meal Prep near Round Rock, TX 78664');
    const listed = visitor.getByRole('region', { name: 'Near Round Rock, TX 78664' }).getByRole('heading', { level: 3, name });
    expect(await listed.count()).toBe(0);

    const radius = async (miles: string) => {
      await owner.goto(`${siteUrl}/dashboard/services/${id}/edit`);
      await expectHeading(owner, 'Edit Service');
      await owner.getByLabel('Delivery radius (miles)').fill(miles);
      await owner.getByRole('button', { name: 'Save Changes' }).click();
      await owner.getByText('Service updated successfully').waitFor();
    };
    await radius('30');
    await listed.waitFor({ timeout: 5_000 });
    expect(await visitor.getByRole('region', { name: 'Near Round Rock, TX 78664' }).locator('article', { hasText: name }).innerText()).toMatch(/\d mi · Delivers to you/);
    await radius('5');
    await listed.waitFor({ state: 'detached', timeout: 5_000 });
    await setServiceStatus(id, 'draft');
  });
});
