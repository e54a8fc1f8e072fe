/**
 * Lighthouse (mobile, its default, and desktop) on the built site served by `npm start`, driving
 * Debian's Chromium. Run: npx tsx bench/lighthouse.ts
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { demoServices } from '@mealprep/demo-data';
import { CHROMIUM, CHROMIUM_FLAGS, ensureChromium, startSite } from './lib/site';

const service = demoServices().find((s) => s.status === 'published' && s.media.logoImageId)!;
const PAGES = ['/', '/services-by-name', '/state/texas', `/service/${service.slug}`];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

await ensureChromium();
const site = await startSite();
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });
try {
  for (const [label, config] of [['mobile', undefined], ['desktop', desktopConfig]] as const) {
    console.log(`Lighthouse ${label}: performance / accessibility / best practices / SEO`);
    for (const page of PAGES) {
      const run = () => lighthouse(`${site.url}${page}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES }, config);
      let lhr = (await run())?.lhr;
      // A run that could not trace the page (Lighthouse reports a runtime error) is tried once more.
      if (lhr?.runtimeError) {
        console.log(`${page.padEnd(40)} Lighthouse error: ${lhr.runtimeError.code} ${lhr.runtimeError.message}; running again`);
        lhr = (await run())?.lhr;
      }
      if (!lhr) throw new Error(`no result for ${page}`);
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const metric = (id: string) => lhr.audits[id]?.displayValue ?? '?';
      console.log(
        `${page.padEnd(40)} ${CATEGORIES.map(score).join(' / ')}  (FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')})`,
      );
      const lcpItem = (lhr.audits['largest-contentful-paint-element']?.details as { items?: Array<{ items?: Array<{ node?: { snippet?: string } }> }> } | undefined)?.items?.[0]?.items?.[0];
      if (lcpItem?.node?.snippet) console.log(`    largest paint: ${lcpItem.node.snippet.slice(0, 120)}`);
      for (const id of CATEGORIES.slice(1)) {
        if (score(id) < 100) {
          const failing = Object.values(lhr.audits).filter((a) => a.score !== null && a.score < 1 && lhr.categories[id]?.auditRefs.some((r) => r.id === a.id && r.weight > 0));
          console.log(`    ${id}: ${failing.map((a) => a.id).join(', ')}`);
        }
      }
    }
  }
} finally {
  chrome.kill();
  await site.stop();
}
