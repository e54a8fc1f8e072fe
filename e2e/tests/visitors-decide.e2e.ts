import mongoose from 'mongoose';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { SERVICE_CSV_COLUMNS, SERVICE_CSV_OFFER_COLUMNS, type PublicService, type ServiceList } from '@mealprep/contracts';
import { signIdentity } from '@mealprep/service-kit';
import { useBrowserPage } from '../browser';
import { E2E_ADMINS } from '../global-setup';
import { cardNames } from '../page-helpers';
import { newAddress, signInWithCode } from '../sign-in-helpers';

const siteUrl = inject('siteUrl');
const catalogUrl = inject('catalogUrl');
const adminHeaders = () => signIdentity({ userId: 'e2e-admin', email: 'admin@example.com', roles: ['admin'] }, inject('identitySecret'));
/** The listings this file made: deleted after each test, so the other files' counts of the catalogue are the demo's. */
const made: string[] = [];

async function importListings(rows: string[][]): Promise<void> {
  const header = [...SERVICE_CSV_COLUMNS, ...SERVICE_CSV_OFFER_COLUMNS].join(',');
  const csv = [header, ...rows.map((row) => row.map((cell) => (cell.includes(',') ? `"${cell}"` : cell)).join(','))].join('\n');
  const imported = await fetch(`${catalogUrl}/admin/import/services`, { method: 'POST', headers: { 'content-type': 'text/csv', ...adminHeaders() }, body: csv });
  expect(imported.status).toBe(200);
  expect(((await imported.json()) as { skipped: number }).skipped).toBe(0);
  for (const row of rows) made.push((await listingBySlug(row[1]!)).id);
}

async function listingBySlug(slug: string): Promise<PublicService> {
  const answer = await fetch(`${catalogUrl}/services/by-slug/${slug}`);
  expect(answer.status).toBe(200);
  return (await answer.json()) as PublicService;
}

/** A CSV row of a keto listing in Austin, Texas, that ships, at `price` a meal. */
const ketoRow = (name: string, slug: string, price: string) => [
  name,
  slug,
  'Keto by mail',
  'Keto',
  'Austin',
  'Texas',
  'No',
  'Yes',
  `https://${slug}.example.com`,
  '',
  '',
  '',
  '',
  price,
  price,
  'subscription',
  'yes',
  'Mon, Thu',
  '',
  '',
  '',
  '',
];

/** Hydrated: the header's menu button no longer carries its early-click mark, and the page is quiet (the public remote's code is in). */
async function waitForHydration(page: Page): Promise<void> {
  await page.locator('button[aria-controls="site-nav"]:not([data-early-click])').waitFor({ state: 'attached', timeout: 30_000 });
  await page.waitForLoadState('networkidle');
}

/** The auth database: an account made today is aged here, as if it were made two days ago (its reviews are then not held for being new). */
let auth: mongoose.Connection;
async function ageAccount(email: string): Promise<string> {
  const user = await auth.collection('users').findOneAndUpdate({ primaryEmail: email }, { $set: { createdAt: new Date(Date.now() - 2 * 86_400_000) } }, { returnDocument: 'after' });
  expect(user).not.toBeNull();
  return String(user!._id);
}

/** Signs in an account that is two days old: signed in once (the account is made), aged, then signed in again (a new session carries its age). */
async function signInSeasoned(page: Page, email: string): Promise<string> {
  await signInWithCode(page, email);
  const userId = await ageAccount(email);
  await page.context().clearCookies();
  await signInWithCode(page, email);
  return userId;
}

