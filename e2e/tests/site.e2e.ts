import type { Route } from 'playwright-core';
import { inject } from 'vitest';
import { describe, expect, it } from 'vitest';
import { useBrowserPage } from '../browser';

const siteUrl = inject('siteUrl');

describe('the public slice in Chromium', () => {
  const browser = useBrowserPage();

  it('when a visitor opens the home page, then every state is listed with a link to its page', async () => {
    const { page } = browser;
    await page.goto(`${siteUrl}/`);
    const newYork = page.getByRole('link', { name: 'Meal Prep in New York', exact: true });
    await newYork.waitFor();
    expect(await newYork.getAttribute('href')).toBe('/state/new-york');
    expect(await page.getByRole('link', { name: /^Meal Prep in / }).count()).toBe(51);
    expect(await page.getByRole('link', { name: 'Meal Prep in District of Columbia', exact: true }).count()).toBe(1);
    expect(browser.consoleErrors).toEqual([]);
  });

  it('when a visitor picks a state, then its page opens with the state in the heading and title', async () => {
    const { page } = browser;
    await page.goto(`${siteUrl}/`);
    await page.getByRole('link', { name: 'Meal Prep in North Carolina', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Meal Prep Services in North Carolina' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/state/north-carolina');
    await expect.poll(() => page.title()).toBe('Meal Prep Services in North Carolina | Meal Prep Directory');
  });

  it('when the state does not exist, then the page says so and Return to Home leads home', async () => {
    const { page } = browser;
    await page.goto(`${siteUrl}/state/atlantis`);
    await page.getByRole('heading', { level: 1, name: 'State Not Found' }).waitFor();
    await page.getByText("The state you're looking for doesn't exist.").waitFor();
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.getByRole('link', { name: 'Meal Prep in Texas', exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('when the path matches no page, then the not-found page offers home and find-a-service', async () => {
    const { page } = browser;
    await page.goto(`${siteUrl}/no/such/page`);
    await page.getByRole('heading', { level: 1, name: 'Page Not Found' }).waitFor();
    const main = page.getByRole('main');
    expect(await main.getByRole('link', { name: 'Go Home' }).getAttribute('href')).toBe('/');
    expect(await main.getByRole('link', { name: 'Find a Service' }).getAttribute('href')).toBe('/find-service');
    // The header and footer frame every page.
    await page.getByRole('contentinfo').getByText(`© ${new Date().getFullYear()} Meal Prep Directory`).waitFor();
  });

  it('when a visitor switches to dark, then the choice is stored and survives a reload', async () => {
    const { page } = browser;
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(`${siteUrl}/`);
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await page.getByRole('button', { name: 'Switch to light theme' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('app:theme'))).toBe('dark');
    await page.reload();
    await page.getByRole('button', { name: 'Switch to light theme' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
  });

  // Files missing: each request is sent on to a path under the remote's own folder that holds no
  // file, so the browser gets the gateway's real answer for a missing remote file (404). The
  // network failing: no answer at all. Each case says what the browser saw of the remote's files:
  // the answers' statuses, and whether any request failed without one.
  const failures: Record<string, { fail: (route: Route) => Promise<void>; seen: { answers: number[]; failedRequests: unknown } }> = {
    'its files are missing (the gateway answers 404)': {
      fail: (route) => route.continue({ url: route.request().url().replace('/remotes/public/', '/remotes/public/gone/') }),
      // A stylesheet answered with JSON is dropped by the browser, which may count as a failure too.
      seen: { answers: [404], failedRequests: expect.any(Boolean) },
    },
    'the network fails': { fail: (route) => route.abort(), seen: { answers: [], failedRequests: true } },
  };
  for (const [failure, { fail, seen }] of Object.entries(failures)) {
    it(`when the public remote cannot be loaded because ${failure}, then its area offers a retry while header and footer still work`, async () => {
      const { page } = browser;
      let broken = true;
      const answered: number[] = [];
      let failed = 0;
      page.on('response', (response) => {
        if (broken && response.url().includes('/remotes/public/')) answered.push(response.status());
      });
      page.on('requestfailed', (request) => {
        if (broken && request.url().includes('/remotes/public/')) failed += 1;
      });
      await page.route('**/remotes/public/**', (route) => (broken ? fail(route) : route.fallback()));
      await page.goto(`${siteUrl}/`);
      await page.getByText('This part of the site could not be loaded.').waitFor();
      expect({ answers: [...new Set(answered)], failedRequests: failed > 0 }, `answers for the remote's files: ${answered.join(', ')}`).toEqual(seen);
      await page.getByRole('banner').getByRole('link', { name: 'Find a Service' }).waitFor();
      await page.getByRole('contentinfo').getByRole('link', { name: 'Blog / Articles' }).waitFor();
      await page.getByRole('button', { name: 'Switch to dark theme' }).click();
      await page.getByRole('button', { name: 'Switch to light theme' }).waitFor();

      broken = false;
      await page.getByRole('button', { name: 'Try again' }).click();
      await page.getByRole('link', { name: 'Meal Prep in Ohio', exact: true }).waitFor();
      expect(await page.getByText('This part of the site could not be loaded.').count()).toBe(0);
    });
  }
});
