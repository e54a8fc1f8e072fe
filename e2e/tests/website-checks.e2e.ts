import { randomBytes } from 'node:crypto';
import type { BulkCheckStatus } from '@mealprep/contracts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startFakeSites } from '../../svc-checker/test/fake-sites';
import { useBrowserPage } from '../browser';
import { E2E_ADMINS } from '../global-setup';
import { answerDialog, expectHeading } from '../page-helpers';
import { signInWithCode } from '../sign-in-helpers';

const siteUrl = inject('siteUrl');

describe('website checks in Chromium', () => {
  const browser = useBrowserPage();
  let sites: Awaited<ReturnType<typeof startFakeSites>>;
  beforeAll(async () => {
    sites = await startFakeSites();
  });
  afterAll(() => sites?.close());

  it('when an admin checks the unchecked sites, then the status box and progress move; one marked closed is closed on the public site, one ignored leaves the list', async () => {
    const { page } = browser;
    const tag = randomBytes(3).toString('hex');
    await signInWithCode(page, E2E_ADMINS.checks);
    const checkerStatus = async () => (await (await page.request.get(`${siteUrl}/api/checker/admin/checks/status`)).json()) as BulkCheckStatus;
    const before = (await checkerStatus()).totalServices;

    // Three services whose websites are the fake sites: a parked domain, a gone page, a slow one.
    const csv = [
      'Name,Slug,Tagline,Meal Types,City,State,Home Delivery,Shipping,Website',
      `Parked Pantry ${tag},,Prepped weekly,Keto,Austin,Texas,Yes,No,${sites.url}/parked`,
      `Gone Kitchen ${tag},,Prepped weekly,Vegan,Austin,Texas,Yes,No,${sites.url}/404`,
      `Slow Skillet ${tag},,Prepped weekly,Paleo,Austin,Texas,Yes,No,${sites.url}/slow?ms=3000`,
    ].join('\n');
    const imported = await page.request.post(`${siteUrl}/api/catalog/admin/import/services`, { headers: { 'content-type': 'text/csv' }, data: csv });
    expect(await imported.json()).toMatchObject({ imported: 3, skipped: 0 });
    try {
      await checkAndReview(tag, before);
    } finally {
      // The three leave with the test: other files count the services in Texas.
      const mine = (await (await page.request.get(`${siteUrl}/api/catalog/admin/services?q=${tag}&pageSize=20`)).json()) as { items: Array<{ id: string }> };
      expect((await page.request.post(`${siteUrl}/api/catalog/admin/services/bulk/delete`, { data: { ids: mine.items.map((s) => s.id) } })).status()).toBe(200);
    }
  });

  async function checkAndReview(tag: string, before: number) {
    const { page } = browser;
    const checkerStatus = async () => (await (await page.request.get(`${siteUrl}/api/checker/admin/checks/status`)).json()) as BulkCheckStatus;
    // svc-checker rebuilds its copy of the services after the import.
    await expect.poll(async () => (await checkerStatus()).totalServices, { timeout: 15_000 }).toBe(before + 3);

    await page.goto(`${siteUrl}/dashboard/service-utilities`);
    await expectHeading(page, 'Service Utilities');
    const box = page.getByRole('status', { name: 'Bulk Check Status' });
    await page.getByRole('button', { name: 'Check Unchecked Only' }).click();
    // The box refreshes about 2 s after queuing: the run shows its progress while the slow site is checked.
    await box.getByRole('progressbar', { name: 'Bulk check progress' }).waitFor({ timeout: 10_000 });
    await expect.poll(() => box.getByText(/^\d+ \/ \d+ checked$/).textContent()).toMatch(/^\d+ \/ \d+ checked$/);
    await box.getByRole('progressbar').waitFor({ state: 'detached', timeout: 30_000 });
    await expect.poll(async () => box.getByText('Unchecked', { exact: true }).locator('xpath=following-sibling::dd').textContent(), { timeout: 10_000 }).toBe('0');
    expect(Number(await box.getByText('Last Hour', { exact: true }).locator('xpath=following-sibling::dd').textContent())).toBeGreaterThanOrEqual(3);

    const parked = page.locator('tr', { hasText: `Parked Pantry ${tag}` });
    await parked.getByText('The page looks like a parked or for-sale domain.').waitFor({ timeout: 10_000 });
    const gone = page.locator('tr', { hasText: `Gone Kitchen ${tag}` });
    await gone.getByText('HTTP 404', { exact: true }).waitFor();
    expect(await page.locator('tr', { hasText: `Slow Skillet ${tag}` }).count()).toBe(0);

    await parked.getByRole('button', { name: 'Close' }).click();
    await answerDialog(page, 'Mark 1 service(s) as closed?', 'Mark as closed');
    await parked.waitFor({ state: 'detached' });
    await gone.getByRole('button', { name: 'Ignore' }).click();
    await gone.waitFor({ state: 'detached' });

    const visitor = await browser.newPage();
    await visitor.goto(`${siteUrl}/service/parked-pantry-${tag}`);
    await expectHeading(visitor, `Parked Pantry ${tag}`);
    await visitor.getByRole('button', { name: 'Report as Still Open' }).waitFor({ timeout: 5_000 });

    await page.getByRole('combobox', { name: 'Show' }).selectOption('reviewed');
    await page.waitForURL((url) => url.searchParams.get('filter') === 'reviewed');
    await page
      .locator('tr', { hasText: `Parked Pantry ${tag}` })
      .getByText('Closed', { exact: true })
      .waitFor();
    await page
      .locator('tr', { hasText: `Gone Kitchen ${tag}` })
      .getByText('Ignored', { exact: true })
      .waitFor();

    // Re-check of the slow site: the row says it is checking for the 3 s the site takes, then the result is said.
    await page.getByRole('combobox', { name: 'Show' }).selectOption('all');
    const slow = page.locator('tr', { hasText: `Slow Skillet ${tag}` });
    await slow.getByRole('button', { name: 'Re-check' }).click();
    await slow.getByRole('button', { name: 'Checking…' }).waitFor();
    await page.getByRole('status', { name: 'Website check' }).getByText(`Slow Skillet ${tag}: accessible.`).waitFor({ timeout: 15_000 });
    await slow.getByRole('button', { name: 'Re-check' }).waitFor();
  }
});
