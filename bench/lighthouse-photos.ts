/**
 * Lighthouse mobile (its default config, light theme) on pages with listing photos against the same
 * pages without them, in one run of the site as `npm start` runs it with the demo data (startSite,
 * an admin named by ADMIN_EMAILS, signed in by the e-mailed code). The service and the state are
 * the first of `GET /api/catalog/services?pageSize=5` (published demo listings).
 * - The service page (`/service/<slug>`) with a gallery of 12 photos (2,400 × 1,800 JPEGs drawn
 *   here with sharp: soft shapes, texture and grain, about as large as a phone's photo, uploaded by
 *   `POST /api/media/photos` and set by `PUT /api/catalog/services/<id>/photos` as the admin)
 *   against the same page with its gallery emptied.
 * - The state page (`/state/<state>`) with the covers the demo data gives its first page's cards
 *   against the same page with those listings' galleries emptied (each one's gallery kept and put
 *   back by the same PUT).
 * Each page `runs` times in each condition, the conditions alternated run by run (with, without;
 * without, with; …) so a slow spell of the machine falls on both; after each switch the page's HTML
 * is read again until it shows the change (its photos' URLs present or absent) before the audit.
 * Printed per page and condition: the median and range of the performance score, LCP, CLS, TBT and
 * FCP (and the main thread's work), the ratio of the LCP medians (with / without; the target:
 * CLS 0, the ratio ≤ 1.2), the largest paint's element and any error the page logged.
 * Then the bytes of photos a phone downloads for each page's first screen (Chromium through
 * Playwright at Lighthouse's mobile screen, 412 × 823 at DPR 1.75, nothing cached, not scrolled):
 * the page as served (the browser picks AVIF from the <picture>'s sources) and the same page with
 * its AVIF and WebP <source> elements taken out of the HTML before it loads (the JPEG fallback),
 * each file's transfer size (headers and body) summed by format; the JPEG figure counts the JPEG
 * files alone (hydration puts the removed sources back and the browser then fetches AVIF too).
 * Chromium reaches no host but 127.0.0.1; the site, its data folder and Chromium are stopped and
 * removed at the end, also after a failure or Ctrl-C.
 * Run: npx tsx bench/lighthouse-photos.ts [runs, default 3]
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type RunnerResult } from 'lighthouse';
import { screenEmulationMetrics, userAgents } from 'lighthouse/core/config/constants.js';
import { chromium, type Browser } from 'playwright-core';
import sharp from 'sharp';
import { signInAt } from '../scripts/test/system';
import { CHROMIUM, CHROMIUM_FLAGS, ensureChromium, startSite } from './lib/site';

const RUNS = Number(process.argv[2] ?? 3);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error('runs must be a whole number of at least 1');
const ADMIN = 'lighthouse-photos-admin@bench.example';
const GALLERY_SIZE = 12;
const PHOTO_WIDTH = 2400;
const PHOTO_HEIGHT = 1800;
/** How long a page may take to show a changed gallery, and how often it is read meanwhile. */
const SETTLE_TIMEOUT_MS = 60_000;
const SETTLE_EVERY_MS = 250;
const PHOTO_PATH = '/api/media/photos/';

type Report = RunnerResult['lhr'];
interface Photo {
  id: string;
  alt: string;
  caption: string | null;
}
interface Gallery {
  photos: Photo[];
  coverId: string | null;
}
interface Listing {
  id: string;
  slug: string;
  gallery: Gallery;
}

