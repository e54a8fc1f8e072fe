import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { SERVICE_CSV_COLUMNS } from '@mealprep/contracts';
import { signIdentity } from '@mealprep/service-kit';
import { useBrowserPage } from '../browser';
import { E2E_ADMINS } from '../global-setup';
import { signInCode, waitForMail } from '../mail-catcher';
import { expectHeading } from '../page-helpers';
import { signInWithCode } from '../sign-in-helpers';

const siteUrl = inject('siteUrl');

const adminHeaders = () => signIdentity({ userId: 'e2e-admin', email: 'admin@example.com', roles: ['admin'] }, inject('identitySecret'));
/** The listings this file imported: deleted after each test, so the other files' counts of the catalogue are the demo's. */
const importedIds: string[] = [];

/**
 * Imports one listing with no owner, as an admin's CSV import makes them (the import screen has
 * its own tests: this calls svc-catalog's import with an admin's signed identity). Returns its id.
 */
async function importListing(name: string, slug: string, website: string): Promise<string> {
  const headers = adminHeaders();
  const csv = [SERVICE_CSV_COLUMNS.join(','), `${name},${slug},Fresh from the file,Keto,Austin,Texas,Yes,No,${website},,,,`].join('\n');
  const imported = await fetch(`${inject('catalogUrl')}/admin/import/services`, { method: 'POST', headers: { 'content-type': 'text/csv', ...headers }, body: csv });
  expect(imported.status).toBe(200);
  const listing = await fetch(`${inject('catalogUrl')}/services/by-slug/${slug}`);
  expect(listing.status).toBe(200);
  const id = ((await listing.json()) as { id: string }).id;
  importedIds.push(id);
  return id;
}

