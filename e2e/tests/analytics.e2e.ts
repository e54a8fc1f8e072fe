import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { useBrowserPage } from '../browser';
import type { Hit } from '../fake-third-parties';

declare module 'vitest' {
  export interface ProvidedContext {
    thirdPartyUrl: string;
  }
}

const siteUrl = inject('siteUrl');
const thirdPartyUrl = inject('thirdPartyUrl');

/** The hits the fake scripts of this page load sent (see e2e/fake-third-parties.ts). */
async function pageHits(page: Page): Promise<Hit[]> {
  const pageId = await page.evaluate(() => (window as { __fakeThirdPartyPageId?: string }).__fakeThirdPartyPageId ?? null);
  if (!pageId) return [];
  const all = (await (await fetch(`${thirdPartyUrl}/hits`)).json()) as Hit[];
  return all.filter((hit) => hit.pageId === pageId);
}

const MARKER = 'e2e-marker';

/**
 * Sends a marker through the product and the marketing script (each sends its hits one after
 * another, in order) and waits until both are recorded: every hit those scripts were asked for
 * before has then arrived. Returns the page's hits without the markers.
 */
async function hitsBehindMarkers(page: Page): Promise<Hit[]> {
  await page.evaluate((marker) => {
    const w = window as unknown as { posthog: { capture: (event: string) => void }; _learnq: { push: (command: unknown[]) => void } };
    w.posthog.capture(marker);
    w._learnq.push(['track', 'View', { url: marker, pathname: marker }]);
  }, MARKER);
  const isMarker = (hit: Hit) => (hit.kind === 'event' && hit.event === MARKER) || (hit.kind === 'view' && hit.url === MARKER);
  await expect.poll(async () => (await pageHits(page)).filter(isMarker).map((hit) => hit.kind), { timeout: 15_000 }).toEqual(expect.arrayContaining(['event', 'view']));
  const hits = await pageHits(page);
  expect(hits.filter(isMarker)).toHaveLength(2);
  return hits.filter((hit) => !isMarker(hit));
}

function summary(hits: Hit[]) {
  return {
    inits: hits.filter((hit) => hit.kind === 'init').length,
    pageviews: hits.flatMap((hit) => (hit.kind === 'pageview' ? [hit.properties.$current_url] : [])),
    siteLoads: hits.filter((hit) => hit.kind === 'site-load').length,
    views: hits.flatMap((hit) => (hit.kind === 'view' ? [hit.url] : [])),
  };
}

describe('tracking scripts in Chromium', () => {
  const browser = useBrowserPage();

  beforeEach(async () => {
    await fetch(`${thirdPartyUrl}/reset`, { method: 'POST' });
  });

  /**
   * Lands on /, lets `beforeLeaving` run, then follows the header link. Only the shell is waited
   * for: what the page shows (and whether the catalogue is up) does not matter to tracking.
   */
  async function landThenFindAService(beforeLeaving: (page: Page) => Promise<void>) {
    const { page } = browser;
    // Not 'load': it would wait for the tracking scripts, which a test may hold back.
    await page.goto(`${siteUrl}/`, { waitUntil: 'domcontentloaded' });
    const findAService = page.getByRole('banner').getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Find a Service' });
    await findAService.waitFor();
    // The link is in the server's HTML before the app runs: wait for the app (its marketing queue
    // is set up once the page is hydrated), or the click is a plain navigation to a new document.
    // (Hydration waits for the scripts loaded after the first paint: on a busy machine, well past 15 s.)
    await page.waitForFunction(() => Array.isArray((window as { _learnq?: unknown })._learnq), undefined, { timeout: 40_000 });
    await beforeLeaving(page);
    await findAService.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/find-service');
    return page;
  }

  const expected = {
    inits: 1,
    pageviews: [`${siteUrl}/`, `${siteUrl}/find-service`],
    siteLoads: 1,
    views: [`${siteUrl}/`, `${siteUrl}/find-service`],
  };

  it('when a visitor lands on / and follows the header link to /find-service, then each script hears of each location exactly once, in order', async () => {
    // The marketing script has reported ready (and recorded the first page) before the visitor moves on.
    const page = await landThenFindAService(async (current) => {
      await expect.poll(async () => summary(await pageHits(current)).views, { timeout: 15_000 }).toEqual([`${siteUrl}/`]);
    });

    await expect.poll(async () => summary(await pageHits(page)), { timeout: 15_000 }).toEqual(expected);
    // Nothing arrives late: no second view of the first page once the script is ready, no repeat.
    const hits = await hitsBehindMarkers(page);
    expect(summary(hits)).toEqual(expected);

    const init = hits.find((hit) => hit.kind === 'init');
    expect(init).toMatchObject({
      key: 'e2e-key',
      options: { api_host: thirdPartyUrl, disable_session_recording: true, capture_pageview: false },
    });
    // init reaches the script before the first pageview.
    expect(hits.filter((hit) => hit.kind === 'init' || hit.kind === 'pageview').map((hit) => hit.kind)).toEqual(['init', 'pageview', 'pageview']);
    expect(hits.flatMap((hit) => (hit.kind === 'pageview' ? [hit.properties] : []))).toEqual([
      { $current_url: `${siteUrl}/`, pathname: '/' },
      { $current_url: `${siteUrl}/find-service`, pathname: '/find-service' },
    ]);
    expect(hits.find((hit) => hit.kind === 'site-load')).toMatchObject({ siteId: 'e2e-site' });
    expect(hits.flatMap((hit) => (hit.kind === 'view' ? [{ scriptId: hit.scriptId, pathname: hit.pathname }] : []))).toEqual([
      { scriptId: 'e2e-marketing', pathname: '/' },
      { scriptId: 'e2e-marketing', pathname: '/find-service' },
    ]);

    // The scripts are added after the app, never as render-blocking scripts.
    const scripts = await page.evaluate(() =>
      [...document.querySelectorAll('script[src]')]
        .map((el) => el as HTMLScriptElement)
        .filter((el) => !el.src.startsWith(location.origin))
        .map((el) => ({ src: el.src, async: el.async, defer: el.defer })),
    );
    expect(scripts.map((script) => script.src).sort()).toEqual([`${thirdPartyUrl}/marketing.js?company_id=e2e-marketing`, `${thirdPartyUrl}/product.js`, `${thirdPartyUrl}/site.js`].sort());
    expect(scripts.every((script) => script.async || script.defer)).toBe(true);
  });

  it('when the visitor moves on before the marketing script is ready, then the views still come once per location, in order', async () => {
    // The marketing script is held back until the visitor has moved on, so both views wait in its queue.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await browser.page.route(
      (url) => url.pathname === '/marketing.js',
      async (route) => {
        await released;
        await route.continue();
      },
    );
    const page = await landThenFindAService(async () => {});
    expect(await page.evaluate(() => Array.isArray((window as { _learnq?: unknown })._learnq))).toBe(true);
    release();

    await expect.poll(async () => summary(await pageHits(page)), { timeout: 15_000 }).toEqual(expected);
    expect(summary(await hitsBehindMarkers(page))).toEqual(expected);
    // The site script counts the visit when it loads: it was added once.
    expect(await page.evaluate(() => [...document.querySelectorAll('script[src]')].filter((el) => new URL((el as HTMLScriptElement).src).pathname === '/site.js').length)).toBe(1);
  });
});
