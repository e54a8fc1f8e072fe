import { describe, expect, inject, it } from 'vitest';
import { useBrowserPage } from '../browser';

/** Near-me search in Chromium: typed on the home page, from the browser's position, and with JavaScript off. */
const siteUrl = inject('siteUrl');

/** The miles each card of a section shows, in order ("0.4 mi · Delivers to you" → 0.4). */
async function milesIn(page: import('playwright-core').Page, section: string): Promise<number[]> {
  const notes = await page.getByRole('region', { name: section }).locator('article p.font-medium').allInnerTexts();
  return notes.map((text) => Number(/^(?:Pickup )?([\d.]+) mi/.exec(text)?.[1] ?? NaN));
}

describe('near me', () => {
  const browser = useBrowserPage();

  it('when a visitor types a ZIP code on the home page, then the services near it come nearest first with their distances', async () => {
    const { page } = browser;
    await page.goto(`${siteUrl}/`);
    await page.getByRole('textbox', { name: 'ZIP code or city' }).fill('78701');
    await page.getByRole('button', { name: 'Find nearby' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/near/78701');
    await page.getByRole('heading', { level: 1, name: 'Meal Prep near Austin, TX 78701' }).waitFor();
    const miles = await milesIn(page, 'Near Austin, TX 78701');
    expect(miles.length).toBeGreaterThan(0);
    expect(miles.every((m) => Number.isFinite(m) && m <= 25)).toBe(true);
    expect(miles).toEqual([...miles].sort((a, b) => a - b));
    // Services that ship come apart, from farther away.
    const far = await milesIn(page, 'Ship to Austin, TX 78701 from farther away');
    expect(far.length).toBeGreaterThan(0);
    expect(far.every((m) => m > 25)).toBe(true);

    await page.getByRole('combobox', { name: 'Within' }).selectOption('100');
    await expect.poll(() => new URL(page.url()).search).toBe('?radius=100');
    await page.getByText(/services? within 100 miles, nearest first\./).waitFor();
    expect(browser.consoleErrors).toEqual([]);
  });

  it('when "Use my location" is clicked with the position shared, then the same results come for the nearest ZIP code', async () => {
    const page = await browser.newPage({ geolocation: { latitude: 30.2672, longitude: -97.7431 }, permissions: ['geolocation'] });
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/catalog/places/nearest') asked.push(url.search);
    });
    await page.goto(`${siteUrl}/find-service`);
    await page.getByRole('button', { name: 'Use my location' }).click();
    await page.getByRole('heading', { level: 1, name: /^Meal Prep near Austin, TX 787\d\d$/ }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/near\/787\d\d$/);
    // The position leaves the browser once, rounded to about a kilometre.
    expect(asked).toEqual(['?lat=30.27&lng=-97.74']);
    const miles = await milesIn(page, (await page.getByRole('heading', { level: 2, name: /^Near Austin/ }).innerText()).trim());
    expect(miles.length).toBeGreaterThan(0);
    expect(miles).toEqual([...miles].sort((a, b) => a - b));
  });

  it('when JavaScript is off, then the results are in the page the server sends, and the search form still leads to them', async () => {
    const page = await browser.newPage({ javaScriptEnabled: false });
    const response = await page.goto(`${siteUrl}/near/78701?radius=50`);
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: 'Meal Prep near Austin, TX 78701' }).waitFor();
    expect((await milesIn(page, 'Near Austin, TX 78701')).length).toBeGreaterThan(0);
    await page.getByRole('textbox', { name: 'ZIP code or city' }).fill('Houston, TX');
    await page.getByRole('button', { name: 'Find nearby' }).click();
    await page.getByRole('heading', { level: 1, name: 'Meal Prep near Houston, TX' }).waitFor();
    // The form asked /near?place=…; the gateway sent the browser to the one address of that search.
    expect(new URL(page.url()).pathname).toBe('/near/Houston%2C%20TX');

    const unknown = await page.goto(`${siteUrl}/near/99999`);
    expect(unknown?.status()).toBe(404);
    await page.getByText("We don't know the ZIP code 99999.").waitFor();
    expect(await page.getByRole('link', { name: 'browse the services by state' }).getAttribute('href')).toBe('/services-by-state');
  });
});
