import { describe, expect, inject, it } from 'vitest';
import { useBrowserPage } from '../browser';
import { E2E_ADMINS } from '../global-setup';
import { expectHeading } from '../page-helpers';
import { signInWithCode } from '../sign-in-helpers';

const siteUrl = inject('siteUrl');
const PHONE = { width: 390, height: 844 };

describe('the dashboard on a phone (390×844) in Chromium', () => {
  const browser = useBrowserPage();

  it('when an admin opens the dashboard, then the sidebar is folded behind Menu: it opens, Escape folds it back to the button, and a link followed folds it', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await signInWithCode(page, E2E_ADMINS.phone);
    await page.goto(`${siteUrl}/dashboard/services`);
    await expectHeading(page, 'Services');
    const menu = page.getByRole('button', { name: 'Menu' });
    const blogLink = page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Blog' });
    // The screen itself starts at the top: the folded sidebar is one short row.
    expect(await blogLink.isVisible()).toBe(false);
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect((await page.getByRole('heading', { level: 1, name: 'Services' }).boundingBox())!.y).toBeLessThan(PHONE.height / 3);

    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await blogLink.waitFor({ state: 'visible' });
    await blogLink.focus();
    await page.keyboard.press('Escape');
    await blogLink.waitFor({ state: 'hidden' });
    expect(await menu.evaluate((button) => button === document.activeElement)).toBe(true);

    await menu.click();
    await blogLink.click();
    await page.waitForURL(`${siteUrl}/dashboard/blog`);
    await expectHeading(page, 'Blog');
    await blogLink.waitFor({ state: 'hidden' });
  });

  it("when an admin reads the services table, then the page does not scroll sideways; the table does, with each row's name kept in view", async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await signInWithCode(page, E2E_ADMINS.phone);
    await page.goto(`${siteUrl}/dashboard/services`);
    await expectHeading(page, 'Services');
    const firstRow = page.locator('tbody tr').first();
    await firstRow.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    const frame = page.locator('table').locator('xpath=..');
    const { scrollWidth, clientWidth } = await frame.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
    expect(scrollWidth).toBeGreaterThan(clientWidth);
    await frame.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await expect.poll(() => frame.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    // Scrolled to its end: the actions are in view, and so is the name beside its box.
    const nameCell = firstRow.locator('td').first();
    const box = (await nameCell.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    const name = (await nameCell.locator('.font-medium').textContent())!;
    const atName = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('td')?.textContent ?? '', { x: box.x + box.width / 2, y: box.y + 8 });
    expect(atName).toContain(name);
  });
});