/** From a listing's page, as a visitor: the claim link leads to sign-in, and signing in leads back to the claim. */
async function claimFromListing(page: Page, slug: string, serviceId: string, email: string) {
  await page.goto(`${siteUrl}/service/${slug}`);
  await page.getByText('Own this business?').waitFor();
  await page.getByRole('link', { name: 'Claim this listing' }).click();
  await page.waitForURL(`${siteUrl}/login?next=${encodeURIComponent(`/dashboard/claim/${serviceId}`)}`);
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  const asked = Date.now();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send magic link' }).click();
  const mail = await waitForMail(inject('mailDir'), email, asked);
  await page.getByPlaceholder('123456').fill(signInCode(mail));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${siteUrl}/dashboard/claim/${serviceId}`);
}

describe('businesses claim their listings in Chromium', () => {
  const browser = useBrowserPage();
  afterEach(async () => {
    for (const id of importedIds.splice(0)) {
      const answer = await fetch(`${inject('catalogUrl')}/admin/services/${id}`, { method: 'DELETE', headers: adminHeaders() });
      expect(answer.status).toBe(200);
    }
  });

  it('when a visitor whose address is on the website domain claims an imported listing, then it is theirs at once and they edit it', async () => {
    const { page } = browser;
    const tag = randomBytes(3).toString('hex');
    const name = `Claimable Kitchen ${tag}`;
    const slug = `claimable-kitchen-${tag}`;
    const id = await importListing(name, slug, `https://www.claimable-${tag}.com`);
    const owner = `sam@claimable-${tag}.com`;

    await claimFromListing(page, slug, id, owner);
    await expectHeading(page, `Claim ${name}`);
    await page.getByText(`Your address is on the domain of the listing's website (claimable-${tag}.com).`).waitFor();
    const asked = Date.now();
    await page.getByRole('button', { name: 'Claim this listing' }).click();
    await expectHeading(page, `You now manage ${name}`);
    const mail = await waitForMail(inject('mailDir'), owner, asked);
    expect(mail.subject).toBe(`You now manage ${name} on Meal Prep Directory`);

    await page.getByRole('link', { name: 'Edit your listing' }).click();
    await expectHeading(page, 'Edit Service');
    await page.getByLabel('Tagline').fill('Claimed and cooking');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Service updated successfully').waitFor();

    // The public page shows the change and no longer invites a claim.
    const visitor = await browser.newPage();
    await visitor.goto(`${siteUrl}/service/${slug}`);
    await visitor.getByText('Claimed and cooking').waitFor();
    expect(await visitor.getByRole('link', { name: 'Claim this listing' }).count()).toBe(0);
  });

  it('when a visitor claims with a free-mail address, then the claim waits with their note; an admin approves it and the new owner gets the mail', async () => {
    const { page } = browser;
    const tag = randomBytes(3).toString('hex');
    const name = `Waiting Kitchen ${tag}`;
    const slug = `waiting-kitchen-${tag}`;
    const id = await importListing(name, slug, `https://waiting-${tag}.com`);
    const claimant = `pat.${tag}@gmail.com`;

    await claimFromListing(page, slug, id, claimant);
    await expectHeading(page, `Claim ${name}`);
    await page.getByText('gmail.com is a free mail service: it cannot show that you run this business.').waitFor();
    await page.getByLabel('How are you connected to the business?').fill('I opened it in 2019; call the number on the website.');
    await page.getByRole('button', { name: 'Send claim for review' }).click();
    await expectHeading(page, 'Your claim is waiting for review');

    const admin = await browser.newPage();
    await signInWithCode(admin, E2E_ADMINS.claims);
    await admin.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Claims' }).click();
    await expectHeading(admin, 'Claims');
    const card = admin.getByRole('listitem', { name: `Claim of ${name} by ${claimant}` });
    await card.getByText('I opened it in 2019; call the number on the website.').waitFor();
    const decided = Date.now();
    await card.getByRole('button', { name: 'Approve' }).click();
    await admin.getByRole('table').getByText(name).waitFor();

    const mail = await waitForMail(inject('mailDir'), claimant, decided);
    expect(mail.subject).toBe(`You now manage ${name} on Meal Prep Directory`);
    expect(mail.text).toContain(`${siteUrl}/dashboard/services/${id}/edit`);

    // The new owner's dashboard says so, and the editor opens for them.
    await page.goto(`${siteUrl}/dashboard`);
    await page.getByRole('region', { name: 'Your claims' }).getByText('Approved').waitFor();
    await page.goto(`${siteUrl}/dashboard/services/${id}/edit`);
    await expectHeading(page, 'Edit Service');
  });

  it("when visitors find, open and follow an owner's listing, then the owner sees those views and clicks on the chart and in the numbers", async () => {
    const { page } = browser;
    const tag = randomBytes(3).toString('hex');
    const name = `Counted Kitchen ${tag}`;
    const slug = `counted-kitchen-${tag}`;
    const id = await importListing(name, slug, `https://counted-${tag}.com`);
    await claimFromListing(page, slug, id, `chef@counted-${tag}.com`);
    await page.getByRole('button', { name: 'Claim this listing' }).click();
    await expectHeading(page, `You now manage ${name}`);

    // A visitor (no cookie of the site's, and a browser that does not say it is headless: those are
    // counted as bots) searches, opens the listing and follows its website; the site they would leave for is not reached.
    const visitor = await browser.newPage({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36' });
    await visitor.context().route('**/*', (route) => (new URL(route.request().url()).hostname === '127.0.0.1' ? route.continue() : route.abort()));
    // Pages report what they showed once they run (hydrated); a visitor reads before moving on.
    const reported = (metric: string) => visitor.waitForResponse((r) => r.url().endsWith('/api/catalog/insights/events') && (r.request().postData() ?? '').includes(`"metric":"${metric}"`));
    // Searched by the one word only this listing's name has (other files' listings come and go).
    const searchReported = reported('search');
    await visitor.goto(`${siteUrl}/find-service?q=${tag}`);
    await visitor.getByRole('link', { name }).waitFor();
    expect(await (await searchReported).json()).toEqual({ counted: 1 });
    // The view is reported as the page runs: the website link's click is reported from then on.
    const viewReported = reported('views');
    await visitor.goto(`${siteUrl}/service/${slug}`);
    await expectHeading(visitor, name);
    expect((await viewReported).status()).toBe(202);
    const website = visitor.getByRole('link', { name: `counted-${tag}.com` });
    expect(new URL((await website.getAttribute('href'))!).searchParams.get('utm_source')).toBe('mealprepdirectory');
    const opened = visitor.context().waitForEvent('page');
    await website.click();
    await (await opened).close();

    // The owner's dashboard: the numbers arrive within a few seconds (batched through the broker).
    const counted = async () => {
      await page.goto(`${siteUrl}/dashboard`);
      const panel = page.getByRole('region', { name: `Insights: ${name}` });
      await panel.locator('dt', { hasText: 'Page views' }).waitFor();
      const value = async (label: string) => (await panel.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]').innerText()).trim();
      return [await value('Page views'), await value('Website clicks'), await value('Search appearances')];
    };
    await expect.poll(counted, { timeout: 20_000, interval: 1_000 }).toEqual(['1', '1', '1']);
    const panel = page.getByRole('region', { name: `Insights: ${name}` });
    const chart = panel.getByRole('img', { name: /^Page views per day over the last 30 days: 1 in all/ });
    await expect.poll(() => chart.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(720);
    const svg = await page.evaluate(async (src) => (await fetch(src)).text(), (await chart.getAttribute('src'))!);
    expect(svg).toContain('1 in all over 30 days');
    await panel.getByText('Show the numbers').click();
    const today = panel.getByRole('table').getByRole('row').nth(1);
    expect((await today.innerText()).split(/\s+/).slice(-6)).toEqual(['1', '1', '0', '0', '0', '1']);
  });
});
