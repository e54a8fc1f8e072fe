/**
 * Lighthouse (mobile, its default, and desktop) on the built site served by `npm start`, driving
 * Debian's Chromium: each page `runs` times in the light theme and in the dark one (Chromium told
 * that the system prefers dark, which the page's theme follows), printing the range of each figure.
 * Run: npx tsx bench/lighthouse.ts [runs, default 3] [--mobile-only]
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type RunnerResult } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { CATEGORIES, PAGES } from './lib/lighthouse-pages';
import { CHROMIUM, CHROMIUM_FLAGS, ensureChromium, startSite } from './lib/site';

const RUNS = Number(process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? 3);
const mobileOnly = process.argv.includes('--mobile-only');
const THEMES = { light: [] as string[], dark: ['--force-dark-mode', '--blink-settings=preferredColorScheme=0'] };

const range = (values: number[], digits = 0) => {
  const low = Math.min(...values).toFixed(digits);
  const high = Math.max(...values).toFixed(digits);
  return low === high ? low : `${low}–${high}`;
};

await ensureChromium();
const site = await startSite();
try {
  for (const [theme, flags] of Object.entries(THEMES)) {
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: [...CHROMIUM_FLAGS, ...flags] });
    try {
      for (const [label, config] of (mobileOnly
        ? [['mobile', undefined]]
        : [
            ['mobile', undefined],
            ['desktop', desktopConfig],
          ]) as Array<[string, typeof desktopConfig | undefined]>) {
        console.log(`Lighthouse ${label}, ${theme} theme, ${RUNS} runs: performance / accessibility / best practices / SEO`);
        for (const page of PAGES) {
          const results: Array<RunnerResult['lhr']> = [];
          for (let i = 0; i < RUNS; i += 1) {
            const run = () => lighthouse(`${site.url}${page}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES }, config);
            let lhr = (await run())?.lhr;
            // A run that could not trace the page (Lighthouse reports a runtime error) is tried once more.
            if (lhr?.runtimeError) {
              console.log(`${page.padEnd(40)} Lighthouse error: ${lhr.runtimeError.code} ${lhr.runtimeError.message}; running again`);
              lhr = (await run())?.lhr;
            }
            if (!lhr) throw new Error(`no result for ${page}`);
            results.push(lhr);
          }
          const score = (lhr: (typeof results)[number], id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
          const metric = (id: string) => results.map((lhr) => lhr.audits[id]?.numericValue ?? NaN);
          console.log(
            `${page.padEnd(40)} ${CATEGORIES.map((id) => range(results.map((lhr) => score(lhr, id)))).join(' / ')}  (FCP ${range(
              metric('first-contentful-paint').map((ms) => ms / 1000),
              1,
            )} s, LCP ${range(
              metric('largest-contentful-paint').map((ms) => ms / 1000),
              1,
            )} s, TBT ${range(metric('total-blocking-time'))} ms, CLS ${range(metric('cumulative-layout-shift'), 3)})`,
          );
          const last = results.at(-1)!;
          const lcpItem = (last.audits['largest-contentful-paint-element']?.details as { items?: Array<{ items?: Array<{ node?: { snippet?: string } }> }> } | undefined)?.items?.[0]?.items?.[0];
          if (lcpItem?.node?.snippet) console.log(`    largest paint: ${lcpItem.node.snippet.slice(0, 120)}`);
          for (const lhr of results) {
            for (const id of CATEGORIES) {
              if (score(lhr, id) < 100) {
                const failing = Object.values(lhr.audits).filter((a) => a.score !== null && a.score < 1 && lhr.categories[id]?.auditRefs.some((r) => r.id === a.id && r.weight > 0));
                console.log(`    ${id} ${score(lhr, id)}: ${failing.map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`).join(', ')}`);
              }
            }
          }
        }
      }
    } finally {
      chrome.kill();
    }
  }
} finally {
  await site.stop();
}
