import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import { useBrowserPage } from '../browser';
import { expectHeading } from '../page-helpers';
import { startSiteProcess, type RunningSite } from '../site-process';

// A second site of its own, started without demo data, for the empty states of a new directory.
describe('a new directory with no services or articles yet', () => {
  let site: RunningSite;
  beforeAll(async () => {
    site = await startSiteProcess({ SEED_DEMO_DATA: 'false', FORM_EMBED_SRC: `${inject('thirdPartyUrl')}/embed.js` });
  }, 240_000);
  afterAll(() => site?.stop(), 60_000);
  const browser = useBrowserPage();

  it('when a visitor lists all services, then the empty text invites them to add theirs', async () => {
    const { page } = browser;
    await page.goto(`${site.url}/services-by-name`);
    await expectHeading(page, 'All Meal Prep Services (A-Z)');
    await page.getByText('No services found yet. Be the first to add your service!').waitFor();
    await page.locator('main a[href="/add-your-service"]').first().waitFor();
  });

  it('when a visitor opens the articles, then the empty text asks them to check back', async () => {
    const { page } = browser;
    await page.goto(`${site.url}/articles`);
    await expectHeading(page, 'Articles');
    await page.getByText('No articles available yet. Check back soon!').waitFor();
  });

  it('when a visitor looks for services that ship or opens home, then empty lists say so and nothing breaks', async () => {
    const { page } = browser;
    await page.goto(`${site.url}/services-that-ship`);
    await page.getByText('No services found yet. Be the first to add your service!').waitFor();
    await page.goto(`${site.url}/`);
    await expectHeading(page, 'Meals Prepped & Delivered Locally');
    await page.getByRole('link', { name: 'Meal Prep in Texas', exact: true }).waitFor();
    await page.goto(`${site.url}/services-by-meal-type`);
    await expectHeading(page, 'Services by Meal Type');
  });
});
