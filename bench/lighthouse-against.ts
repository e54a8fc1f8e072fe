/**
 * Lighthouse mobile (its default config, light theme) on the pages bench/lighthouse.ts audits, this
 * tree against another (an earlier commit in a `git worktree`, installed and built), in one run.
 * Both sites run at once as `npm start` runs them with the demo data (startSite gives each its own
 * free ports, data folder and broker names) and one Chromium audits them in turn: each page `runs`
 * times on each tree, the trees alternated run by run (this, other; other, this; …), so a slow
 * spell of the machine falls on both. Printed per page: the median and range of the performance
 * score, FCP, LCP, TBT, CLS and the accessibility, best-practices and SEO scores for each tree, and
 * the difference of the medians (this − other). Chromium reaches no host but 127.0.0.1.
 * Run: npx tsx bench/lighthouse-against.ts <other tree> [runs, default 3]
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type RunnerResult } from 'lighthouse';
import { CATEGORIES, PAGES } from './lib/lighthouse-pages';
import { CHROMIUM, CHROMIUM_FLAGS, ensureChromium, startSite } from './lib/site';
import { ROOT } from './lib/system';

if (!process.argv[2]) throw new Error('name the other tree: npx tsx bench/lighthouse-against.ts <other tree> [runs]');
const RUNS = Number(process.argv[3] ?? 3);
const TREES = [ROOT, path.resolve(process.argv[2])];

type Report = RunnerResult['lhr'];
const score = (lhr: Report, id: string) => Math.round((lhr.categories[id]?.score ?? NaN) * 100);
const metric = (lhr: Report, id: string) => lhr.audits[id]?.numericValue ?? NaN;
/** Each figure printed: its name, its decimals, and how it is read from a report. */
const FIGURES: Array<[string, number, (lhr: Report) => number]> = [
  ['performance', 0, (lhr) => score(lhr, 'performance')],
  ['FCP (s)', 1, (lhr) => metric(lhr, 'first-contentful-paint') / 1000],
  ['LCP (s)', 1, (lhr) => metric(lhr, 'largest-contentful-paint') / 1000],
  ['TBT (ms)', 0, (lhr) => metric(lhr, 'total-blocking-time')],
  ['CLS', 3, (lhr) => metric(lhr, 'cumulative-layout-shift')],
  ['accessibility', 0, (lhr) => score(lhr, 'accessibility')],
  ['best-practices', 0, (lhr) => score(lhr, 'best-practices')],
  ['SEO', 0, (lhr) => score(lhr, 'seo')],
];

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const summary = (values: number[], digits: number) => {
  const [low, high] = [Math.min(...values).toFixed(digits), Math.max(...values).toFixed(digits)];
  return `${median(values).toFixed(digits)} (${low === high ? low : `${low}–${high}`})`;
};
/** The difference of the medians as printed (rounded first, so that 0.9 against 1.1 reads -0.2). */
const difference = (ours: number[], theirs: number[], digits: number) => {
  const value = Number(median(ours).toFixed(digits)) - Number(median(theirs).toFixed(digits));
  return Number(value.toFixed(digits)) === 0 ? '0' : `${value > 0 ? '+' : ''}${value.toFixed(digits)}`;
};

await ensureChromium();
const sites: Array<Awaited<ReturnType<typeof startSite>>> = [];
let chrome: chromeLauncher.LaunchedChrome | undefined;
try {
  for (const root of TREES) sites.push(await startSite({}, { root }));
  // Every page answered once by each site before it is audited (and found there: the same demo data).
  for (const site of sites) {
    for (const page of PAGES) {
      const response = await fetch(`${site.url}${page}`);
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${site.url}${page} answered ${response.status}`);
    }
  }
  chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: [...CHROMIUM_FLAGS, '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'] });
  const audits = async (url: string) => {
    const run = async () => (await lighthouse(url, { port: chrome!.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES }))?.lhr;
    let lhr = await run();
    // A run that could not trace the page (Lighthouse reports a runtime error) is tried once more, then left out.
    if (lhr?.runtimeError) {
      console.log(`  ${url}: Lighthouse error ${lhr.runtimeError.code}; running again`);
      lhr = await run();
    }
    if (!lhr || lhr.runtimeError) console.log(`  ${url}: no result (${lhr?.runtimeError?.message ?? 'none returned'}); left out`);
    return lhr?.runtimeError ? undefined : lhr;
  };

  const commit = (root: string) => execFileSync('git', ['-C', root, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  console.log(`Lighthouse mobile, ${RUNS} runs per page and tree, median (range)`);
  console.log(`this:  ${TREES[0]} (HEAD ${commit(TREES[0]!)} and any uncommitted changes)`);
  console.log(`other: ${TREES[1]} (HEAD ${commit(TREES[1]!)})`);
  const columns = (cells: string[]) => `  ${cells[0]!.padEnd(16)}${cells[1]!.padStart(20)}${cells[2]!.padStart(20)}${cells[3]!.padStart(16)}`;
  for (const page of PAGES) {
    const reports: Report[][] = [[], []];
    for (let i = 0; i < RUNS; i += 1) {
      for (const tree of i % 2 === 0 ? [0, 1] : [1, 0]) {
        const lhr = await audits(`${sites[tree]!.url}${page}`);
        if (lhr) reports[tree]!.push(lhr);
      }
    }
    console.log(`\n${page} (${reports[0]!.length} and ${reports[1]!.length} runs)`);
    console.log(columns(['', 'this', 'other', 'this − other']));
    for (const [name, digits, read] of FIGURES) {
      const [ours, theirs] = reports.map((list) => list.map(read));
      console.log(columns([name, summary(ours!, digits), summary(theirs!, digits), difference(ours!, theirs!, digits)]));
    }
  }
} finally {
  chrome?.kill();
  for (const site of sites) await site.stop();
}
