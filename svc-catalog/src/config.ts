import { baseConfigShape, loadConfig, peerUrlsSetting } from '@mealprep/service-kit';
import { z } from 'zod';

export const catalogConfigShape = {
  ...baseConfigShape,
  /** Loads the fictional demo catalogue on a first start (npm start sets it). */
  SEED_DEMO_DATA: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('false')
    .transform((v) => v === 'true'),
  /** svc-media, asked whose upload a new logo is; unset, a listing cannot take a new logo (503). */
  /** How many insight reports (a page view, a click, a results page) one client address may send a minute, per instance. */
  INSIGHT_REPORTS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(3_000),
  MEDIA_URL: peerUrlsSetting.optional(),
  /**
   * The first start's brand (kept as version 1 when none is; staff change it at /dashboard/brand
   * after that, and these are not read again): the site's names, the mail sender's name and the
   * analytics scripts' public ids. The product's default name lives here and nowhere else.
   */
  BRAND_SITE_NAME: z.string().default('Meal Prep Directory'),
  BRAND_SHORT_NAME: z.string().default('Meal Prep'),
  ANALYTICS_KEY: z.string().default(''),
  SITE_ANALYTICS_ID: z.string().default(''),
  MARKETING_SCRIPT_ID: z.string().default(''),
};

export type CatalogConfig = ReturnType<typeof loadCatalogConfig>;

export function loadCatalogConfig(env: NodeJS.ProcessEnv = process.env) {
  return loadConfig(catalogConfigShape, env);
}
