import { demoArticles, demoServices } from '@mealprep/demo-data';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { useBrowserPage } from '../browser';
import { E2E_ADMINS } from '../global-setup';
import { signInWithCode } from '../sign-in-helpers';

const siteUrl = inject('siteUrl');
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const service = demoServices().find((s) => s.status === 'published')!;
const article = demoArticles()[0]!;

/** Every screen of the site: the public pages, the sign-in page, the owner's and the admin's dashboard. */
const PUBLIC = [
  '/',
  '/find-service',
  '/services-by-state',
  '/state/texas',
  '/state/texas/austin',
  '/near/78701',
  '/services-that-ship',
  '/services-by-meal-type',
  '/meal-type/keto',
  '/services-by-name',
  `/service/${service.slug}`,
  '/articles',
  `/articles/${article.slug}`,
  '/about',
  '/add-your-service',
  '/paperform',
  '/terms-of-service',
  '/privacy-policy',
  '/login',
  '/no-such-page',
];
const DASHBOARD = [
  '/dashboard',
  '/dashboard/add-service',
  'edit', // the first listing of the admin's services table
  '/dashboard/services',
  '/dashboard/blog',
  '/dashboard/media',
  '/dashboard/banner-images',
  '/dashboard/import-utilities',
  '/dashboard/service-utilities',
  '/dashboard/claims',
  '/dashboard/reviews',
  '/dashboard/insights',
  '/dashboard/brand',
  `/dashboard/claim/${service.id}`, // a demo listing's claim form (the admin's address is not the business's)
];

const VIEWS: Array<{ name: string; options: BrowserContextOptions }> = [
  { name: 'light, desktop', options: { colorScheme: 'light', viewport: { width: 1280, height: 800 } } },
  { name: 'dark, desktop', options: { colorScheme: 'dark', viewport: { width: 1280, height: 800 } } },
  { name: 'light, 390×844', options: { colorScheme: 'light', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
  { name: 'dark, 390×844', options: { colorScheme: 'dark', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
];

interface Finding {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown[] }>;
}

/** axe-core's serious and critical findings on the page as it stands, one line each. */
async function seriousFindings(page: Page, screen: string): Promise<string[]> {
  // Evaluated through the DevTools protocol, so the site's Content-Security-Policy is not loosened for it.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: Finding[] }> } }).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${screen}: ${v.id} (${v.impact}) ${v.help} at ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(', ')}${v.nodes.length > 3 ? ` and ${v.nodes.length - 3} more` : ''}`,
    );
}

/** Opens a screen and waits until it has shown its content (its h1 and no loading note). */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(`${siteUrl}${path}`);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
  await page
    .getByText('Loading…')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
}

/** Tabs auditing side by side: most of a screen's time is waiting for its network to go quiet. */
const TABS = 2;

/** Each page takes the next screen when it is done with one, until none is left. */
async function inTurn(screens: string[], pages: Page[], audit: (page: Page, screen: string) => Promise<void>): Promise<void> {
  const left = [...screens];
  await Promise.all(
    pages.map(async (page) => {
      for (let screen = left.shift(); screen !== undefined; screen = left.shift()) await audit(page, screen);
    }),
  );
}

describe('accessibility of every screen (axe-core in Chromium)', () => {
  const browser = useBrowserPage();
  let admin: Promise<Awaited<ReturnType<BrowserContext['storageState']>>> | null = null;
  /** One sign-in for the whole file (an address may ask for 3 sign-in e-mails in 15 minutes). */
  const adminState = () => {
    admin ??= (async () => {
      const page = await browser.newPage();
      await signInWithCode(page, E2E_ADMINS.accessibility);
      return page.context().storageState();
    })();
    return admin;
  };

  for (const view of VIEWS) {
    it(`when every screen is audited ${view.name}, then none has a serious or critical violation`, { timeout: 240_000 }, async () => {
      const findings: string[] = [];
      // Each screen is audited in the view's theme.
      const themeOf = async (page: Page, path: string) => [path, (await page.evaluate(() => document.documentElement.classList.contains('dark'))) ? 'dark' : 'light'];
      // The public pages as a visitor sees them (signed out: /login is the sign-in form), TABS tabs
      // taking the next screen in turn: some wait for their network to go quiet while another is audited.
      const visitors = await Promise.all(Array.from({ length: TABS }, () => browser.newPage(view.options)));
      await inTurn(PUBLIC, visitors, async (visitor, path) => {
        await open(visitor, path);
        expect(await themeOf(visitor, path)).toEqual([path, view.options.colorScheme]);
        findings.push(...(await seriousFindings(visitor, path)));
      });
      const state = await adminState();
      const pages = await Promise.all(Array.from({ length: TABS }, () => browser.newPage({ ...view.options, storageState: state })));
      await inTurn(DASHBOARD, pages, async (page, screen) => {
        let path = screen;
        if (screen === 'edit') {
          await open(page, '/dashboard/services');
          path = (await page.locator('tbody a[href$="/edit"]').first().getAttribute('href'))!;
        }
        await open(page, path);
        expect(await themeOf(page, path)).toEqual([path, view.options.colorScheme]);
        findings.push(...(await seriousFindings(page, path)));
      });
      expect(findings).toEqual([]);
    });
  }
});
