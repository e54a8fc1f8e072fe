import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startFakeThirdParties } from './fake-third-parties';
import { startSiteProcess } from './site-process';

/** The site every e2e file shares, with demo data and the third-party scripts served locally. */
export default async function setup(project: TestProject) {
  // The analytics, marketing and form-embed scripts come from a local fake, never the internet.
  const thirdParties = await startFakeThirdParties();
  const third = thirdParties.url;
  let site;
  try {
    site = await startSiteProcess({
      SEED_DEMO_DATA: 'true',
      ANALYTICS_KEY: 'e2e-key',
      ANALYTICS_HOST: third,
      ANALYTICS_SCRIPT_SRC: `${third}/product.js`,
      SITE_ANALYTICS_ID: 'e2e-site',
      SITE_ANALYTICS_SRC: `${third}/site.js`,
      MARKETING_SCRIPT_ID: 'e2e-marketing',
      MARKETING_SCRIPT_SRC: `${third}/marketing.js`,
      FORM_EMBED_SRC: `${third}/embed.js`,
    });
  } catch (err) {
    await thirdParties.close();
    throw err;
  }
  project.provide('siteUrl', site.url);
  project.provide('catalogPid', site.services['svc-catalog']?.pid ?? 0);
  project.provide('catalogUrl', site.services['svc-catalog']?.url ?? '');
  project.provide('thirdPartyUrl', third);
  project.provide('identitySecret', readFileSync(path.join(site.dataDir, 'run', 'identity-secret'), 'utf8').trim());
  return async () => {
    await site.stop();
    await thirdParties.close();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    siteUrl: string;
    catalogPid: number;
    identitySecret: string;
    catalogUrl: string;
  }
}
