import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import mongoose from 'mongoose';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SERVICE_CSV_COLUMNS } from '@mealprep/contracts';
import { signIdentity } from '@mealprep/service-kit';
import { AUTHORIZATION_MATRIX } from '../../scripts/test/authorization-matrix';
import { useBrowserPage } from '../browser';
import { signInCode, waitForMail } from '../mail-catcher';
import { newAddress, signInWithCode } from '../sign-in-helpers';

const siteUrl = inject('siteUrl');
const catalogUrl = inject('catalogUrl');
const mailDir = inject('mailDir');
const admin = () => signIdentity({ userId: 'e2e-admin', email: 'admin@example.com', roles: ['admin'] }, inject('identitySecret'));

let auth: mongoose.Connection;
let catalog: mongoose.Connection;
const made: string[] = [];

/** A published listing owned by the account signed in with `email` (made through svc-catalog's API, as the owner's form would). */
async function ownedListing(page: Page | null, email: string, slug: string, showEmail = false): Promise<string> {
  // Signed in through the site only when the test needs the owner's own pages or mail (sign-in mails are limited per client, and every e2e file signs in from here).
  if (page) await signInWithCode(page, email);
  const user = page ? await auth.collection('users').findOne({ primaryEmail: email }) : null;
  const owner = signIdentity({ userId: user ? String(user._id) : `e2e-owner-${slug}`, email, roles: [] }, inject('identitySecret'));
  const listing = {
    name: `Quote Kitchen ${slug.slice(-4)}`,
    slug,
    tagline: 'Weekly keto boxes',
    description: 'Fresh keto boxes every Monday.',
    mealTypes: ['keto'],
    deliveryMethods: { localDelivery: true, pickup: true, shipsDomestically: false, shipsInternationally: false },
    contact: { email: `${slug}@kitchen.test`, phone: '555-0100', website: `https://${slug}.example.com`, socialLinks: [], showEmail },
    locations: [{ label: '', address: { line1: '1 Main St', city: 'Austin', region: 'Texas', postalCode: '78701', countryCode: 'US' }, isPrimary: true }],
    media: { logoImageId: null },
    metadata: { ownerName: 'Sam Owner', yearsInBusiness: '1-2 years', termsAccepted: true, submittedVia: 'dashboard' },
  };
  const created = await fetch(`${catalogUrl}/services`, { method: 'POST', headers: { 'content-type': 'application/json', ...owner }, body: JSON.stringify(listing) });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: string };
  made.push(id);
  const published = await fetch(`${catalogUrl}/admin/services/${id}/status`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', ...admin() },
    body: JSON.stringify({ status: 'published' }),
  });
  expect(published.status).toBe(200);
  return listing.name;
}

/** Fills the quote form on the page in view; the form must have been on screen a few seconds (as a person takes) before it is sent. */
async function fillIn(page: Page, visitor: string, message: string): Promise<void> {
  await page.getByLabel('Your name').fill('Dana Rivera');
  await page.getByLabel('Your e-mail address').fill(visitor);
  await page.getByLabel('ZIP code').fill('78701');
  await page.getByLabel('Meals per week').fill('10');
  await page.getByLabel('Start date').fill('2099-01-04');
  await page.getByLabel('Delivery or pickup').selectOption('delivery');
  await page.getByLabel('Keto').check();
  await page.getByLabel('Your message').fill(message);
}

const leadsOf = async (serviceSlug: string) => {
  const service = await catalog.collection('services').findOne({ slug: serviceSlug });
  return catalog
    .collection('leads')
    .find({ serviceId: String(service!._id) })
    .toArray();
};

