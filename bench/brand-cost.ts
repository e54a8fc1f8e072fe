/**
 * What the brand at run time costs a page, this tree against another (an earlier commit in a
 * `git worktree`, built), one site after the other as `npm start` runs it with the demo data:
 * each page's served HTML (bytes as sent without compression, and gzip -9), and the first load
 * of the home page in Chromium (JavaScript and CSS, gzip -9 of each file). Printed side by side
 * with the difference. The limits: the home page's first-load JavaScript within 1 KB, a
 * page's served bytes at most 1 KB more.
 * Run: npx tsx bench/brand-cost.ts <other tree> [--files: each first-load file that changed]
 */
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { demoArticles, demoServices } from '@mealprep/demo-data';
import { CHROMIUM, CHROMIUM_FLAGS, startSite } from './lib/site';

const other = path.resolve(process.argv[2] ?? '');
if (!process.argv[2]) throw new Error('name the other tree: npx tsx bench/brand-cost.ts <other tree>');
const service = demoServices().find((s) => s.status === 'published')!;
const PAGES = ['/', '/about', '/state/texas', `/service/${service.slug}`, '/articles', `/articles/${demoArticles()[0]!.slug}`, '/services-by-meal-type'];

interface Figures {
  html: Record<string, { raw: number; gzip: number }>;
  homeJs: number;
  homeCss: number;
  /** Each file of the home page's first load (gzip -9), by its name without content hashes. */
  files: Map<string, number>;
}

/** A file's name as both trees build it: its path without content hashes and release folders. */
const sameName = (url: string) => new URL(url).pathname.replace(/\/releases\/[0-9a-f]{12}\//, '/').replace(/[.-][0-9a-f]{8,}(?=\.)/g, '');

async function measure(root: string, browser: Browser): Promise<Figures> {
  const site = await startSite({}, { root });
  try {
    const html: Figures['html'] = {};
    for (const page of PAGES) {
      // Rendered once before it is measured (the first answer may be the page for the browser).
      await (await fetch(`${site.url}${page}`, { headers: { 'accept-encoding': 'identity' } })).text();
      const body = Buffer.from(await (await fetch(`${site.url}${page}`, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer());
      html[page] = { raw: body.length, gzip: gzipSync(body, { level: 9 }).length };
    }
    const context = await browser.newContext();
    const tab = await context.newPage();
    let homeJs = 0;
    let homeCss = 0;
    const files = new Map<string, number>();
    const pending: Array<Promise<void>> = [];
    tab.on('response', (response) => {
      const type = response.request().resourceType();
      if ((type !== 'script' && type !== 'stylesheet') || !response.url().startsWith(site.url)) return;
      pending.push(
        response
          .body()
          .catch(() => Buffer.alloc(0))
          .then((body) => {
            const gz = gzipSync(body, { level: 9 }).length;
            files.set(sameName(response.url()), gz);
            if (type === 'script') homeJs += gz;
            else homeCss += gz;
          }),
      );
    });
    await tab.goto(`${site.url}/`, { waitUntil: 'networkidle' });
    await Promise.all(pending);
    await context.close();
    return { html, homeJs, homeCss, files };
  } finally {
    await site.stop();
  }
}

const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
try {
  const ours = await measure(path.resolve(import.meta.dirname, '..'), browser);
  const theirs = await measure(other, browser);
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(2)} KiB`;
  const delta = (a: number, b: number) => `${a - b >= 0 ? '+' : ''}${a - b} B`;
  console.log(`served HTML, this tree against ${other} (raw bytes; gzip -9)`);
  for (const page of PAGES) {
    const a = ours.html[page]!;
    const b = theirs.html[page]!;
    console.log(`${page.padEnd(48)} ${String(a.raw).padStart(7)} vs ${String(b.raw).padStart(7)} (${delta(a.raw, b.raw)}); gzip ${a.gzip} vs ${b.gzip} (${delta(a.gzip, b.gzip)})`);
  }
  console.log(
    `home page first load: JavaScript ${kib(ours.homeJs)} vs ${kib(theirs.homeJs)} (${delta(ours.homeJs, theirs.homeJs)}); CSS ${kib(ours.homeCss)} vs ${kib(theirs.homeCss)} (${delta(ours.homeCss, theirs.homeCss)})`,
  );
  // With --files: which files of the first load changed, and by how much.
  if (process.argv.includes('--files')) {
    for (const name of [...new Set([...ours.files.keys(), ...theirs.files.keys()])].sort()) {
      const a = ours.files.get(name) ?? 0;
      const b = theirs.files.get(name) ?? 0;
      if (a !== b) console.log(`  ${name.padEnd(70)} ${String(a).padStart(7)} vs ${String(b).padStart(7)} (${delta(a, b)})`);
    }
  }
} finally {
  await browser.close();
}
