import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import { useBrowserPage } from '../browser';
import { E2E_ADMINS } from '../global-setup';
import { answerDialog, expectHeading } from '../page-helpers';
import { newAddress, signInWithCode } from '../sign-in-helpers';

const siteUrl = inject('siteUrl');

/** Waits until the badge on an Edit Service page reads `status`; returns how long that took. */
async function badgeReads(page: Page, status: string): Promise<number> {
  const started = Date.now();
  await page.locator(`[data-testid="status-badge"][data-status="${status}"]`).waitFor();
  return Date.now() - started;
}

describe('an owner lists a service in Chromium', () => {
  const browser = useBrowserPage();

  it('when an owner submits a full listing with a logo, then it is pending; an admin publishes it and every open page follows within a second', async () => {
    const { page } = browser;
    const suffix = randomBytes(3).toString('hex');
    const business = `Lakeside Meal Co ${suffix}`;
    const slug = `lakeside-meal-co-${suffix}`;
    await signInWithCode(page, newAddress('owner'));

    // The form.
    await page.goto(`${siteUrl}/dashboard/add-service`);
    await expectHeading(page, 'Submit your service');
    await page.getByLabel('Your name').fill('Lee Lakeside');
    await page.getByLabel('Email').fill('lee@lakeside.example.com');
    await page.getByLabel('Business name').fill(business);
    await page.getByLabel('Tagline').fill('Lake-fresh bowls');
    await page.getByLabel('Description').fill('Weekly bowls, delivered on Sundays.');
    await page.getByLabel('Years in business').selectOption('1-2 years');
    await page
      .getByRole('radiogroup', { name: 'Do you have a website?' })
      .or(page.getByRole('group', { name: 'Do you have a website?' }))
      .getByLabel('Yes')
      .check();
    await page.getByLabel('Website').fill(`lakeside-${suffix}.example.com`);
    await page.getByLabel('City').fill('Austin');
    await page.getByLabel('State').selectOption('Texas');
    await page.getByLabel('Keto').check();
    const logo = await sharp({ create: { width: 240, height: 240, channels: 3, background: '#0a7' } })
      .png()
      .toBuffer();
    await page.getByLabel('Upload a logo').setInputFiles({ name: 'lakeside.png', mimeType: 'image/png', buffer: logo });
    await page.getByRole('button', { name: 'Remove logo' }).waitFor();
    const submit = page.getByRole('button', { name: 'Submit your service' });
    expect(await submit.isDisabled()).toBe(true);
    await page.getByRole('checkbox', { name: /I accept the Terms of Service/ }).check();
    await submit.click();

    // Its edit page, pending review, with the uploaded logo.
    await page.waitForURL(/\/dashboard\/services\/[a-f0-9]{24}\/edit$/);
    const editUrl = page.url();
    await expectHeading(page, 'Edit Service');
    await badgeReads(page, 'pending');
    expect(await page.getByAltText('Logo preview').getAttribute('src')).toMatch(/^\/api\/media\/images\/u-[0-9a-f]{24}\/card$/);
    expect(await page.getByLabel('Slug').inputValue()).toBe(slug);
    expect(await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Edit My Service' }).getAttribute('href')).toBe(new URL(editUrl).pathname);

    // An edit.
    await page.getByLabel('Tagline').fill('Lake-fresh bowls, every Sunday');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Service updated successfully').waitFor();

    // The public page is not there yet; an admin publishes; both open pages follow.
    const visitor = await browser.newPage();
    await visitor.goto(`${siteUrl}/service/${slug}`);
    await expectHeading(visitor, 'Service Not Found');
    const admin = await browser.newPage();
    await signInWithCode(admin, E2E_ADMINS.ownerListing);
    await admin.goto(editUrl);
    await admin.getByLabel('Change Status').selectOption('published');
    const published = Date.now();
    await admin.getByText('Status updated to published').waitFor();
    const ownerMs = await badgeReads(page, 'published');
    await expectHeading(visitor, business);
    const visitorMs = Date.now() - published;
    console.log(`owner's badge followed in ${ownerMs} ms, the visitor's page in ${visitorMs} ms`);
    expect(ownerMs).toBeLessThan(1_000);
    expect(visitorMs).toBeLessThan(1_500);
    expect(await visitor.getByText('Lake-fresh bowls, every Sunday').count()).toBe(1);

    // A rename by the owner, confirmed, takes the listing off the public site until reviewed.
    await page.getByLabel('Service Name').fill(`${business} Kitchen`);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await answerDialog(page, 'Are you sure? Changing the name or URL slug will temporarily unpublish your listing until an admin can review.', 'Save');
    await page.getByText('Service updated successfully').waitFor();
    await badgeReads(page, 'pending');
    await expectHeading(visitor, 'Service Not Found');

    // Rejected by the admin: the owner can only read it now.
    await admin.reload();
    await admin.getByLabel('Change Status').selectOption('rejected');
    await admin.getByText('Status updated to rejected').waitFor();
    await page.getByText('This service is rejected. Only admins can edit it.').waitFor();
    expect(await page.getByRole('button', { name: 'Save Changes' }).count()).toBe(0);
    expect(await page.getByLabel('Tagline').isDisabled()).toBe(true);
  });
});
