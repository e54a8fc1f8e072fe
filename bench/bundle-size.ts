/**
 * First-load JavaScript and CSS per page, as Chromium loads them from the running site: each file's
 * gzip -9 size (and the bytes actually sent, which are brotli). Run: npx tsx bench/bundle-size.ts
 */
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { demoServices } from '@mealprep/demo-data';
import { CHROMIUM, CHROMIUM_FLAGS, startSite } from './lib/site';

const service = demoServices().find((s) => s.status === 'published')!;
const PAGES = ['/', '/state/texas', `/service/${service.slug}`, '/services-by-name'];

// The browser first: a site started before a browser that fails to launch would be left running.
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
const site = await startSite().catch(async (err: unknown) => {
  await browser.close();
  throw err;
});
try {
  console.log('first load, gzip -9 KiB (brotli bytes sent), fresh browser context per page');
  for (const page of PAGES) {
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
    console.log(`${page.padEnd(40)} JS ${(sizes.js / 1024).toFixed(1)} KiB gzip (${(sizes.sentJs / 1024).toFixed(1)} KiB sent) · CSS ${(sizes.css / 1024).toFixed(1)} KiB · ${sizes.files} files`);
    // What the home page loads, file by file, largest first.
    if (page === '/') for (const line of files.sort().reverse()) console.log(`    ${line}`);
    await context.close();
  }
} finally {
  await browser.close();
  await site.stop();
}
