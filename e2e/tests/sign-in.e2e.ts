import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { useBrowserPage } from '../browser';
import { E2E_ADMINS } from '../global-setup';
import { signInLink } from '../mail-catcher';
import { askForMail, newAddress, signInWithCode } from '../sign-in-helpers';
import { expectHeading } from '../page-helpers';

const siteUrl = inject('siteUrl');
const ADMIN_LINKS = ['Banner Images', 'Media', 'Services', 'Import Utilities', 'Service Utilities', 'Blog', 'Claims', 'Reviews', 'Insights', 'Brand'];
const DASHBOARD_ROUTES = [
  '/dashboard',
  '/dashboard/add-service',
  '/dashboard/services',
  '/dashboard/banner-images',
  '/dashboard/media',
  '/dashboard/import-utilities',
  '/dashboard/service-utilities',
  '/dashboard/services/abc/edit',
];

/** Whom the browser's session cookie signs in as, by the API (null when nobody). */
async function signedInAs(page: Page): Promise<string | null> {
  const me = (await (await page.request.get(`${siteUrl}/api/auth/me`)).json()) as { user: { email: string } | null };
  return me.user?.email ?? null;
}

async function sidebarLinks(page: Page): Promise<string[]> {
  return page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link').allTextContents();
}

describe('signing in and the dashboard frame in Chromium', () => {
  const browser = useBrowserPage();

  it('when a user signs in with the e-mailed code, then the dashboard greets them; after Log out every dashboard route leads to /login', async () => {
    const { page } = browser;
    const email = newAddress('code');
    await signInWithCode(page, email);
    await expectHeading(page, `Hello, ${email}`);
    await page.getByRole('heading', { name: 'Service Owner?' }).waitFor();
    expect(await page.getByTestId('dashboard-user-email').textContent()).toBe(email);
    expect(await page.getByText('Meal Prep Dashboard').count()).toBe(1);
    expect(await sidebarLinks(page)).toEqual(['Dashboard']);

    // Admin screens are not for plain users.
    await page.goto(`${siteUrl}/dashboard/services`);
    await page.waitForURL(`${siteUrl}/dashboard`);

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(`${siteUrl}/login`);
    for (const route of DASHBOARD_ROUTES) {
      await page.goto(`${siteUrl}${route}`);
      await page.waitForURL((url) => url.pathname === '/login');
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    }
    expect(browser.consoleErrors).toEqual([]);
  });

  it('when a user opens the e-mailed link, then the page names the address and signs in only on Sign in (Enter will do); the link works only once', async () => {
    const { page } = browser;
    const email = newAddress('link');
    const mail = await askForMail(page, email);
    const link = signInLink(mail);
    expect(new URL(link).origin).toBe(siteUrl);
    // A mail scanner that fetches the link (a GET, no scripts) does not use it up.
    expect((await fetch(link)).status).toBe(200);
    await page.context().clearCookies();
    await page.goto(link);
    await page.getByText(`This sign-in link is for ${email}.`).waitFor();
    // Nor does one that runs the page's scripts: opening it twice signed nobody in.
    await page.reload();
    await page.getByText(`This sign-in link is for ${email}.`).waitFor();
    expect(await signedInAs(page)).toBeNull();
    const button = page.getByRole('button', { name: 'Sign in' });
    expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${siteUrl}/dashboard`);
    await expectHeading(page, `Hello, ${email}`);
    // The public header now offers the dashboard instead of Login.
    await page.goto(`${siteUrl}/about`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).waitFor();

    await page.context().clearCookies();
    await page.goto(link);
    await page.getByRole('alert').filter({ hasText: 'This sign-in link is invalid, has expired or was already used.' }).waitFor();
  });

  it('when someone signed in opens a link sent to another address, then the page says Sign in will switch accounts, and only the button switches', async () => {
    const { page } = browser;
    const other = newAddress('switch-to');
    const link = signInLink(await askForMail(page, other));
    const first = newAddress('switch-from');
    await signInWithCode(page, first);
    await page.goto(link);
    await page.getByText(`You are signed in as ${first}. Signing in will switch to ${other}.`).waitFor();
    expect(await signedInAs(page)).toBe(first);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${siteUrl}/dashboard`);
    await expectHeading(page, `Hello, ${other}`);
    expect(await signedInAs(page)).toBe(other);
  });

  it('when an address of ADMIN_EMAILS signs in, then the sidebar has every admin screen and they open', async () => {
    const { page } = browser;
    await signInWithCode(page, E2E_ADMINS.signIn);
    await page.getByRole('link', { name: 'Service Utilities' }).waitFor();
    expect(await sidebarLinks(page)).toEqual(['Dashboard', ...ADMIN_LINKS]);
    await page.getByRole('link', { name: 'Banner Images' }).click();
    await expectHeading(page, 'Banner Images');
    await page.goto(`${siteUrl}/dashboard/services`);
    await expectHeading(page, 'Services');
    expect(await page.title()).toBe('Services | Meal Prep Directory');
  });

  it('when the owner of a service signs in, then "Edit My Service" points to their service and the welcome line shows', async () => {
    const { page } = browser;
    const email = newAddress('owner');
    await signInWithCode(page, email);
    // The owner submits a listing, as the add-service form does.
    const slug = `owned-kitchen-${Date.now().toString(36)}`;
    const created = await page.request.post(`${siteUrl}/api/catalog/services`, {
      data: {
        name: 'Owned Kitchen',
        slug,
        tagline: '',
        description: '',
        mealTypes: [],
        deliveryMethods: { localDelivery: true, pickup: false, shipsDomestically: false, shipsInternationally: false },
        contact: { email, phone: '', website: '', socialLinks: [] },
        locations: [],
        media: { logoImageId: null },
        metadata: { ownerName: 'Owen Owner', termsAccepted: true, submittedVia: 'dashboard' },
      },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    await page.reload();
    const edit = page.getByRole('link', { name: 'Edit My Service' });
    await edit.waitFor();
    expect(await edit.getAttribute('href')).toBe(`/dashboard/services/${id}/edit`);
    await page.getByText('Welcome to your dashboard. Use the sidebar to navigate.').waitFor();
    expect(await sidebarLinks(page)).toEqual(['Dashboard', 'Edit My Service']);
  });
});
