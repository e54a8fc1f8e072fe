/**
 * The browser's main-thread work for a server-rendered page to come alive, this tree against another
 * (an earlier commit in a `git worktree`, built), side by side in one run. Each tree runs as
 * `npm start` runs it; then, in alternating rounds, Chromium opens the page in a fresh context (no
 * cache) with its CPU slowed four times, as Lighthouse's mobile run does, and waits until the page
 * is hydrated and has nothing more to load. Printed per tree, the median over the rounds of
 * Chromium's own counters for the page: script time (compiling and running every script, React's
 * hydration included) and all main-thread task time, plus the JavaScript it loaded. The times are
 * the main thread's wall time, slowed as Lighthouse slows it; with --cpu-time, its CPU time instead
 * (less disturbed by the other processes on the machine, not slowed).
 * Run: npx tsx bench/hydration.ts <other tree> [rounds, default 6] [page, default /state/texas] [--cpu-time]
 */
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS, startSite } from './lib/site';

const args = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const cpuTime = process.argv.includes('--cpu-time');
const other = path.resolve(args[0] ?? '');
const rounds = Number(args[1] ?? 6);
const page = args[2] ?? '/state/texas';
const SLOWDOWN = 4;
if (!args[0]) throw new Error('name the other tree: npx tsx bench/hydration.ts <other tree>');

interface Figures {
  scriptMs: number;
  taskMs: number;
  scriptKiB: number;
}

/** One load of the page in a fresh context: Chromium's counters once the page is hydrated and idle. */
async function measure(browser: Browser, url: string): Promise<Figures> {
  const context = await browser.newContext();
  try {
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
    await cdp.send('Performance.enable', cpuTime ? { timeDomain: 'threadTicks' } : {});
    let scriptBytes = 0;
    tab.on('response', (response) => {
      if (response.request().resourceType() === 'script') scriptBytes += Number(response.headers()['content-length'] ?? 0);
    });
    await tab.goto(url, { waitUntil: 'networkidle' });
    // Hydrated: the shell marks nothing, so the page is given time to finish what its scripts
    // started (a throttled main thread may still be hydrating when the network is idle).
    await tab.waitForTimeout(1_500);
    const { metrics } = await cdp.send('Performance.getMetrics');
    const metric = (name: string) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
    return { scriptMs: metric('ScriptDuration'), taskMs: metric('TaskDuration'), scriptKiB: scriptBytes / 1024 };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
const sites: Array<{ name: string; url: string; stop: () => Promise<void> }> = [];
try {
  for (const [name, root] of [
    ['this tree', undefined],
    [path.basename(other), other],
  ] as const) {
    const site = await startSite({}, { root });
    sites.push({ name, url: site.url, stop: site.stop });
  }
  // One load each before measuring: the renderer's first render and the gateway's cache are warm.
  for (const site of sites) await measure(browser, `${site.url}${page}`);
  const runs = new Map<string, Figures[]>(sites.map((site) => [site.name, []]));
  for (let round = 0; round < rounds; round += 1) {
    for (const site of round % 2 === 0 ? sites : [...sites].reverse()) runs.get(site.name)!.push(await measure(browser, `${site.url}${page}`));
  }
  console.log(`${page}: main-thread ${cpuTime ? 'CPU' : 'wall'} time in Chromium, CPU slowed ${SLOWDOWN}×, fresh context, median of ${rounds} alternating rounds`);
  for (const site of sites) {
    const mine = runs.get(site.name)!;
    const range = (pick: (f: Figures) => number) => `${median(mine.map(pick)).toFixed(0)} ms (${Math.min(...mine.map(pick)).toFixed(0)}–${Math.max(...mine.map(pick)).toFixed(0)})`;
    console.log(`${site.name.padEnd(12)} script ${range((f) => f.scriptMs)} · all tasks ${range((f) => f.taskMs)} · scripts sent ${median(mine.map((f) => f.scriptKiB)).toFixed(1)} KiB`);
  }
} finally {
  for (const site of sites) await site.stop();
  await browser.close();
}