describe('a visitor asks a listing for a quote', () => {
  const browser = useBrowserPage();
  beforeAll(async () => {
    auth = await mongoose.createConnection(inject('mongodbUri'), { dbName: 'auth' }).asPromise();
    catalog = await mongoose.createConnection(inject('mongodbUri'), { dbName: 'catalog' }).asPromise();
  });
  afterAll(async () => {
    for (const id of made) await fetch(`${catalogUrl}/admin/services/${id}`, { method: 'DELETE', headers: admin() });
    await catalog?.collection('leads').deleteMany({ serviceId: { $in: made } });
    await auth?.close();
    await catalog?.close();
  });

  it("when a visitor sends a request with JavaScript, then their browser solves the check, it arrives live in the owner's open inbox, who replies to the visitor and closes it; the owner is mailed it with the visitor as Reply-To, the visitor gets a copy whose link deletes it; the owner has requests sent to another address they confirm, where one sent without JavaScript comes once staff let it through, live in the inbox too", async () => {
    const ownerEmail = newAddress('quote-owner');
    const slug = `quote-kitchen-${Date.now().toString(36)}`;
    const name = await ownedListing(browser.page, ownerEmail, slug);

    // The owner has their inbox open: the request arrives there live.
    await browser.page.goto(`${siteUrl}/dashboard/leads`);
    await browser.page.getByText('No quote requests yet. They arrive here as visitors send them.').waitFor();

    const visitor = newAddress('quote-visitor');
    const page = await browser.newPage();
    await page.goto(`${siteUrl}/service/${slug}`);
    // Hydrated (the header's menu button has lost its early-click mark, the page is quiet): the link now opens the form in place.
    await page.locator('button[aria-controls="site-nav"]:not([data-early-click])').waitFor({ state: 'attached', timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    await page.getByRole('link', { name: 'Request a quote' }).click();
    // Opened in place: the page stays the listing's.
    await page.getByLabel('Your message').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/service/${slug}`);
    const shown = Date.now();
    const sentAt = Date.now();
    await fillIn(page, visitor, 'We are two adults looking for keto lunches, five days a week, from January.');
    await page.waitForTimeout(Math.max(0, shown + 3_200 - Date.now()));
    await page.getByRole('button', { name: 'Send your request' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Thank you' }).textContent(), { timeout: 20_000 }).toContain('your request is on its way to the business');

    const [lead] = await leadsOf(slug);
    expect(lead).toMatchObject({ held: null, status: 'new' });
    const arrived = browser.page.getByRole('article', { name: 'Request from Dana Rivera' });
    await arrived.waitFor({ timeout: 20_000 });
    expect(await arrived.getByText('Unread').count()).toBe(1);
    await arrived.getByText('Dana Rivera').click();
    expect(await arrived.getByRole('link', { name: 'Reply by e-mail' }).getAttribute('href')).toBe(
      `mailto:${encodeURIComponent(visitor)}?subject=${encodeURIComponent(`Your quote request to ${name}`)}`,
    );
    await arrived.getByLabel('Status').selectOption('closed');
    await expect.poll(async () => (await leadsOf(slug))[0]).toMatchObject({ status: 'closed', readAt: expect.any(Date) as never });
    const toOwner = await waitForMail(mailDir, ownerEmail, sentAt, 20_000);
    expect(toOwner.replyTo).toBe(visitor);
    expect(toOwner.text).toContain('We are two adults looking for keto lunches');
    const copy = await waitForMail(mailDir, visitor, sentAt, 20_000);
    expect(copy.text).not.toContain(ownerEmail);
    expect(copy.text).toContain(name);
    const link = /https?:\/\/\S+\/quote-requests\/delete\?token=[\w-]+/.exec(copy.text)?.[0];
    expect(link).toBeDefined();

    // The link opens a page; only its button deletes (a mail scanner following the link deletes nothing).
    const deleting = await browser.newPage();
    await deleting.goto(link!);
    expect(await leadsOf(slug)).toHaveLength(1);
    await deleting.getByRole('button', { name: 'Delete my request' }).click();
    await expect.poll(() => deleting.getByRole('status').textContent()).toContain('Your request is deleted');
    expect(await leadsOf(slug)).toEqual([]);

    // The owner wants their requests at another address: it is mailed a link whose page's button (not the link itself) confirms it.
    const orders = newAddress('quote-orders');
    const settings = browser.page.getByRole('region', { name: 'How requests reach you' });
    await settings.getByRole('radio', { name: 'Another address (we mail it a link to confirm it first)' }).check();
    await settings.getByLabel('Address for quote requests').fill(orders);
    const asked = Date.now();
    await settings.getByRole('button', { name: 'Save' }).click();
    await settings.getByText(`We mailed a link to ${orders}: open it to confirm that address`).waitFor();
    const confirmation = await waitForMail(mailDir, orders, asked, 20_000);
    const confirmLink = /https?:\/\/\S+\/api\/auth\/lead-settings\/confirm\?token=[\w.-]+/.exec(confirmation.text)![0];
    const confirming = await browser.newPage({ javaScriptEnabled: false });
    await confirming.goto(confirmLink);
    await confirming.getByRole('button', { name: 'Confirm' }).click();
    await confirming.getByText(`Quote requests now go to ${orders}.`).waitFor();
    await browser.page.reload();
    await settings.getByText(`Requests are mailed to ${orders}, each as it arrives.`).waitFor();

    // Another visitor sends one without JavaScript: it waits for staff, and once they let it through
    // it arrives live in the owner's open inbox too, and is mailed to the address they confirmed.
    const plain = await browser.newPage({ javaScriptEnabled: false });
    await plain.goto(`${siteUrl}/service/${slug}/quote`);
    const plainShown = Date.now();
    const plainVisitor = newAddress('quote-visitor-plain');
    await fillIn(plain, plainVisitor, 'Two keto dinners a day for a week, picked up on Sundays please.');
    await plain.getByLabel('Your name').fill('Eli Park');
    await plain.waitForTimeout(Math.max(0, plainShown + 3_200 - Date.now()));
    await plain.getByRole('button', { name: 'Send your request' }).click();
    await plain.waitForURL(`${siteUrl}/service/${slug}/quote/sent?outcome=held`);
    const [waiting] = await leadsOf(slug);
    expect(waiting).toMatchObject({ held: 'no-challenge' });
    expect(await browser.page.getByRole('article', { name: 'Request from Eli Park' }).count()).toBe(0);
    expect((await fetch(`${catalogUrl}/admin/leads/${String(waiting!._id)}/approve`, { method: 'POST', headers: admin() })).status).toBe(200);
    await browser.page.getByRole('article', { name: 'Request from Eli Park' }).waitFor({ timeout: 20_000 });
    expect((await waitForMail(mailDir, orders, plainShown, 20_000)).replyTo).toBe(plainVisitor);
  });

  it('when a spam text is sent without JavaScript, then the form on its own page is taken, held for staff, and the confirmation page a reload cannot send twice; staff mark it spam and its sender is refused; the delete link works without JavaScript too', async () => {
    const ownerEmail = newAddress('quote-owner-nojs');
    const slug = `quote-nojs-${Date.now().toString(36)}`;
    await ownedListing(null, ownerEmail, slug);

    const page = await browser.newPage({ javaScriptEnabled: false });
    await page.goto(`${siteUrl}/service/${slug}`);
    await page.getByRole('link', { name: 'Request a quote' }).click();
    await page.waitForURL(`${siteUrl}/service/${slug}/quote`);
    const shown = Date.now();
    const visitor = newAddress('quote-visitor-nojs');
    await fillIn(page, visitor, 'Cheapest keto dinners in town, order now at www.cheap-keto.example.com today!');
    await page.waitForTimeout(Math.max(0, shown + 3_200 - Date.now()));
    await page.getByRole('button', { name: 'Send your request' }).click();
    await page.waitForURL(`${siteUrl}/service/${slug}/quote/sent?outcome=held`);
    expect(await page.getByRole('status').textContent()).toContain('your request is with our team for a quick look');
    await page.reload();
    expect(await leadsOf(slug)).toHaveLength(1);
    expect((await leadsOf(slug))[0]).toMatchObject({ held: 'link' });

    // Staff mark it spam (through svc-catalog as an admin: every e2e file signs in from one address,
    // 30 sign-in mails an hour; the held queue's screen is mfe-dashboard's test): its sender cannot send another.
    const [heldLead] = await leadsOf(slug);
    expect((await fetch(`${catalogUrl}/admin/leads/${String(heldLead!._id)}/spam`, { method: 'POST', headers: admin() })).status).toBe(200);
    await expect.poll(async () => (await leadsOf(slug))[0]?.status).toBe('spam');

    // A refused form says why, with the way back.
    const again = await browser.newPage({ javaScriptEnabled: false });
    await again.goto(`${siteUrl}/service/${slug}/quote`);
    await fillIn(again, newAddress('quote-visitor-nojs-2'), 'Keto dinners for a family of four, delivered on Mondays please.');
    await again.getByLabel('ZIP code').fill('00000');
    await again.waitForTimeout(3_200);
    await again.getByRole('button', { name: 'Send your request' }).click();
    expect(await again.getByRole('alert').textContent()).toContain('zip 00000 is not a US ZIP code');
    await again.goto(`${siteUrl}/service/${slug}/quote`);
    await fillIn(again, visitor, 'Keto dinners for a family of four, delivered on Mondays please.');
    await again.waitForTimeout(3_200);
    await again.getByRole('button', { name: 'Send your request' }).click();
    expect(await again.getByRole('alert').textContent()).toContain('Requests from this e-mail address are not taken for now.');
    expect(await leadsOf(slug)).toHaveLength(1);

    const copy = await waitForMail(mailDir, visitor, shown, 20_000);
    const link = /https?:\/\/\S+\/quote-requests\/delete\?token=[\w-]+/.exec(copy.text)![0];
    const deleting = await browser.newPage({ javaScriptEnabled: false });
    await deleting.goto(link);
    await deleting.getByRole('button', { name: 'Delete my request' }).click();
    await deleting.waitForURL(`${siteUrl}/quote-requests/delete?done=deleted`);
    expect(await deleting.getByRole('status').textContent()).toContain('Your request is deleted');
    expect(await leadsOf(slug)).toEqual([]);
  });

  it('when a listing nobody has claimed is asked for a quote, then the form says the request waits, its public address is invited to claim it once, and once claimed its new owner reads the request in their inbox', async () => {
    const tag = Date.now().toString(36);
    const name = `Waiting Kitchen ${tag}`;
    const slug = `quote-waiting-${tag}`;
    const listingAddress = `hello@waiting-${tag}.test`;
    // Imported (nobody owns it), with a public address staff added on its edit page.
    const csv = [SERVICE_CSV_COLUMNS.join(','), `${name},${slug},Weekly keto boxes,Keto,Austin,Texas,Yes,No,https://www.waiting-${tag}.test,,,,`].join('\n');
    expect((await fetch(`${catalogUrl}/admin/import/services`, { method: 'POST', headers: { 'content-type': 'text/csv', ...admin() }, body: csv })).status).toBe(200);
    const { id } = (await (await fetch(`${catalogUrl}/services/by-slug/${slug}`)).json()) as { id: string };
    made.push(id);
    const edited = await fetch(`${catalogUrl}/services/${id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID(), ...admin() },
      body: JSON.stringify({ contact: { email: listingAddress, phone: '', website: `https://www.waiting-${tag}.test` } }),
    });
    expect(edited.status).toBe(200);

    // Two visitors ask; the form tells each, before they send, that the request waits for a claim.
    const started = Date.now();
    for (const visitor of [newAddress('quote-waiting-1'), newAddress('quote-waiting-2')]) {
      const page = await browser.newPage({ javaScriptEnabled: false });
      await page.goto(`${siteUrl}/service/${slug}/quote`);
      await page.getByText('This business has not claimed its listing yet: we pass your request on when it does.').waitFor();
      const shown = Date.now();
      await fillIn(page, visitor, 'Keto lunches for two, five days a week, starting in January.');
      await page.waitForTimeout(Math.max(0, shown + 3_200 - Date.now()));
      await page.getByRole('button', { name: 'Send your request' }).click();
      await page.waitForURL(/\/quote\/sent\?outcome=/);
      await waitForMail(mailDir, visitor, started, 20_000);
    }
    // Sent without JavaScript, both wait for staff first (and invite nobody yet): staff let them through.
    expect((await leadsOf(slug)).map((lead) => lead.held)).toEqual(['no-challenge', 'no-challenge']);
    for (const lead of await leadsOf(slug)) expect((await fetch(`${catalogUrl}/admin/leads/${String(lead._id)}/approve`, { method: 'POST', headers: admin() })).status).toBe(200);
    const invitation = await waitForMail(mailDir, listingAddress, started, 20_000);
    expect(invitation.subject).toBe(`A customer asked ${name} for a quote on Meal Prep Directory`);
    expect(invitation.text).toContain(`/dashboard/claim/${id}`);
    expect(await leadsOf(slug)).toHaveLength(2);

    // The business claims it (its address is on the listing's website's domain: granted at once) and finds both waiting.
    const owner = browser.page;
    await owner.goto(`${siteUrl}/service/${slug}`);
    await owner.getByRole('link', { name: 'Claim this listing' }).click();
    await owner.waitForURL(`${siteUrl}/login?next=${encodeURIComponent(`/dashboard/claim/${id}`)}`);
    const asked = Date.now();
    await owner.getByLabel('Email').fill(listingAddress);
    await owner.getByRole('button', { name: 'Send magic link' }).click();
    await owner.getByPlaceholder('123456').fill(signInCode(await waitForMail(mailDir, listingAddress, asked)));
    await owner.getByRole('button', { name: 'Sign in' }).click();
    await owner.waitForURL(`${siteUrl}/dashboard/claim/${id}`);
    await owner.getByRole('button', { name: 'Claim this listing' }).click();
    await owner.getByRole('heading', { name: `You now manage ${name}` }).waitFor();
    await owner.goto(`${siteUrl}/dashboard/leads`);
    const inbox = owner.getByRole('list', { name: 'Requests, newest first' });
    await expect.poll(() => inbox.getByRole('article').count(), { timeout: 20_000 }).toBe(2);
    // One invitation for both requests (at most one a week).
    const invitations = readdirSync(mailDir)
      .filter((file) => file.endsWith('.json'))
      .map((file) => JSON.parse(readFileSync(join(mailDir, file), 'utf8')) as { to: string; subject: string })
      .filter((mail) => mail.to === listingAddress && mail.subject === invitation.subject);
    expect(invitations).toHaveLength(1);
  });

  it("when a listing has an owner, then no public answer (every public API read, its pages, the sitemap) carries the owner's address or the listing's e-mail; an owner who shows it has it revealed by a button, still never in the HTML", async () => {
    const ownerEmail = newAddress('quote-owner-scan');
    const slug = `quote-scan-${Date.now().toString(36)}`;
    await ownedListing(null, ownerEmail, slug);
    const listingEmail = `${slug}@kitchen.test`;
    const service = (await (await fetch(`${catalogUrl}/services/by-slug/${slug}`)).json()) as { id: string };
    // Every public read of the API (the authorization matrix's; not the live stream, which never ends), with this listing in place of the demo's; then its pages as a crawler and a browser get them.
    const apiReads = AUTHORIZATION_MATRIX.filter(
      (row) => row.method === 'GET' && row.expect[0] === 'allow' && row.path.startsWith('/api/') && row.path !== '/api/live' && !/\{(?!demoSlug|demoService)[a-zA-Z]+\}/.test(row.path),
    ).map((row) => row.path.replace('{demoSlug}', slug).replace('{demoService}', service.id));
    expect(apiReads.length).toBeGreaterThan(20);
    const pages = [
      `/service/${slug}`,
      `/service/${slug}/quote`,
      `/service/${slug}/quote/sent`,
      `/compare?s=${slug}`,
      '/services-by-name',
      '/state/texas',
      '/near/78701',
      `/find-service?q=${slug}`,
      '/sitemap.xml',
    ];
    const leaks: string[] = [];
    for (const url of [...apiReads, ...pages]) {
      const text = await (await fetch(`${siteUrl}${url}`, { headers: { 'user-agent': 'Googlebot/2.1' } })).text();
      for (const secret of [ownerEmail, listingEmail]) if (text.toLowerCase().includes(secret.toLowerCase())) leaks.push(`${url} carries ${secret}`);
    }
    expect(leaks).toEqual([]);
    expect((await fetch(`${siteUrl}/api/catalog/services/${service.id}/contact-email`)).status).toBe(404);

    // The owner chooses to show it: a button fetches it; the HTML crawlers read still does not carry it.
    const shown = `quote-shown-${Date.now().toString(36)}`;
    await ownedListing(null, newAddress('quote-owner-shown'), shown, true);
    const html = await (await fetch(`${siteUrl}/service/${shown}`)).text();
    expect(html).not.toContain(`${shown}@kitchen.test`);
    const visitor = await browser.newPage();
    await visitor.goto(`${siteUrl}/service/${shown}`);
    await visitor.locator('button[aria-controls="site-nav"]:not([data-early-click])').waitFor({ state: 'attached', timeout: 30_000 });
    await visitor.getByRole('button', { name: 'Show e-mail address' }).click();
    await expect.poll(() => visitor.getByRole('link', { name: `${shown}@kitchen.test` }).getAttribute('href')).toBe(`mailto:${shown}@kitchen.test`);
  });
});
