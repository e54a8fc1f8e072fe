import { demoServices } from '@mealprep/demo-data';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { setServiceStatus } from '../admin';
import { useBrowserPage } from '../browser';
import { cardNames, expectHeading } from '../page-helpers';

const siteUrl = inject('siteUrl');
const byName = demoServices()
  .filter((s) => s.status === 'published')
  .sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));
const first = byName[0]!;
const detail = byName[10]!;

describe('open pages follow changes without a reload', () => {
  const browser = useBrowserPage();
  afterAll(async () => {
    await setServiceStatus(first.id, 'published');
    await setServiceStatus(detail.id, 'published');
  });

  it('when an admin unpublishes a listed service, then it leaves the open list within a second, and comes back when republished', async () => {
    const { page } = browser;
    await page.goto(`${siteUrl}/services-by-name`);
    await expect.poll(() => cardNames(page)).toEqual(byName.slice(0, 6).map((s) => s.name));
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

    const started = Date.now();
    await setServiceStatus(first.id, 'draft');
    await expect.poll(() => cardNames(page), { timeout: 3_000, interval: 50 }).toEqual(byName.slice(1, 7).map((s) => s.name));
    const took = Date.now() - started;
    console.log(`live update seen after ${took} ms`);
    expect(took).toBeLessThan(1_000);
    await page.getByText(`Showing ${byName.length - 1} services`).waitFor();

    await setServiceStatus(first.id, 'published');
    await expect.poll(() => cardNames(page), { timeout: 3_000, interval: 50 }).toEqual(byName.slice(0, 6).map((s) => s.name));
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  });

  it('when an admin closes a service whose page is open, then the closed banner appears without a reload', async () => {
    const { page } = browser;
    await page.goto(`${siteUrl}/service/${detail.slug}`);
    await expectHeading(page, detail.name);
    expect(await page.getByText('This service has been reported as closed.').count()).toBe(0);
    await setServiceStatus(detail.id, 'closed');
    await page.getByText('This service has been reported as closed.').waitFor({ timeout: 3_000 });
  });
});
