/**
 * First-load JavaScript and CSS of every public page, as Chromium loads them from the running site:
 * each file's gzip -9 size (and the bytes actually sent, which are brotli). The pages are the public
 * remote's routes as its release carries them (routes.json): each with the first URL of the sitemap
 * it matches, or an example for a page the sitemap leaves out.
 * Run: npx tsx bench/bundle-size.ts
 */
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { comparePath } from '@mealprep/contracts/browser';
import { demoServices } from '@mealprep/demo-data';
import { CHROMIUM, CHROMIUM_FLAGS, startSite } from './lib/site';

const published = demoServices().filter((s) => s.status === 'published');
/** Pages the sitemap does not list, by route. */
const EXAMPLES: Record<string, string> = {
  '/compare': comparePath(published.slice(0, 3).map((s) => s.slug)),
  '/near/:place': '/near/Austin%2C%20TX',
  '/paperform/:formId': '/paperform/demo-form',
};

/** One URL per route of the current public release. */
async function publicPages(siteUrl: string): Promise<string[]> {
  const pointerUrl = new URL('/remotes/public/release.json', siteUrl);
  const pointer = (await (await fetch(pointerUrl)).json()) as { routes: string };
  const { routes } = (await (await fetch(new URL(pointer.routes, pointerUrl))).json()) as { routes: Array<{ path: string }> };
  const sitemap = [...(await (await fetch(new URL('/sitemap.xml', siteUrl))).text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  return routes.map(({ path }) => {
    if (EXAMPLES[path]) return EXAMPLES[path];
    if (!path.includes(':')) return path;
    const pattern = new RegExp(`^${path.replace(/:\w+/g, '[^/]+')}$`);
    return sitemap.find((page) => pattern.test(page)) ?? path;
  });
}

// The browser first: a site started before a browser that fails to launch would be left running.
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
const site = await startSite().catch(async (err: unknown) => {
  await browser.close();
  throw err;
});
try {
  const pages = await publicPages(site.url);
  console.log(`first load of each of the ${pages.length} public routes, gzip -9 KiB (brotli bytes sent), fresh browser context per page`);
  let largest = { page: '', js: 0 };
  for (const page of pages) {
    const context = await browser.newContext();
    const tab = await context.newPage();
    const sizes = { js: 0, css: 0, sentJs: 0, files: 0 };
    const files: string[] = [];
    const pending: Array<Promise<void>> = [];
    tab.on('response', (response) => {
      const type = response.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      if (!response.url().startsWith(site.url)) return;
      pending.push(
        (async () => {
          const body = await response.body().catch(() => Buffer.alloc(0));
          const gz = gzipSync(body, { level: 9 }).length;
          const sent = Number((await response.allHeaders())['content-length'] ?? 0);
          if (type === 'script') {
            sizes.js += gz;
            sizes.sentJs += sent;
          } else sizes.css += gz;
          sizes.files += 1;
          files.push(`${(gz / 1024).toFixed(1).padStart(6)} KiB ${new URL(response.url()).pathname}`);
        })(),
      );
    });
    await tab.goto(`${site.url}${page}`, { waitUntil: 'networkidle' });
    await Promise.all(pending);
    if (sizes.js > largest.js) largest = { page, js: sizes.js };
    console.log(`${page.padEnd(40)} JS ${(sizes.js / 1024).toFixed(1)} KiB gzip (${(sizes.sentJs / 1024).toFixed(1)} KiB sent) · CSS ${(sizes.css / 1024).toFixed(1)} KiB · ${sizes.files} files`);
    // What the home page loads, file by file, largest first.
    if (page === '/') for (const line of files.sort().reverse()) console.log(`    ${line}`);
    await context.close();
  }
  console.log(`largest first load: ${largest.page}, ${(largest.js / 1024).toFixed(1)} KiB of JavaScript (gzip -9)`);
} finally {
  await browser.close();
  await site.stop();
}
