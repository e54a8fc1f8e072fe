import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { RuntimeConfig } from '@mealprep/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, signInAt } from '../../scripts/test/system';
import { useBrowserPage } from '../browser';
import { startSiteProcess, type RunningSite } from '../site-process';

const ADMIN = 'brand-boss@brand.example.com';

describe("the operator's brand, changed at run time on a site of two instances of every part", () => {
  const browser = useBrowserPage();
  let site: RunningSite;

  beforeAll(async () => {
    site = await startSiteProcess({ INSTANCES: '2', ADMIN_EMAILS: ADMIN, LOG_LEVEL: 'warn', AMQP_PREFIX: `brand-${randomBytes(3).toString('hex')}` });
  }, 300_000);
  afterAll(async () => {
    await site?.stop();
  }, 60_000);

  /** Every way in: the load balancer and each gateway on its own. */
  const entrances = () => [site.url, ...site.gateway.instances.map((instance) => instance.url)];
  const html = async (base: string, p: string) => (await fetch(`${base}${p}?look=${Date.now()}`)).text();
  /** Polls until every entrance serves pages of this brand (at most 60 s from the publish). */
  const everyPageShows = async (brand: { name: string; tagline: string; primary: string; hero: string }) => {
    for (const base of entrances()) {
      await expect.poll(async () => html(base, '/'), { timeout: 60_000, interval: 500 }).toContain(`<title>${brand.name} — ${brand.tagline}</title>`);
      const home = await html(base, '/');
      expect(home).toContain(`<meta property="og:site_name" content="${brand.name}">`);
      expect(home).toContain(`--brand-primary:${brand.primary}`);
      expect(home).toContain(brand.hero);
      const about = await html(base, '/about');
      expect(about).toContain(`<title>About | ${brand.name}</title>`);
      expect(about).toContain(`About ${brand.name}`);
    }
  };
  /**
   * The brand's pictures as every entrance serves them: the favicons and the Apple touch icon in
   * the home page's head, the web manifest (names, icons) and the share image in the share tags;
   * each file linked is served as what it says. Answers the icon's id (null: none).
   */
  const everyEntranceLinks = async (brand: { name: string; pictures: boolean }) => {
    for (const base of entrances()) {
      const config = (await (await fetch(`${base}/runtime-config.json`)).json()) as RuntimeConfig;
      const { icon, share } = config.brand.images;
      const home = await html(base, '/');
      const manifest = (await (await fetch(`${base}/manifest.webmanifest`)).json()) as { name: string; icons: Array<{ src: string; sizes: string }> };
      expect(manifest.name).toBe(brand.name);
      if (!brand.pictures) {
        expect([icon, share]).toEqual([null, null]);
        expect(home).toContain('<link rel="icon" href="data:,">');
        expect(manifest.icons).toEqual([]);
        continue;
      }
      expect(home).toContain(`<link rel="apple-touch-icon" href="/api/media/brand-images/${icon}/180">`);
      expect(home).toContain(`<meta property="og:image" content="${site.url}/api/media/brand-images/${share}/full">`);
      const linked = [...home.matchAll(/<link rel="(?:icon|apple-touch-icon)" href="([^"]+)"/g)].map((match) => match[1]!);
      expect(linked).toHaveLength(3);
      for (const [src, side] of [...linked.map((href) => [href, Number(href.split('/').at(-1))] as const), ...manifest.icons.map((entry) => [entry.src, Number(entry.sizes.split('x')[0])] as const)]) {
        const file = await fetch(`${base}${src}`);
        expect([src, file.status, file.headers.get('content-type')]).toEqual([src, 200, 'image/png']);
        expect(await sharp(Buffer.from(await file.arrayBuffer())).metadata()).toMatchObject({ width: side, height: side });
      }
      expect(manifest.icons.map((entry) => entry.sizes)).toEqual(['192x192', '512x512']);
      const shared = await fetch(`${site.url}/api/media/brand-images/${share}/full`);
      expect(await sharp(Buffer.from(await shared.arrayBuffer())).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
    }
  };
  /** The newest sign-in mail to an address, as the outbox keeps it (quoted-printable soft breaks joined). */
  const signInMailTo = async (email: string) => {
    const asked = await callApi(site.url, undefined, 'POST', '/api/auth/login/request', { email });
    expect(asked.status, asked.text).toBeLessThan(300);
    const outbox = path.join(site.dataDir, 'outbox');
    let mail: string | undefined;
    await expect
      .poll(
        () => {
          mail = readdirSync(outbox)
            .map((name) => readFileSync(path.join(outbox, name), 'utf8').replace(/=\r?\n/g, ''))
            .find((text) => text.includes(`To: ${email}`));
          return Boolean(mail);
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    return mail!;
  };

  it(
    'when staff change the name, colours, hero, logo, icon and share image (refused first for a colour with poor contrast and an SVG with a script), preview, then publish, then every page of every gateway, the manifest and favicons, the sign-in mail and the share tags carry the new brand within 60 s; rolling back restores the first everywhere',
    { timeout: 300_000 },
    async () => {
      const cookie = await signInAt({ gatewayUrl: site.url, dataDir: site.dataDir }, ADMIN);
      const [name, value] = cookie.split('=') as [string, string];
      const { page } = browser;
      await page.context().addCookies([{ name, value, url: site.url }]);
      await page.goto(`${site.url}/dashboard/brand`);
      await page.getByRole('heading', { name: 'Brand', level: 1 }).waitFor();

      // A colour too light to read on white: refused with the ratio it reached, nothing published.
      const primary = page.getByRole('textbox', { name: 'Primary colour (light theme)', exact: true });
      await primary.fill('#f0f0f0');
      await page.getByText('1.13:1 as text on the light background: text needs at least 4.5:1').waitFor();
      await page.getByRole('button', { name: 'Save draft' }).click();
      await expect.poll(() => page.getByRole('alert').innerText()).toContain('#f0f0f0 reaches 1.13:1 as text on the light background (#ffffff); text needs at least 4.5:1');
      expect(await html(site.url, '/')).toContain('<title>Meal Prep Directory — Find meal prep services near you</title>');

      await primary.fill('#1d4ed8');
      await page.getByRole('textbox', { name: 'Site name', exact: true }).fill('Harbor Meals');
      await page.getByRole('textbox', { name: 'Tagline', exact: true }).fill('Fresh food by the water');
      await page.getByRole('textbox', { name: 'Hero heading', exact: true }).fill('Harbor kitchens, every week');
      await page.getByRole('textbox', { name: 'Mail sender name', exact: true }).fill('Harbor Meals Team');

      // The pictures: an SVG with a script is refused with what it held; a logo, an icon and a share image are taken.
      const upload = async (label: string, file: { name: string; mimeType: string; buffer: Buffer }) => page.getByLabel(label, { exact: true }).setInputFiles(file);
      const logoSvg = (inner: string) =>
        Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 40" width="160" height="40"><rect width="160" height="40" rx="8" fill="#1d4ed8"/>${inner}</svg>`);
      await upload('Logo (light theme)', { name: 'logo.svg', mimeType: 'image/svg+xml', buffer: logoSvg('<script>fetch("/api/auth/me")</script>') });
      await page.getByText('The SVG holds a script (<script>); a brand picture may not. Save it without scripts and upload it again.').waitFor();
      await upload('Logo (light theme)', { name: 'logo.svg', mimeType: 'image/svg+xml', buffer: logoSvg('<circle cx="20" cy="20" r="10" fill="#ffffff"/>') });
      await page.getByRole('img', { name: 'Logo (light theme), as uploaded' }).waitFor();
      const square = await sharp({ create: { width: 512, height: 512, channels: 4, background: '#1d4ed8' } })
        .png()
        .toBuffer();
      await upload('Icon', { name: 'icon.png', mimeType: 'image/png', buffer: square });
      await page.getByRole('img', { name: 'Icon, as uploaded' }).waitFor();
      const wide = await sharp({ create: { width: 1200, height: 630, channels: 3, background: '#0f766e' } })
        .png()
        .toBuffer();
      await upload('Share image', { name: 'share.png', mimeType: 'image/png', buffer: wide });
      await page.getByRole('img', { name: 'Share image, as uploaded' }).waitFor();

      // Staff see the draft on the real pages before it is published; visitors do not.
      const [preview] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('button', { name: 'Preview', exact: true }).click()]);
      await preview.getByRole('heading', { name: 'Harbor kitchens, every week' }).waitFor();
      await preview.getByRole('banner').getByRole('img', { name: 'Harbor Meals' }).waitFor();
      expect(await preview.title()).toBe('Harbor Meals — Fresh food by the water');
      await preview.close();
      expect(await html(site.url, '/')).toContain('<title>Meal Prep Directory — Find meal prep services near you</title>');
      await everyEntranceLinks({ name: 'Meal Prep Directory', pictures: false });

      await page.getByRole('button', { name: 'Publish', exact: true }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Publish' }).click();
      await page.getByText('Published as version 2.').waitFor();
      const published = Date.now();

      await everyPageShows({ name: 'Harbor Meals', tagline: 'Fresh food by the water', primary: '#1d4ed8', hero: 'Harbor kitchens, every week' });
      await everyEntranceLinks({ name: 'Harbor Meals', pictures: true });
      console.log(`every gateway served the new brand ${Date.now() - published} ms after it was published`);
      expect(Date.now() - published).toBeLessThan(60_000);

      // A visitor's browser: the colours, the names in the page and the footer.
      const visitor = await browser.newPage();
      await visitor.goto(`${site.url}/`);
      await visitor.getByRole('heading', { name: 'Harbor kitchens, every week' }).waitFor();
      expect(await visitor.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--brand-primary').trim())).toBe('#1d4ed8');
      expect(await visitor.title()).toBe('Harbor Meals — Fresh food by the water');
      // The header's logo is the brand's (drawn, in its box from the first paint), the tab's icon too.
      const logo = visitor.getByRole('banner').getByRole('img', { name: 'Harbor Meals' });
      await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
      expect(await logo.evaluate((img: HTMLImageElement) => [img.getAttribute('width'), img.getAttribute('height')])).toEqual(['128', '32']);
      await visitor.getByRole('contentinfo').getByText(`© ${new Date().getFullYear()} Harbor Meals`).waitFor();

      // The sign-in mail, from either svc-auth.
      const mail = await signInMailTo(`visitor-${randomBytes(3).toString('hex')}@brand.example.com`);
      expect(mail).toContain('Subject: Your sign-in link for Harbor Meals');
      expect(mail).toMatch(/From: "?Harbor Meals Team"? </);

      // Roll back: version 1 published again, as version 3.
      await page.reload();
      const first = page.getByRole('cell', { name: '1', exact: true }).locator('xpath=..');
      await first.getByRole('button', { name: 'Publish again' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Publish again' }).click();
      await everyPageShows({ name: 'Meal Prep Directory', tagline: 'Find meal prep services near you', primary: '#047857', hero: 'Meals Prepped &amp; Delivered Locally' });
      await everyEntranceLinks({ name: 'Meal Prep Directory', pictures: false });
      const after = await signInMailTo(`again-${randomBytes(3).toString('hex')}@brand.example.com`);
      expect(after).toContain('Subject: Your sign-in link for Meal Prep Directory');
      // The errors the browser logged are the refusals of the poor colour and of the SVG with a script.
      expect(browser.consoleErrors).toEqual([
        'Failed to load resource: the server responded with a status of 400 (Bad Request)',
        'Failed to load resource: the server responded with a status of 400 (Bad Request)',
      ]);
    },
  );
});
