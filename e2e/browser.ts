import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
// @ts-expect-error plain ESM helper without types
import { CHROMIUM, CHROMIUM_FLAGS } from '../scripts/lib/ensure-chromium.mjs';

/**
 * One Chromium per test file (Debian's, never a downloaded one), and a fresh
 * context and page per test. Console errors are collected so a test can assert there were none.
 */
export function useBrowserPage() {
  const handle = { page: null as unknown as Page, consoleErrors: [] as string[] };
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    // Playwright gives each launch a fresh, temporary profile and removes it on close.
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS, headless: true });
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    context = await browser.newContext();
    context.setDefaultTimeout(15_000);
    handle.page = await context.newPage();
    handle.consoleErrors = [];
    handle.page.on('console', (message) => {
      if (message.type() === 'error') handle.consoleErrors.push(message.text());
    });
  });
  afterEach(async () => {
    await context?.close();
  });
  return handle;
}
