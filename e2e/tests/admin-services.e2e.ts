import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DEMO_CSV_FILES, demoArticles, demoServices } from '@mealprep/demo-data';
import { useBrowserPage } from '../browser';
import { E2E_ADMINS } from '../global-setup';
import { answerDialog, expectHeading, expectNotice } from '../page-helpers';
import { newAddress, signInWithCode } from '../sign-in-helpers';

const siteUrl = inject('siteUrl');

/** Two pending listings of an owner of their own, made through the API as the owner form would. */
async function pendingListings(owner: Page, tag: string): Promise<string[]> {
  const slugs: string[] = [];
  for (const n of [1, 2]) {
    const slug = `admin-table-${tag}-${n}`;
    const created = await owner.request.post(`${siteUrl}/api/catalog/services`, {
      data: {
        name: `Admin Table ${tag} ${n}`,
        slug,
        mealTypes: ['keto'],
        deliveryMethods: { localDelivery: true, pickup: false, shipsDomestically: false, shipsInternationally: false },
        contact: { email: '', phone: '', website: '', socialLinks: [] },
        metadata: { ownerName: 'Table Owner', termsAccepted: true },
      },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect((await owner.request.post(`${siteUrl}/api/catalog/services/${id}/submit`)).status()).toBe(200);
    slugs.push(slug);
  }
  return slugs;
}

describe('admin services management in Chromium', () => {
  const browser = useBrowserPage();

  it('when an admin filters, bulk-publishes, features for 7 days, unfeatures and deletes, then the table and the public site follow', async () => {
    const { page } = browser;
    const tag = randomBytes(3).toString('hex');
    const owner = await browser.newPage();
    await signInWithCode(owner, newAddress('table-owner'));
    const slugs = await pendingListings(owner, tag);

    await signInWithCode(page, E2E_ADMINS.servicesTable);
    await page.goto(`${siteUrl}/dashboard/services`);
    await expectHeading(page, 'Services');
    await page.getByLabel('Status', { exact: true }).selectOption('pending');
    await page.getByPlaceholder('Search by name, slug, description...').fill(`admin table ${tag}`);
    await page.getByPlaceholder('Search by name, slug, description...').press('Enter');
    await page.waitForURL((url) => url.searchParams.get('status') === 'pending' && url.searchParams.get('q') === `admin table ${tag}`);
    // The previous page of results stays up until the filtered one arrives.
    await expect.poll(() => page.locator('tbody tr').count()).toBe(2);
    await page.getByText(slugs[1]!, { exact: true }).waitFor();

    // Bulk publish: both leave the "pending" view, which then says why it is empty.
    await page.getByRole('checkbox', { name: 'Select all' }).check();
    await page.getByLabel('Set status of selected').selectOption('published');
    await page.getByText('No services found').waitFor();
    await page.getByText('Try adjusting your filters or search query').waitFor();
    const visitor = await browser.newPage();
    await visitor.goto(`${siteUrl}/service/${slugs[0]}`);
    await expectHeading(visitor, `Admin Table ${tag} 1`);

    // Feature one for 7 days, then unfeature it.
    await page.getByLabel('Status', { exact: true }).selectOption('published');
    const row = page.locator('tr', { hasText: slugs[0]! });
    await row.getByRole('button', { name: 'Featured' }).click();
    const days = page.getByRole('alertdialog', { name: 'Feature for how many days?' }).getByRole('spinbutton', { name: 'Days' });
    expect(await days.inputValue()).toBe('30');
    await days.fill('7');
    await answerDialog(page, 'Feature for how many days?', 'Feature');
    const until = new Date(Date.now() + 7 * 86_400_000).toLocaleDateString('en-US', { dateStyle: 'medium' });
    await row.getByText(`Until ${until}`).waitFor();
    await row.getByRole('button', { name: 'Unfeature' }).click();
    await row.getByRole('button', { name: 'Featured' }).waitFor();

    // Delete both: the confirm, then they are gone from the table and the public site.
    await page.getByRole('checkbox', { name: 'Select all' }).check();
    await page.getByRole('region', { name: 'Bulk actions' }).getByRole('button', { name: 'Delete' }).click();
    await answerDialog(page, 'Are you sure you want to delete 2 service(s)?', 'Delete');
    await page.getByText('No services found').waitFor();
    await expectHeading(visitor, 'Service Not Found');
  });

  it('when an admin edits the alt text of a logo, soft-deletes it and restores it, then the media screen follows', async () => {
    const { page } = browser;
    const service = demoServices().find((s) => s.media.logoImageId && s.status === 'published')!;
    await signInWithCode(page, E2E_ADMINS.media);
    await page.goto(`${siteUrl}/dashboard/media`);
    await expectHeading(page, 'Media');
    await page.getByRole('searchbox', { name: 'Search media' }).fill(service.name);
    await page.getByRole('searchbox', { name: 'Search media' }).press('Enter');
    // The search reloads the list (its cards are new ones): what is typed before that would be lost.
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(service.name);
    const card = page.locator('li', { hasText: service.name }).first();
    // Typed again until it stays typed: the list may still be swapped for the searched one.
    await expect
      .poll(async () => {
        await card.getByLabel('Alt text').fill(`${service.name} logo, green`);
        return card.getByRole('button', { name: 'Save' }).isEnabled();
      })
      .toBe(true);
    await card.getByRole('button', { name: 'Save' }).click();
    await card.getByRole('button', { name: 'Save' }).and(page.locator('[disabled]')).waitFor();
    await card.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No media items found').waitFor();
    // The filter lives in the URL: the box shows checked once the navigation has committed.
    await page.getByRole('checkbox', { name: 'Include deleted' }).click();
    await page.waitForURL((url) => url.searchParams.get('includeDeleted') === 'true');
    const deleted = page.locator('li', { hasText: service.name }).first();
    await deleted.getByText('Deleted').waitFor();
    await deleted.getByRole('button', { name: 'Restore' }).click();
    await deleted.getByRole('button', { name: 'Delete' }).waitFor();
    expect(await deleted.getByLabel('Alt text').inputValue()).toBe(`${service.name} logo, green`);
  });

  it('when an admin imports a services CSV and the demo services and blog CSVs, then the result lines show and the new pages are on the public site; the same files again import nothing', async () => {
    const { page } = browser;
    const tag = randomBytes(3).toString('hex');
    const csv = [
      'Name,Slug,Tagline,Meal Types,City,State,Home Delivery,Shipping,Website,Image Link Full,Profile Page Image Link,Place Longitude,Place Latitude',
      `Imported Kitchen ${tag},,Fresh from the file,Keto,Austin,Texas,Yes,No,,,,,`,
      `Imported Pantry ${tag},,Boxes by mail,Vegan,Denver,Colorado,No,Yes,,,,,`,
      ',,No name here,,,,,,,,,,',
    ].join('\n');
    await signInWithCode(page, E2E_ADMINS.imports);
    // The two imported listings leave with the test: other files count the published services.
    const imported = async () => ((await (await page.request.get(`${siteUrl}/api/catalog/admin/services?q=${tag}&pageSize=20`)).json()) as { items: Array<{ id: string; name: string }> }).items;
    const remove = (ids: string[]) => page.request.post(`${siteUrl}/api/catalog/admin/services/bulk/delete`, { data: { ids } });
    try {
      await importAndImportAgain(tag, csv);
    } catch (err) {
      // Failed halfway: whatever it imported leaves all the same (its failure is what is reported).
      const left = await imported();
      if (left.length > 0) await remove(left.map((s) => s.id));
      throw err;
    }
    const mine = await imported();
    expect(mine.map((s) => s.name).sort()).toEqual([`Imported Kitchen ${tag}`, `Imported Pantry ${tag}`]);
    expect((await remove(mine.map((s) => s.id))).status()).toBe(200);
    await expect.poll(imported).toEqual([]);
  });

  async function importAndImportAgain(tag: string, csv: string) {
    const { page } = browser;
    await page.goto(`${siteUrl}/dashboard/import-utilities`);
    await expectHeading(page, 'Import Utilities');
    const file = { name: 'services.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) };
    await page.getByLabel('Import services file').setInputFiles(file);
    await page.getByRole('region', { name: 'Import services' }).getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByText('2 imported, 1 skipped.').waitFor();
    await page.getByRole('link', { name: 'Download the skipped rows and why (CSV)' }).waitFor();
    const visitor = await browser.newPage();
    await visitor.goto(`${siteUrl}/service/imported-kitchen-${tag}`);
    await expectHeading(visitor, `Imported Kitchen ${tag}`);
    await page.getByLabel('Import services file').setInputFiles(file);
    await page.getByRole('region', { name: 'Import services' }).getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByText('0 imported, 1 skipped, 2 unchanged.').waitFor();

    // The demo files, which loaded the demo catalogue at first start through this same import: a demo
    // service deleted and a demo post unpublished come back; the files a second time change nothing.
    const gone = demoServices()
      .filter((s) => s.status === 'published')
      .at(-1)!;
    const post = demoArticles().at(-1)!;
    expect((await page.request.delete(`${siteUrl}/api/catalog/admin/services/${gone.id}`)).status()).toBe(200);
    expect((await page.request.patch(`${siteUrl}/api/catalog/admin/articles/${post.id}/status`, { data: { status: 'draft' } })).status()).toBe(200);
    await visitor.goto(`${siteUrl}/service/${gone.slug}`);
    await expectHeading(visitor, 'Service Not Found');
    await visitor.goto(`${siteUrl}/articles/${post.slug}`);
    await expectHeading(visitor, 'Article Not Found');
    const demoImports = [
      { region: 'Import services', file: DEMO_CSV_FILES.services, total: demoServices().length },
      { region: 'Import blog posts', file: DEMO_CSV_FILES.articles, total: demoArticles().length },
    ];
    for (const { region, file, total } of demoImports) {
      await page.getByLabel(`${region} file`).setInputFiles(file);
      await page.getByRole('region', { name: region }).getByRole('button', { name: 'Import', exact: true }).click();
      await page
        .getByRole('region', { name: region })
        .getByText(`1 imported, 0 skipped, ${total - 1} unchanged.`)
        .waitFor();
    }
    await visitor.goto(`${siteUrl}/service/${gone.slug}`);
    await expectHeading(visitor, gone.name);
    await visitor.goto(`${siteUrl}/articles/${post.slug}`);
    await expectHeading(visitor, post.title);
    for (const { region, file, total } of demoImports) {
      await page.getByLabel(`${region} file`).setInputFiles(file);
      await page.getByRole('region', { name: region }).getByRole('button', { name: 'Import', exact: true }).click();
      await page.getByRole('region', { name: region }).getByText(`0 imported, 0 skipped, ${total} unchanged.`).waitFor();
    }
  }

  it('when an admin adds a banner by stock-photo search and another by URL, then each shows on the home hero; deleting takes it off', async () => {
    const { page } = browser;
    const heroShowsLast = async (alt: string) => {
      const visitor = await browser.newPage();
      await visitor.goto(`${siteUrl}/`);
      await visitor.getByRole('button', { name: 'Show banner image 5 of 5' }).click();
      await visitor.locator(`main picture:not([aria-hidden]) img[alt="${alt}"]`).waitFor();
      await visitor.close();
    };
    await signInWithCode(page, E2E_ADMINS.banners);
    await page.goto(`${siteUrl}/dashboard/banner-images`);
    await expectHeading(page, 'Banner Images');
    expect(await page.getByRole('searchbox', { name: 'Search stock photos' }).inputValue()).toBe('meal prep food healthy');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const results = page.getByRole('list', { name: 'Stock photos' });
    await expect.poll(() => results.getByRole('listitem').count()).toBe(20);
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => results.getByRole('listitem').count()).toBe(40);
    await results.getByRole('listitem').first().getByRole('button', { name: 'Add' }).click();
    await expectNotice(page, 'Image added successfully!');
    const added = page.getByRole('list', { name: 'Banner images' }).locator('li', { hasText: 'Stock photo stockp1n0' });
    await added.waitFor();
    await heroShowsLast('Stock photo stockp1n0');
    await added.getByRole('button', { name: 'Delete' }).click();
    await added.waitFor({ state: 'detached' });

    await page.getByRole('textbox', { name: 'Image URL' }).fill(`${inject('thirdPartyUrl')}/stock/img/our-kitchen.png`);
    await page.getByRole('textbox', { name: 'Description' }).fill('Our kitchen at dawn');
    await page.getByRole('button', { name: 'Add image' }).click();
    await expectNotice(page, 'Image added successfully!');
    const fromUrl = page.getByRole('list', { name: 'Banner images' }).locator('li', { hasText: 'Our kitchen at dawn' });
    await fromUrl.waitFor();
    await heroShowsLast('Our kitchen at dawn');
    await fromUrl.getByRole('button', { name: 'Delete' }).click();
    await fromUrl.waitFor({ state: 'detached' });
  });
});
