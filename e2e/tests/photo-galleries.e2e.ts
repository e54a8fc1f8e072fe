import { randomBytes } from 'node:crypto';
import mongoose from 'mongoose';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { photoFileUrl, SESSION_COOKIE, type ListingPhoto } from '@mealprep/contracts';
import { sessionHash, signIdentity } from '@mealprep/service-kit';
import { bombPng } from '../../svc-media/test/bomb-png';
import { useBrowserPage } from '../browser';
import { waitForMail } from '../mail-catcher';
import { newAddress } from '../sign-in-helpers';

const siteUrl = inject('siteUrl');
const catalogUrl = inject('catalogUrl');
const mediaUrl = inject('mediaUrl');
const mailDir = inject('mailDir');
const admin = () => signIdentity({ userId: 'e2e-admin', email: 'admin@example.com', roles: ['admin'] }, inject('identitySecret'));

let auth: mongoose.Connection;
let catalog: mongoose.Connection;
const made: string[] = [];

/** A phone's photo: a GPS position and the camera in its EXIF. */
const gpsPhoto = () =>
  sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#c2410c' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneMaker', Model: 'Phone 12' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '30/1 16/1 1200/100', GPSLongitudeRef: 'W', GPSLongitude: '97/1 44/1 2400/100' } })
    .toBuffer();
const plainPhoto = (colour: string) =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background: colour } })
    .png()
    .toBuffer();

/**
 * An owner's account and a live session for it, written where svc-auth keeps them: the e2e files
 * share the 30 sign-in mails one address may ask for in an hour (sign-in itself is tested in
 * sign-in.e2e.ts), and this file would be the 31st. Returns the user's id; the browser gets the cookie.
 */
async function ownerSession(page: Page, email: string): Promise<string> {
  const userId = new mongoose.Types.ObjectId();
  const now = new Date();
  await auth.collection('users').insertOne({ _id: userId, primaryEmail: email, emails: [{ address: email, verified: true }], createdAt: now, lastLoginAt: now });
  const token = randomBytes(32).toString('base64url');
  const hash = sessionHash(token);
  await auth.collection('sessions').insertOne({ _id: hash as never, tokenHash: hash, userId: String(userId), createdAt: now, expiresAt: new Date(now.getTime() + 86_400_000), revokedAt: null });
  await page.context().addCookies([{ name: SESSION_COOKIE, value: token, url: siteUrl }]);
  return String(userId);
}

