import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
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
    'when staff change the name, colours and hero, refused first for a colour with poor contrast, then publish, then every page of every gateway, the sign-in mail and the share tags carry the new brand within 60 s; rolling back restores the first everywhere',
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
      await page.getByRole('button', { name: 'Publish', exact: true }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Publish' }).click();
      await page.getByText('Published as version 2.').waitFor();
      const published = Date.now();

      await everyPageShows({ name: 'Harbor Meals', tagline: 'Fresh food by the water', primary: '#1d4ed8', hero: 'Harbor kitchens, every week' });
      console.log(`every gateway served the new brand ${Date.now() - published} ms after it was published`);
      expect(Date.now() - published).toBeLessThan(60_000);

      // A visitor's browser: the colours, the names in the page and the footer.
      const visitor = await browser.newPage();
      await visitor.goto(`${site.url}/`);
      await visitor.getByRole('heading', { name: 'Harbor kitchens, every week' }).waitFor();
      expect(await visitor.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--brand-primary').trim())).toBe('#1d4ed8');
      expect(await visitor.title()).toBe('Harbor Meals — Fresh food by the water');
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
      const after = await signInMailTo(`again-${randomBytes(3).toString('hex')}@brand.example.com`);
      expect(after).toContain('Subject: Your sign-in link for Meal Prep Directory');
      // The one error the browser logged is the refusal of the poor colour.
      expect(browser.consoleErrors).toEqual(['Failed to load resource: the server responded with a status of 400 (Bad Request)']);
    },
  );
});
