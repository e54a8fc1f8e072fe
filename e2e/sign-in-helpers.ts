import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { signInCode, waitForMail } from './mail-catcher';

/** An address no other test uses. */
export const newAddress = (label: string) => `${label}-${randomBytes(3).toString('hex')}@e2e.test`;

/** Asks for a sign-in e-mail on /login and returns it once the SMTP server has it. */
export async function askForMail(page: Page, email: string) {
  await page.goto(`${inject('siteUrl')}/login`);
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  const asked = Date.now();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send magic link' }).click();
  await page.getByText(`We sent a sign-in link to ${email}. Open it on this device or enter the one-time code below.`).waitFor();
  return waitForMail(inject('mailDir'), email, asked);
}

/** Signs in with the e-mailed code and waits for the dashboard. */
export async function signInWithCode(page: Page, email: string) {
  const mail = await askForMail(page, email);
  await page.getByPlaceholder('123456').fill(signInCode(mail));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${inject('siteUrl')}/dashboard`);
}