/** Reloads the page until it shows `what` (a page kept by the site is dropped when the change's event reaches it, a moment after the change). */
async function reloadUntil(page: Page, what: ReturnType<Page['getByText']>): Promise<void> {
  await expect
    .poll(
      async () => {
        await page.reload();
        return what.count();
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThan(0);
}

describe('visitors decide in Chromium: filters, compare and reviews', () => {
  const browser = useBrowserPage();
  beforeAll(async () => {
    auth = await mongoose.createConnection(inject('mongodbUri'), { dbName: 'auth' }).asPromise();
  });
  afterAll(async () => {
    await auth?.close();
  });
  afterEach(async () => {
    for (const id of made.splice(0)) {
      const answer = await fetch(`${catalogUrl}/admin/services/${id}`, { method: 'DELETE', headers: adminHeaders() });
      expect(answer.status).toBe(200);
    }
  });

  it('when a visitor filters Texas by keto, ships and at most $12 a meal, then exactly the matching listings show with their counts; they compare three side by side; with JavaScript off both work', async () => {
    await importListings([ketoRow('Zz Keto Shipper', 'zz-keto-shipper', '11'), ketoRow('Zz Dear Keto', 'zz-dear-keto', '14')]);
    const { page } = browser;
    await page.goto(`${siteUrl}/state/texas`);
    const form = page.getByRole('form', { name: 'Filter services' });
    await form.getByRole('checkbox', { name: /^Keto \(\d+\)$/ }).check();
    await page.waitForURL(/meal=keto/);
    await form.getByRole('checkbox', { name: /^Ships nationwide \(\d+\)$/ }).check();
    await page.waitForURL(/delivery=ships/);
    await form.getByRole('combobox', { name: 'Price per meal' }).selectOption('12');
    await page.waitForURL(/price=12/);
    await page.locator('main article h3 a', { hasText: 'Zz Keto Shipper' }).waitFor();
    await page.locator('main article h3 a', { hasText: 'Zz Dear Keto' }).waitFor({ state: 'detached' });

    // Exactly what the catalogue answers for these filters, each listing of which does match them.
    const expected = (await (await fetch(`${catalogUrl}/services?state=texas&meal=keto&delivery=ships&price=12&facets=true&pageSize=6`)).json()) as ServiceList;
    expect(await cardNames(page)).toEqual(expected.items.map((c) => c.name));
    for (const card of expected.items) {
      const listing = await listingBySlug(card.slug);
      expect([card.slug, listing.mealTypes.includes('keto'), listing.deliveryMethods.shipsDomestically, (listing.offer.pricePerMeal?.low ?? Infinity) <= 12]).toEqual([card.slug, true, true, true]);
    }
    expect(await form.getByRole('checkbox', { name: `Keto (${expected.facets!.meal.keto})` }).isChecked()).toBe(true);
    expect(await form.getByRole('checkbox', { name: `Ships nationwide (${expected.facets!.delivery.ships})` }).isChecked()).toBe(true);
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');

    // Compare three from the A–Z list; the tray stays across pages.
    await page.goto(`${siteUrl}/services-by-name`);
    const names = (await cardNames(page)).slice(0, 3);
    for (const name of names) await page.getByRole('button', { name: `Compare ${name}` }).click();
    await page.goto(`${siteUrl}/services-that-ship`);
    const tray = page.getByRole('region', { name: 'Compare tray' });
    await tray.getByText('Compare (3 of 4)').waitFor();
    await tray.getByRole('link', { name: 'Compare now' }).click();
    await page.waitForURL(/\/compare\?s=/);
    const table = page.getByRole('table', { name: 'Services side by side' });
    await table.waitFor();
    expect((await table.getByRole('columnheader').allInnerTexts()).slice(1).map((text) => text.split('\n')[0])).toEqual(names);
    for (const row of ['Price per meal', 'Plans', 'Pause, skip or cancel', 'Delivery days', 'Delivery methods', 'Diets', 'Allergen-friendly', 'Rating', 'Years in business', 'Website']) {
      await table.getByRole('rowheader', { name: row }).waitFor();
    }
    const compareUrl = page.url();

    // Without JavaScript: the same filtered list from its URL, its form set, and the compare page.
    const plain = await browser.newPage({ javaScriptEnabled: false });
    await plain.goto(`${siteUrl}/state/texas?meal=keto&delivery=ships&price=12`);
    expect(await cardNames(plain)).toEqual(expected.items.map((c) => c.name));
    expect(await plain.getByRole('checkbox', { name: /^Keto \(/ }).isChecked()).toBe(true);
    await plain.getByRole('checkbox', { name: /^Ships nationwide \(/ }).uncheck();
    await plain.getByRole('button', { name: 'Apply filters' }).click();
    await plain.waitForURL((url) => url.searchParams.get('meal') === 'keto' && !url.searchParams.has('delivery'));
    await plain.goto(compareUrl);
    expect((await plain.getByRole('table', { name: 'Services side by side' }).getByRole('columnheader').allInnerTexts()).slice(1).map((text) => text.split('\n')[0])).toEqual(names);
    expect(browser.consoleErrors).toEqual([]);
  });

  it('when a visitor on a slow phone ticks a filter and the list answers slowly, then the box shows ticked at once and stays until the list comes; when the answer fails, the choice is put back with a message', async () => {
    await importListings([ketoRow('Zz Slow Keto', 'zz-slow-keto', '12')]);
    const { page } = browser;
    // The list for keto is held until the test lets it go; one that asks for a delivery fails.
    let asked = 0;
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(
      (url) => url.pathname === '/api/catalog/services' && url.searchParams.get('meal') === 'keto' && !url.searchParams.has('delivery'),
      async (route) => {
        asked += 1;
        await held;
        await route.continue();
      },
    );
    await page.route(
      (url) => url.pathname === '/api/catalog/services' && url.searchParams.has('delivery'),
      (route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: { code: 'service_unavailable', message: 'The catalog service is unavailable.' } }) }),
    );
    await page.goto(`${siteUrl}/state/texas`);
    await waitForHydration(page);
    const before = await cardNames(page);
    // A phone's CPU, or a busy machine's: what a click changes is rendered a while after it.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });

    const form = page.getByRole('form', { name: 'Filter services' });
    const keto = form.getByRole('checkbox', { name: /^Keto \(\d+\)$/ });
    // check() fails by itself when the box does not show ticked once the click is handled.
    await keto.check();
    await expect.poll(() => asked, { timeout: 30_000 }).toBeGreaterThan(0);
    // The list asked for has not come: the box stays ticked over the list as it was.
    expect(await keto.isChecked()).toBe(true);
    expect(await cardNames(page)).toEqual(before);
    release();
    const expected = (await (await fetch(`${catalogUrl}/services?state=texas&meal=keto&facets=true&pageSize=6`)).json()) as ServiceList;
    await expect.poll(() => cardNames(page), { timeout: 30_000 }).toEqual(expected.items.map((c) => c.name));
    expect(await keto.isChecked()).toBe(true);

    // A choice whose list fails: ticked at once, then put back with a message; keto stays.
    const ships = form.getByRole('checkbox', { name: /^Ships nationwide \(\d+\)$/ });
    await ships.check();
    await page.getByRole('alert').filter({ hasText: 'The list could not be updated, so your last choice is undone.' }).waitFor({ timeout: 30_000 });
    expect(await ships.isChecked()).toBe(false);
    expect(await keto.isChecked()).toBe(true);
    expect([...new URL(page.url()).searchParams]).toEqual([['meal', 'keto']]);
    expect(await cardNames(page)).toEqual(expected.items.map((c) => c.name));
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  });

  it('when a visitor writes a review, then it shows at once with the new average; one with a link waits until an admin approves it on /dashboard/reviews; the owner replies', async () => {
    // The owner's listing, published.
    const ownerPage = await browser.newPage();
    const ownerEmail = newAddress('owner-reviews');
    await signInWithCode(ownerPage, ownerEmail);
    const owner = await auth.collection('users').findOne({ primaryEmail: ownerEmail });
    const ownerHeaders = signIdentity({ userId: String(owner!._id), email: ownerEmail, roles: [] }, inject('identitySecret'));
    const slug = `reviewed-kitchen-${Date.now().toString(36)}`;
    const created = await fetch(`${catalogUrl}/services`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...ownerHeaders },
      body: JSON.stringify({
        name: 'Reviewed Kitchen',
        slug,
        mealTypes: ['keto'],
        deliveryMethods: { localDelivery: true, pickup: false, shipsDomestically: false, shipsInternationally: false },
        contact: { email: ownerEmail, website: '' },
        locations: [{ address: { city: '', region: '', postalCode: '78701' } }],
        metadata: { ownerName: 'Rae Owner', termsAccepted: true },
      }),
    });
    expect(created.status).toBe(201);
    const serviceId = ((await created.json()) as { id: string }).id;
    made.push(serviceId);
    expect(
      (
        await fetch(`${catalogUrl}/admin/services/${serviceId}/status`, {
          method: 'PATCH',
          headers: { 'content-type': 'application/json', ...adminHeaders() },
          body: JSON.stringify({ status: 'published' }),
        })
      ).status,
    ).toBe(200);

    // A visitor's review shows at once, with the new average.
    const { page } = browser;
    await signInSeasoned(page, newAddress('reviewer'));
    await page.goto(`${siteUrl}/service/${slug}`);
    const reviews = page.getByRole('region', { name: 'Reviews' });
    await reviews.getByText('No reviews yet').waitFor();
    const form = page.getByRole('form', { name: 'Write a review' });
    await form.getByRole('radio', { name: '4 stars' }).check();
    await form.getByLabel(/Your review/).fill('Lovely salmon bowls, always on time, and the portions are generous.');
    await form.getByLabel('Your name as shown').fill('Dana');
    await form.getByRole('button', { name: 'Publish your review' }).click();
    await page.getByText('Your review is published.').waitFor();
    await reviews.getByRole('article', { name: 'Review by Dana' }).waitFor();
    await reviews.getByRole('img', { name: 'Rated 4.0 out of 5' }).first().waitFor();
    await reviews.getByText('(1 review)').waitFor();

    // A review with a link waits for staff.
    const second = await browser.newPage();
    const linkerEmail = newAddress('linker');
    await signInSeasoned(second, linkerEmail);
    await second.goto(`${siteUrl}/service/${slug}`);
    const secondForm = second.getByRole('form', { name: 'Write a review' });
    await secondForm.getByRole('radio', { name: '2 stars' }).check();
    await secondForm.getByLabel(/Your review/).fill('Better meals at www.cheaper-meals.example.com for less money.');
    await secondForm.getByLabel('Your name as shown').fill('Lee');
    await secondForm.getByRole('button', { name: 'Publish your review' }).click();
    await second.getByText('Your review waits for our team before it is shown.').waitFor();
    await page.reload();
    await page.getByRole('article', { name: 'Review by Dana' }).waitFor();
    expect(await page.getByRole('article', { name: 'Review by Lee' }).count()).toBe(0);

    // An admin approves it on /dashboard/reviews: it shows, and the average follows.
    const adminPage = await browser.newPage();
    await signInWithCode(adminPage, E2E_ADMINS.reviews);
    await adminPage.goto(`${siteUrl}/dashboard/reviews`);
    const held = adminPage.getByRole('listitem', { name: `Review of Reviewed Kitchen by ${linkerEmail}` });
    await held.getByText('Held for: A link').waitFor();
    await held.getByRole('button', { name: 'Approve' }).click();
    await held.waitFor({ state: 'detached' });
    await reloadUntil(page, page.getByRole('article', { name: 'Review by Lee' }));
    await page.getByText('(2 reviews)').first().waitFor();
    await page.getByRole('img', { name: 'Rated 3.0 out of 5' }).first().waitFor();

    // The owner replies, once, in public.
    await ownerPage.goto(`${siteUrl}/service/${slug}`);
    await ownerPage.getByText('You own this listing: you can reply once to each review.').waitFor();
    const dana = ownerPage.getByRole('article', { name: 'Review by Dana' });
    await dana.getByRole('button', { name: 'Reply' }).click();
    await dana.getByLabel(/Your reply, shown to everyone/).fill('Thank you, Dana!');
    await dana.getByRole('button', { name: 'Publish reply' }).click();
    await dana.getByText('Reply from the owner').waitFor();
    await reloadUntil(page, page.getByRole('article', { name: 'Review by Dana' }).getByText('Thank you, Dana!'));
  });

  it('when a visitor on a phone opens a list, then the filters fold behind one button; the compare page keeps its row names in view while the columns scroll, and prints on one page', async () => {
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await phone.goto(`${siteUrl}/state/texas`);
    const form = phone.getByRole('form', { name: 'Filter services' });
    const keto = form.getByRole('checkbox', { name: /^Keto \(/ });
    await form.getByText(/^Filters/).waitFor();
    expect(await keto.isVisible()).toBe(false);
    await form.getByText(/^Filters/).click();
    await keto.waitFor();
    expect(await keto.isVisible()).toBe(true);

    const listed = (await (await fetch(`${catalogUrl}/services?pageSize=4`)).json()) as ServiceList;
    await phone.goto(`${siteUrl}/compare?s=${listed.items.map((c) => c.slug).join(',')}`);
    const table = phone.getByRole('table', { name: 'Services side by side' });
    await table.waitFor();
    const rowName = table.getByRole('rowheader', { name: 'Price per meal' });
    const lastColumn = table.getByRole('columnheader').last();
    const before = { row: (await rowName.boundingBox())!, column: (await lastColumn.boundingBox())! };
    await phone.locator('.compare-table').evaluate((element) => {
      element.scrollLeft = 600;
    });
    const after = { row: (await rowName.boundingBox())!, column: (await lastColumn.boundingBox())! };
    // The columns moved; the row names did not.
    expect(after.column.x).toBeLessThan(before.column.x - 100);
    expect(Math.abs(after.row.x - before.row.x)).toBeLessThan(1);

    const desktop = browser.page;
    await desktop.goto(`${siteUrl}/compare?s=${listed.items.map((c) => c.slug).join(',')}`);
    await desktop.getByRole('table', { name: 'Services side by side' }).waitFor();
    const pdf = (await desktop.pdf({ preferCSSPageSize: true })).toString('latin1');
    expect(pdf.match(/\/Type\s*\/Page[^s]/g)?.length).toBe(1);
  });
});