const metric = (lhr: Report, id: string) => lhr.audits[id]?.numericValue ?? NaN;
/** Each figure printed: its name, its decimals, and how it is read from a report. */
const FIGURES: Array<[string, number, (lhr: Report) => number]> = [
  ['performance', 0, (lhr) => Math.round((lhr.categories.performance?.score ?? NaN) * 100)],
  ['LCP (s)', 2, (lhr) => metric(lhr, 'largest-contentful-paint') / 1000],
  ['CLS', 3, (lhr) => metric(lhr, 'cumulative-layout-shift')],
  ['TBT (ms)', 0, (lhr) => metric(lhr, 'total-blocking-time')],
  ['FCP (s)', 2, (lhr) => metric(lhr, 'first-contentful-paint') / 1000],
  ['main thread (s)', 2, (lhr) => metric(lhr, 'mainthread-work-breakdown') / 1000],
];

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const summary = (values: number[], digits: number) => {
  if (!values.length) return 'no runs';
  const [low, high] = [Math.min(...values).toFixed(digits), Math.max(...values).toFixed(digits)];
  return `${median(values).toFixed(digits)} (${low === high ? low : `${low}–${high}`})`;
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A small deterministic random source (mulberry32), so every run draws the same photos. */
function randomSource(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A photographic JPEG: a lit background, plates and food as soft shapes (an SVG with blur), a
 * texture of coarse noise scaled up and a fine sensor grain over it, at quality 85 (about 1–2 MB).
 */
async function drawPhoto(index: number): Promise<Buffer> {
  const random = randomSource(1000 + index);
  const colour = () => `hsl(${Math.round(random() * 60)}, ${40 + Math.round(random() * 40)}%, ${30 + Math.round(random() * 45)}%)`;
  const shapes = Array.from({ length: 14 }, () => {
    const [cx, cy, r] = [random() * PHOTO_WIDTH, random() * PHOTO_HEIGHT, 120 + random() * 420];
    return `<ellipse cx="${cx.toFixed(0)}" cy="${cy.toFixed(0)}" rx="${r.toFixed(0)}" ry="${(r * (0.6 + random() * 0.5)).toFixed(0)}" fill="${colour()}" opacity="${(0.55 + random() * 0.45).toFixed(2)}"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${PHOTO_WIDTH}" height="${PHOTO_HEIGHT}">
    <defs><radialGradient id="light" cx="${(30 + random() * 40).toFixed(0)}%" cy="30%" r="80%"><stop offset="0" stop-color="${colour()}"/><stop offset="1" stop-color="#1b1510"/></radialGradient>
    <filter id="soft"><feGaussianBlur stdDeviation="${(6 + random() * 10).toFixed(1)}"/></filter></defs>
    <rect width="100%" height="100%" fill="url(#light)"/><g filter="url(#soft)">${shapes}</g></svg>`;
  const base = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer();
  // Texture: noise at an eighth of the size, scaled up smoothly (the grain of food and cloth).
  const texture = await sharp({ create: { width: PHOTO_WIDTH / 8, height: PHOTO_HEIGHT / 8, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .resize(PHOTO_WIDTH, PHOTO_HEIGHT, { kernel: 'cubic' })
    .raw()
    .toBuffer();
  const grain = await sharp({ create: { width: PHOTO_WIDTH, height: PHOTO_HEIGHT, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 8 } } })
    .raw()
    .toBuffer();
  const pixels = Buffer.alloc(base.length);
  for (let i = 0; i < base.length; i += 1) pixels[i] = Math.max(0, Math.min(255, base[i]! + (texture[i]! - 128) * 0.5 + (grain[i]! - 128)));
  return sharp(pixels, { raw: { width: PHOTO_WIDTH, height: PHOTO_HEIGHT, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

await ensureChromium();
let site: Awaited<ReturnType<typeof startSite>> | undefined;
let chrome: chromeLauncher.LaunchedChrome | undefined;
let browser: Browser | undefined;
let stopping: Promise<void> | undefined;
const stopAll = () =>
  (stopping ??= (async () => {
    await browser?.close().catch(() => undefined);
    chrome?.kill();
    await site?.stop();
  })());
// Ctrl-C or a kill stops what was started before the process ends.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.log(`\n${signal}: stopping the site and Chromium`);
    void stopAll().finally(() => process.exit(130));
  });
}

try {
  site = await startSite({ ADMIN_EMAILS: ADMIN });
  const url = site.url;
  const cookie = await signInAt({ gatewayUrl: url, dataDir: site.dataDir }, ADMIN);
  const call = async (method: string, pathname: string, body?: unknown, contentType = 'application/json') => {
    const answer = await fetch(`${url}${pathname}`, {
      method,
      headers: { cookie, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': contentType }) },
      body: body === undefined ? undefined : Buffer.isBuffer(body) ? new Uint8Array(body) : JSON.stringify(body),
      signal: AbortSignal.timeout(120_000),
    });
    const text = await answer.text();
    if (!answer.ok) throw new Error(`${method} ${pathname}: ${answer.status} ${text.slice(0, 300)}`);
    return JSON.parse(text || 'null') as unknown;
  };
  const pageHtml = async (pathname: string) => {
    const answer = await fetch(`${url}${pathname}`, { signal: AbortSignal.timeout(30_000) });
    const text = await answer.text();
    if (!answer.ok) throw new Error(`${pathname} answered ${answer.status}`);
    return text;
  };
  const listingBySlug = async (slug: string): Promise<Listing> => {
    const service = (await call('GET', `/api/catalog/services/by-slug/${slug}`)) as { id: string; slug: string; media: { photos: Photo[]; coverPhotoId: string | null } };
    const photos = service.media.photos.map(({ id, alt, caption }) => ({ id, alt, caption }));
    return { id: service.id, slug: service.slug, gallery: { photos, coverId: service.media.coverPhotoId } };
  };
  const setGallery = (listing: Listing, gallery: Gallery) => call('PUT', `/api/catalog/services/${listing.id}/photos`, gallery);
  /** Reads the page until `shows` holds of its HTML (a changed gallery can take a moment to reach it). */
  const settle = async (pathname: string, shows: (html: string) => boolean, what: string) => {
    for (const deadline = Date.now() + SETTLE_TIMEOUT_MS; ; await sleep(SETTLE_EVERY_MS)) {
      if (shows(await pageHtml(pathname))) return;
      if (Date.now() > deadline) throw new Error(`${pathname} did not show ${what} within ${SETTLE_TIMEOUT_MS / 1000} s`);
    }
  };
  const photoUrlOf = (id: string) => `${PHOTO_PATH}${id}/`;

  // The service and its state: the first published listing of the list.
  const { items } = (await call('GET', '/api/catalog/services?pageSize=5')) as { items: Array<{ slug: string; state: string }> };
  const first = items[0];
  if (!first) throw new Error('the catalog lists no services');
  const servicePage = `/service/${first.slug}`;
  const statePage = `/state/${first.state
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`;
  const service = await listingBySlug(first.slug);
  // The state page's first page of cards, as its HTML links them.
  const stateSlugs = [...new Set([...(await pageHtml(statePage)).matchAll(/href="\/service\/([a-z0-9-]+)"/g)].map((m) => m[1]!))];
  const cards = await Promise.all(stateSlugs.map(listingBySlug));
  const covered = cards.filter((card) => card.gallery.photos.length > 0);
  if (!covered.length) throw new Error(`no card on ${statePage} has a cover`);

  // Twelve photos for the service, uploaded one at a time as the admin.
  const started = performance.now();
  const uploaded: Photo[] = [];
  let uploadedBytes = 0;
  for (let i = 0; i < GALLERY_SIZE; i += 1) {
    const bytes = await drawPhoto(i);
    uploadedBytes += bytes.length;
    const { photo } = (await call('POST', `/api/media/photos?listingId=${service.id}&fileName=photo-${i + 1}.jpg`, bytes, 'image/jpeg')) as { photo: { id: string } };
    uploaded.push({ id: photo.id, alt: `Meal prep boxes of the week, photo ${i + 1} of ${GALLERY_SIZE}`, caption: i % 3 === 0 ? `Week ${i + 1}` : null });
  }
  const withTwelve: Gallery = { photos: uploaded, coverId: uploaded[0]!.id };
  const empty: Gallery = { photos: [], coverId: null };
  console.log(
    `${GALLERY_SIZE} photos of ${PHOTO_WIDTH} × ${PHOTO_HEIGHT} uploaded for ${first.slug} (${(uploadedBytes / GALLERY_SIZE / 1024 / 1024).toFixed(2)} MB each on average) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: [...CHROMIUM_FLAGS, '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'] });
  const audit = async (pathname: string) => {
    const run = async () => (await lighthouse(`${url}${pathname}`, { port: chrome!.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'best-practices'] }))?.lhr;
    let lhr = await run();
    // A run that could not trace the page (Lighthouse reports a runtime error) is tried once more, then left out.
    if (lhr?.runtimeError) {
      console.log(`  ${pathname}: Lighthouse error ${lhr.runtimeError.code}; running again`);
      lhr = await run();
    }
    if (!lhr || lhr.runtimeError) console.log(`  ${pathname}: no result (${lhr?.runtimeError?.message ?? 'none returned'}); left out`);
    return lhr?.runtimeError ? undefined : lhr;
  };
  const lcpElement = (lhr: Report) =>
    (lhr.audits['largest-contentful-paint-element']?.details as { items?: Array<{ items?: Array<{ node?: { snippet?: string } }> }> } | undefined)?.items?.[0]?.items?.[0]?.node?.snippet ?? '?';

  // 3. The photo bytes of a page's first screen on a phone: AVIF as served against the JPEG fallback.
  const screen = screenEmulationMetrics.mobile;
  const firstScreen = async (pathname: string, stripSources: boolean) => {
    browser ??= await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_FLAGS, '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'] });
    const context = await browser.newContext({
      viewport: { width: screen.width, height: screen.height },
      deviceScaleFactor: screen.deviceScaleFactor,
      isMobile: true,
      hasTouch: true,
      userAgent: userAgents.mobile,
    });
    try {
      const page = await context.newPage();
      if (stripSources) {
        await page.route(`${url}${pathname}`, async (route) => {
          const response = await route.fetch();
          const html = (await response.text()).replace(/<source\b[^>]*\btype="image\/(?:avif|webp)"[^>]*>/g, '');
          await route.fulfill({ response, body: html });
        });
      }
      const files: Array<{ url: string; bytes: Promise<number> }> = [];
      page.on('requestfinished', (request) => {
        if (new URL(request.url()).pathname.startsWith(PHOTO_PATH)) files.push({ url: request.url(), bytes: request.sizes().then((s) => s.responseHeadersSize + s.responseBodySize) });
      });
      await page.goto(`${url}${pathname}`, { waitUntil: 'load', timeout: 60_000 });
      await page.waitForLoadState('networkidle', { timeout: 30_000 });
      // Sources as the page holds them at the end (hydration may put removed ones back).
      const sourcesLeft = await page.locator('picture source').count();
      const byFormat = new Map<string, { files: number; bytes: number }>();
      const sized: Array<{ url: string; bytes: number }> = [];
      for (const file of files) {
        const format = /\.(\w+)$/.exec(new URL(file.url).pathname)?.[1] ?? '?';
        const entry = byFormat.get(format) ?? { files: 0, bytes: 0 };
        const bytes = await file.bytes;
        entry.files += 1;
        entry.bytes += bytes;
        byFormat.set(format, entry);
        sized.push({ url: file.url, bytes });
      }
      return { byFormat, sourcesLeft, files: sized };
    } finally {
      await context.close();
    }
  };
  const bytesOf = async (pathname: string, coverId?: string) => {
    const served = await firstScreen(pathname, false);
    const fallback = await firstScreen(pathname, true);
    const describe = (result: Awaited<ReturnType<typeof firstScreen>>) =>
      `${[...result.byFormat].map(([format, entry]) => `${entry.files} ${format} ${kb(entry.bytes)}`).join(', ') || 'none'} (<source> elements in the page after load: ${result.sourcesLeft})`;
    const avif = served.byFormat.get('avif')?.bytes ?? 0;
    const jpeg = fallback.byFormat.get('jpeg')?.bytes ?? 0;
    console.log(`\nPhotos downloaded for ${pathname}'s first screen (${screen.width} × ${screen.height}, DPR ${screen.deviceScaleFactor}, not scrolled, nothing cached)`);
    console.log(`  as served:                     ${describe(served)}`);
    console.log(`  AVIF and WebP sources removed: ${describe(fallback)}`);
    console.log(`  AVIF ${kb(avif)} against JPEG ${kb(jpeg)}: ${jpeg ? (avif / jpeg).toFixed(2) : '?'}× the bytes`);
    for (const [label, result] of [
      ['AVIF', served],
      ['JPEG', fallback],
    ] as const) {
      const cover = result.files.find((file) => coverId && file.url.includes(photoUrlOf(coverId)) && file.url.endsWith(label === 'AVIF' ? '.avif' : '.jpeg'));
      if (cover)
        console.log(
          `  the cover (the largest paint), ${label}: ${new URL(cover.url).pathname
            .split('/')
            .at(-1)!
            .replace(/-[a-f0-9]+\./, ' px, .')} ${kb(cover.bytes)}`,
        );
    }
    const refetched = [...fallback.byFormat].filter(([format]) => format !== 'jpeg');
    if (refetched.length) console.log(`  (without the sources, the files other than JPEG came after hydration put the sources back; left out of the JPEG figure)`);
  };

  /** Runs the page in both conditions, alternated, and prints its figures. */
  const compare = async (pathname: string, conditions: Record<'with' | 'without', () => Promise<void>>) => {
    const reports: Record<'with' | 'without', Report[]> = { with: [], without: [] };
    for (let i = 0; i < RUNS; i += 1) {
      for (const condition of i % 2 === 0 ? (['with', 'without'] as const) : (['without', 'with'] as const)) {
        await conditions[condition]();
        const lhr = await audit(pathname);
        if (lhr) reports[condition].push(lhr);
      }
    }
    console.log(`\n${pathname} (${reports.with.length} runs with photos, ${reports.without.length} without)`);
    const columns = (cells: string[]) => `  ${cells[0]!.padEnd(14)}${cells[1]!.padStart(22)}${cells[2]!.padStart(22)}`;
    console.log(columns(['', 'with photos', 'without photos']));
    for (const [name, digits, read] of FIGURES) console.log(columns([name, summary(reports.with.map(read), digits), summary(reports.without.map(read), digits)]));
    const lcp = (list: Report[]) => median(list.map((lhr) => metric(lhr, 'largest-contentful-paint')));
    if (reports.with.length && reports.without.length) {
      const ratio = lcp(reports.with) / lcp(reports.without);
      const cls = Math.max(...reports.with.map((lhr) => metric(lhr, 'cumulative-layout-shift')));
      console.log(
        `  LCP with / without: ${ratio.toFixed(2)}× (target ≤ 1.2×: ${ratio <= 1.2 ? 'met' : 'missed'}); CLS with photos at most ${cls.toFixed(3)} (target 0: ${cls === 0 ? 'met' : 'missed'})`,
      );
    }
    for (const condition of ['with', 'without'] as const) {
      const last = reports[condition].at(-1);
      if (last) console.log(`  largest paint ${condition} photos: ${lcpElement(last).slice(0, 140)}`);
      // Errors the page logged in any run of the condition (the best-practices audit), once each.
      const errors = new Set(
        reports[condition].flatMap((lhr) =>
          ((lhr.audits['errors-in-console']?.details as { items?: Array<{ description?: string }> } | undefined)?.items ?? []).map((item) => (item.description ?? '').slice(0, 160)),
        ),
      );
      if (errors.size) console.log(`  console errors ${condition} photos: ${[...errors].join(' | ')}`);
    }
    return reports;
  };

  console.log(`Lighthouse mobile (default config), ${RUNS} runs per page and condition, median (range)`);
  // 1. The service page: twelve photos, or none.
  await compare(servicePage, {
    with: async () => {
      await setGallery(service, withTwelve);
      await settle(servicePage, (html) => html.includes(photoUrlOf(withTwelve.coverId!)), 'its 12 photos');
    },
    without: async () => {
      await setGallery(service, empty);
      await settle(servicePage, (html) => !uploaded.some((photo) => html.includes(photoUrlOf(photo.id))), 'an empty gallery');
    },
  });
  await setGallery(service, withTwelve);
  await settle(servicePage, (html) => html.includes(photoUrlOf(withTwelve.coverId!)), 'its 12 photos');
  await bytesOf(servicePage, withTwelve.coverId!);
  // The service's own gallery back (it may be one of the state page's cards).
  await setGallery(service, service.gallery);

  // 2. The state page: the demo covers on its first page of cards, or none.
  const showsCovers = (html: string) => covered.every((card) => html.includes(photoUrlOf(card.gallery.coverId ?? card.gallery.photos[0]!.id)));
  const showsNone = (html: string) => !covered.some((card) => card.gallery.photos.some((photo) => html.includes(photoUrlOf(photo.id))));
  const stateReports = await compare(statePage, {
    with: async () => {
      for (const card of covered) await setGallery(card, card.gallery);
      await settle(statePage, showsCovers, 'its cards’ covers');
    },
    without: async () => {
      for (const card of covered) await setGallery(card, empty);
      await settle(statePage, showsNone, 'cards without covers');
    },
  });
  for (const card of covered) await setGallery(card, card.gallery);
  await settle(statePage, showsCovers, 'its cards’ covers');
  console.log(`  (${covered.length} of the ${cards.length} cards on its first page have a cover: ${covered.map((card) => card.slug).join(', ')})`);

  await bytesOf(statePage);
  // The same figure from Lighthouse's own runs with covers (its network-requests audit, transfer sizes).
  const lighthouseBytes = stateReports.with.map((lhr) =>
    ((lhr.audits['network-requests']?.details as { items?: Array<{ url: string; transferSize?: number }> } | undefined)?.items ?? [])
      .filter((item) => new URL(item.url).pathname.startsWith(PHOTO_PATH))
      .reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
  );
  if (lighthouseBytes.length) console.log(`  Lighthouse's runs with covers (network-requests audit, every photo file): ${lighthouseBytes.map(kb).join(', ')}`);
} finally {
  await stopAll();
}
