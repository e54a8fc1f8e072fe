import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
// @ts-expect-error plain ESM helper without types
import { CHROMIUM, CHROMIUM_FLAGS } from '../scripts/lib/ensure-chromium.mjs';

/**
 * One Chromium per test file (Debian's, never a downloaded one), and a fresh
 * context and page per test. Console errors are collected so a test can assert there were none; a
 * refusal by the site's Content-Security-Policy fails the test whatever it checks.
 */
export function useBrowserPage() {
  const handle = {
    page: null as unknown as Page,
    consoleErrors: [] as string[],
    /** Another visitor: a page in a context of its own (own cookies; JavaScript off if asked), closed after the test. */
    newPage: async (options: BrowserContextOptions = {}): Promise<Page> => {
      const other = await browser.newContext(options);
      other.setDefaultTimeout(15_000);
      extraContexts.push(other);
      return other.newPage();
    },
  };
  const extraContexts: BrowserContext[] = [];
  let failedRequests: string[] = [];
  let policyViolations: string[] = [];
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
    failedRequests = [];
    policyViolations = [];
    handle.page.on('console', (message) => {
      if (message.type() === 'error') handle.consoleErrors.push(message.text());
      if (/Content Security Policy/i.test(message.text())) policyViolations.push(message.text());
    });
    handle.page.on('response', (response) => {
      if (response.status() >= 400) failedRequests.push(`${response.status()} ${response.url()}`);
    });
    handle.page.on('requestfailed', (request) => failedRequests.push(`failed ${request.url()} ${request.failure()?.errorText ?? ''}`));
  });
  afterEach(async ({ task }) => {
    // A failing test says what the visitor saw, so a failure in CI can be understood from its log.
    if (task.result?.state === 'fail' && handle.page) {
      const main = await handle.page
        .locator('body')
        .innerText({ timeout: 2_000 })
        .catch(() => '(no body)');
      console.error(
        [
          `page: ${handle.page.url()}`,
          `text: ${main.slice(0, 800)}`,
          `requests that failed: ${failedRequests.join(' | ') || 'none'}`,
          `console errors: ${handle.consoleErrors.join(' | ') || 'none'}`,
        ].join('\n'),
      );
    }
    await context?.close();
    for (const other of extraContexts.splice(0)) await other.close();
    // Whatever a test checks, the site's own Content-Security-Policy must not have refused anything.
    if (policyViolations.length) throw new Error(`the Content-Security-Policy refused: ${policyViolations.join(' | ')}`);
  });
  return handle;
}