describe("a listing's photo gallery", () => {
  const browser = useBrowserPage();
  beforeAll(async () => {
    auth = await mongoose.createConnection(inject('mongodbUri'), { dbName: 'auth' }).asPromise();
    catalog = await mongoose.createConnection(inject('mongodbUri'), { dbName: 'catalog' }).asPromise();
  });
  afterAll(async () => {
    for (const id of made) await fetch(`${catalogUrl}/admin/services/${id}`, { method: 'DELETE', headers: admin() });
    await auth?.close();
    await catalog?.close();
  });

  it(
    'when an owner uploads three photos (one with GPS EXIF), describes, reorders them and picks a cover, then a visitor sees the gallery and the cover on the card, opens the viewer from the keyboard and closes it with Escape; no served file has EXIF; a bomb and an SVG are refused with their messages; staff remove one and the owner is mailed',
    { timeout: 180_000 },
    async () => {
      const { page } = browser;
      const ownerEmail = newAddress('photo-owner');
      const ownerId = await ownerSession(page, ownerEmail);
      const owner = signIdentity({ userId: ownerId, email: ownerEmail, roles: [] }, inject('identitySecret'));
      const slug = `photo-kitchen-${Date.now().toString(36)}`;
      const name = `Photo Kitchen ${slug.slice(-4)}`;
      const created = await fetch(`${catalogUrl}/services`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...owner },
        body: JSON.stringify({
          name,
          slug,
          tagline: 'Roast dinners in glass jars',
          description: 'Roast dinners every Sunday.',
          mealTypes: ['keto'],
          deliveryMethods: { localDelivery: true, pickup: false, shipsDomestically: false, shipsInternationally: false },
          contact: { email: `${slug}@kitchen.test`, phone: '555-0100', website: `https://${slug}.example.com`, socialLinks: [] },
          locations: [{ label: '', address: { line1: '1 Main St', city: 'Austin', region: 'Texas', postalCode: '78701', countryCode: 'US' }, isPrimary: true }],
          media: { logoImageId: null },
          metadata: { ownerName: 'Sam Owner', yearsInBusiness: '1-2 years', termsAccepted: true, submittedVia: 'dashboard' },
        }),
      });
      expect(created.status).toBe(201);
      const { id } = (await created.json()) as { id: string };
      made.push(id);
      const published = await fetch(`${catalogUrl}/admin/services/${id}/status`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', ...admin() },
        body: JSON.stringify({ status: 'published' }),
      });
      expect(published.status).toBe(200);

      // The owner adds three photos at once: each shows its progress, then asks for its description.
      await page.goto(`${siteUrl}/dashboard/services/${id}/edit`);
      const add = page.getByLabel('Add photos');
      await add.waitFor();
      await add.setInputFiles([
        { name: 'kitchen-gps.jpg', mimeType: 'image/jpeg', buffer: await gpsPhoto() },
        { name: 'salad.png', mimeType: 'image/png', buffer: await plainPhoto('#15803d') },
        { name: 'soup.png', mimeType: 'image/png', buffer: await plainPhoto('#b91c1c') },
      ]);
      await page.getByLabel('Description of photo 3').waitFor({ timeout: 60_000 });
      expect(await page.getByRole('progressbar').count()).toBe(0);
      await page.getByLabel('Description of photo 1').fill('Our kitchen at dawn');
      await page.getByLabel('Description of photo 2').fill('Green salad in glass bowls');
      await page.getByLabel('Description of photo 3').fill('Tomato soup with basil');
      await page.getByLabel('Caption of photo 3 (optional)').fill('Our winter soup');
      // Soup goes first from the keyboard; the salad is the cover.
      await page.getByLabel('Description of photo 3').focus();
      await page.keyboard.press('Alt+ArrowUp');
      await page.keyboard.press('Alt+ArrowUp');
      expect(await page.getByLabel('Description of photo 1').inputValue()).toBe('Tomato soup with basil');
      await page
        .getByRole('listitem')
        .filter({ has: page.getByLabel('Description of photo 3') })
        .getByRole('radio', { name: 'Cover' })
        .check();
      await page.getByRole('button', { name: 'Save photos' }).click();
      await page.getByText('Photos saved.').waitFor();

      // A bomb and an SVG named as a PNG: refused by svc-media, each with its message; nothing is added.
      await add.setInputFiles([{ name: 'huge.png', mimeType: 'image/png', buffer: bombPng(50_000, 50_000) }]);
      await page.getByRole('alert').filter({ hasText: 'The image has too many pixels (at most 40 megapixels).' }).waitFor();
      await add.setInputFiles([{ name: 'drawing.png', mimeType: 'image/png', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>') }]);
      await page.getByRole('alert').filter({ hasText: 'SVG images are not accepted for photos (they can hold scripts).' }).waitFor();

      const stored = await catalog.collection('services').findOne({ slug });
      const gallery = stored!.media.photos as ListingPhoto[];
      expect(gallery.map((p) => p.alt)).toEqual(['Tomato soup with basil', 'Our kitchen at dawn', 'Green salad in glass bowls']);
      expect(gallery[0]!.caption).toBe('Our winter soup');
      const salad = gallery[2]!;
      expect(stored!.media.coverPhotoId).toBe(salad.id);

      // No served file of the phone's photo carries EXIF (nor its GPS position).
      const phone = gallery[1]!;
      for (const source of phone.sources) {
        for (const format of ['avif', 'webp', 'jpeg'] as const) {
          const response = await fetch(`${siteUrl}${photoFileUrl(phone.id, source, format)}`);
          expect(response.status).toBe(200);
          expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
          const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
          expect(meta.exif).toBeUndefined();
        }
      }

      // A visitor: the cover first (fetched first), the others after; the viewer opens from the keyboard and Escape closes it.
      const visitor = await browser.newPage();
      await visitor.goto(`${siteUrl}/service/${slug}`);
      const photos = visitor.getByRole('region', { name: `Photos of ${name}` });
      await photos.waitFor();
      const images = photos.locator('img');
      expect(await images.evaluateAll((all) => all.map((img) => img.getAttribute('alt')))).toEqual(['Green salad in glass bowls', 'Tomato soup with basil', 'Our kitchen at dawn']);
      expect(await images.first().getAttribute('fetchpriority')).toBe('high');
      await expect.poll(() => images.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 15_000 }).toBe(true);
      await visitor.locator('button[aria-controls="site-nav"]:not([data-early-click])').waitFor({ state: 'attached', timeout: 30_000 });
      const coverLink = photos.getByRole('link').first();
      await coverLink.focus();
      await visitor.keyboard.press('Enter');
      const viewer = visitor.getByRole('dialog', { name: `${name}: photo 1 of 3` });
      await viewer.waitFor();
      await visitor.keyboard.press('ArrowRight');
      await visitor.getByRole('dialog', { name: `${name}: photo 2 of 3` }).waitFor();
      expect(await visitor.getByRole('dialog').getByRole('img').getAttribute('alt')).toBe('Tomato soup with basil');
      await visitor.keyboard.press('Escape');
      await visitor.getByRole('dialog').waitFor({ state: 'detached' });
      await expect.poll(() => coverLink.evaluate((el) => el === document.activeElement)).toBe(true);

      // The cover on the listing's card.
      await visitor.goto(`${siteUrl}/find-service?q=${encodeURIComponent(name)}`);
      const card = visitor.getByRole('article').filter({ has: visitor.getByRole('link', { name }) });
      await card.waitFor();
      expect(await card.locator('picture img').getAttribute('src')).toContain(`/api/media/photos/${salad.id}/`);

      // Staff remove the phone's photo with a reason (on svc-media's staff route as the media screen calls it, signed as staff: every e2e
      // file shares the 30 sign-in mails an address may ask for in an hour, so this file signs in its owner alone).
      const staffList = async () => ((await (await fetch(`${mediaUrl}/admin/photos/by-listing/${id}`, { headers: admin() })).json()) as { items: Array<{ id: string }> }).items.map((p) => p.id);
      await expect.poll(staffList, { timeout: 15_000 }).toEqual(gallery.map((p) => p.id));
      const since = Date.now();
      const removed = await fetch(`${mediaUrl}/admin/photos/${phone.id}/remove`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...admin() },
        body: JSON.stringify({ reason: 'It shows the street and house number.' }),
      });
      expect(removed.status).toBe(200);
      const mail = await waitForMail(mailDir, ownerEmail, since, 20_000);
      expect(mail.subject).toBe(`A photo of ${name} was removed`);
      expect(mail.text).toContain('Reason: It shows the street and house number.');
      expect((await fetch(`${siteUrl}${photoFileUrl(phone.id, phone.sources[0]!, 'jpeg')}`)).status).toBe(404);
      await expect
        .poll(async () => ((await catalog.collection('services').findOne({ slug }))!.media.photos as ListingPhoto[]).map((p) => p.id), { timeout: 15_000 })
        .toEqual([gallery[0]!.id, salad.id]);
    },
  );
});
