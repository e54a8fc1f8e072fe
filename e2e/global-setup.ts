import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startFakeThirdParties } from './fake-third-parties';
import { startMailCatcher } from './mail-catcher';
import { startSiteProcess } from './site-process';

/**
 * Admins of the site under test (its ADMIN_EMAILS). Each test signs in with an address of its own:
 * one address may only ask for 3 sign-in e-mails in 15 minutes.
 */
export const E2E_ADMINS = {
  signIn: 'admin@e2e.test',
  ownerListing: 'admin-listing@e2e.test',
  servicesTable: 'admin-table@e2e.test',
  media: 'admin-media@e2e.test',
  banners: 'admin-banners@e2e.test',
  imports: 'admin-imports@e2e.test',
  checks: 'admin-checks@e2e.test',
  phone: 'admin-phone@e2e.test',
  accessibility: 'admin-a11y@e2e.test',
  claims: 'admin-claims@e2e.test',
  reviews: 'admin-reviews@e2e.test',
} as const;

/** The site every e2e file shares, with demo data and the third-party scripts served locally. */
export default async function setup(project: TestProject) {
  // The analytics, marketing and form-embed scripts come from a local fake, never the internet.
  const thirdParties = await startFakeThirdParties();
  const third = thirdParties.url;
  // Sign-in mail goes to a real SMTP server started here.
  const mail = await startMailCatcher();
  let site;
  try {
    site = await startSiteProcess({
      SMTP_URL: mail.url,
      ADMIN_EMAILS: Object.values(E2E_ADMINS).join(','),
      SEED_DEMO_DATA: 'true',
      ANALYTICS_KEY: 'e2e-key',
      ANALYTICS_HOST: third,
      ANALYTICS_SCRIPT_SRC: `${third}/product.js`,
      SITE_ANALYTICS_ID: 'e2e-site',
      SITE_ANALYTICS_SRC: `${third}/site.js`,
      MARKETING_SCRIPT_ID: 'e2e-marketing',
      MARKETING_SCRIPT_SRC: `${third}/marketing.js`,
      FORM_EMBED_SRC: `${third}/embed.js`,
      FORM_ADD_SERVICE_ID: 'add-your-service',
      STOCK_PHOTO_ACCESS_KEY: 'e2e-stock-key',
      STOCK_PHOTO_API_URL: `${third}/stock`,
      // The fake's pictures are on 127.0.0.1, which the image fetcher refuses unless told.
      IMAGE_FETCH_ALLOW_HOSTS: '127.0.0.1',
      // Website checks reach the tests' fake sites on 127.0.0.1; every other name is "not found",
      // so no check sends a DNS query or a request off this machine.
      CHECK_ALLOW_HOSTS: '127.0.0.1',
      CHECK_HOSTS: 'fake-sites.test=127.0.0.1',
      CHECK_TIMEOUT_MS: '5000',
      // A part a test stops is started again by npm start after this long: long enough for the test
      // to see the site without it, short enough that the files after it find the site whole.
      RESTART_DELAY_MS: '15000',
    });
  } catch (err) {
    await thirdParties.close();
    await mail.close();
    throw err;
  }
  const state = JSON.parse(readFileSync(path.join(site.dataDir, 'run', 'state.json'), 'utf8')) as { mongodbUri: string; renderer: { url: string; pid: number } };
  project.provide('siteUrl', site.url);
  project.provide('catalogPid', site.services['svc-catalog']?.pid ?? 0);
  project.provide('catalogUrl', site.services['svc-catalog']?.url ?? '');
  project.provide('mediaUrl', site.services['svc-media']?.url ?? '');
  project.provide('thirdPartyUrl', third);
  project.provide('mailDir', mail.dir);
  project.provide('mongodbUri', state.mongodbUri);
  project.provide('renderer', state.renderer);
  project.provide('gatewayPid', site.gateway.pid);
  project.provide('siteDataDir', site.dataDir);
  project.provide('identitySecret', readFileSync(path.join(site.dataDir, 'run', 'identity-secret'), 'utf8').trim());
  return async () => {
    await site.stop();
    await thirdParties.close();
    await mail.close();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    siteUrl: string;
    catalogPid: number;
    identitySecret: string;
    catalogUrl: string;
    /** svc-media's own address (staff's calls made with a signed identity, sparing the sign-in mails every e2e file shares). */
    mediaUrl: string;
    mailDir: string;
    mongodbUri: string;
    /** The renderer npm start started, which the renderer-down test stops (and starts again). */
    renderer: { url: string; pid: number };
    /** The gateway npm start started (a test checks it was not restarted). */
    gatewayPid: number;
    /** The site's data folder (its run/state.json names the processes npm start runs). */
    siteDataDir: string;
  }
}
