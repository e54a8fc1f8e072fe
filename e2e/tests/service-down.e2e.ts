import { inject } from 'vitest';
import { describe, expect, it } from 'vitest';
import { useBrowserPage } from '../browser';

const siteUrl = inject('siteUrl');

// It stops a service of the shared site; npm start starts it again (after RESTART_DELAY_MS), and the
// test waits for that, so the files after it find the site whole.
describe('when svc-catalog stops while the gateway runs', () => {
  const browser = useBrowserPage();

  it('then /api/catalog answers a 503 JSON within a second and the page shows an error state with a retry; started again, the site answers again', { timeout: 90_000 }, async () => {
    process.kill(inject('catalogPid'), 'SIGTERM');
    await expect.poll(async () => (await fetch(`${siteUrl}/api/catalog/regions`)).status, { timeout: 15_000, interval: 200 }).toBe(503);
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

    await expect.poll(async () => (await fetch(`${siteUrl}/api/catalog/regions`)).status, { timeout: 60_000, interval: 250 }).toBe(200);
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { name: 'Something went wrong' }).waitFor({ state: 'detached', timeout: 15_000 });
    await page.getByRole('heading', { level: 1 }).first().waitFor();
  });
});
