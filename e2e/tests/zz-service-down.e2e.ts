import { inject } from 'vitest';
import { describe, expect, it } from 'vitest';
import { useBrowserPage } from '../browser';

const siteUrl = inject('siteUrl');

// Runs last (files run in name order): it stops a service of the shared system.
describe('when svc-catalog stops while the gateway runs', () => {
  const browser = useBrowserPage();

  it('then /api/catalog answers a 503 JSON within a second and the page shows an error state with a retry', async () => {
    process.kill(inject('catalogPid'), 'SIGTERM');
    await expect
      .poll(async () => (await fetch(`${siteUrl}/api/catalog/regions`)).status, { timeout: 15_000, interval: 200 })
      .toBe(503);
    const started = Date.now();
    const response = await fetch(`${siteUrl}/api/catalog/regions/new-york`);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ error: { code: 'service_unavailable', service: 'catalog' } });

    const { page } = browser;
    await page.goto(`${siteUrl}/`);
    await page.getByRole('heading', { name: 'Something went wrong' }).waitFor();
    await page.getByRole('button', { name: 'Try again' }).waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'Home' }).waitFor();
  });
});
