import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Waits for the page's one h1 to read `text`. */
export async function expectHeading(page: Page, text: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: text, exact: true }).waitFor();
  expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
}

/** Names on the service cards shown in the main area, in order. */
export async function cardNames(page: Page): Promise<string[]> {
  return page.locator('main article h3 a').allTextContents();
}

/** The page numbers and ellipses the pager shows. */
export async function pagerItems(page: Page): Promise<string[]> {
  const items = await page.getByRole('navigation', { name: 'Pagination' }).locator('li').allTextContents();
  return items.map((t) => t.trim()).filter((t) => t !== 'Previous' && t !== 'Next');
}

/** Answers the open question dialog called `name` (by role and name, as a screen reader finds it) with the button called `button`. */
export async function answerDialog(page: Page, name: string, button: string): Promise<void> {
  const dialog = page.getByRole('alertdialog', { name });
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** Waits for the message (toast) with this text among the screen's messages. */
export async function expectNotice(page: Page, text: string): Promise<void> {
  await page
    .getByRole('region', { name: /^Messages/ })
    .getByText(text, { exact: true })
    .waitFor();
}
