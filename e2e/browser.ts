import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

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
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: FLAGS, headless: true });
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
