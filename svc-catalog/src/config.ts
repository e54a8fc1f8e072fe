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
};

export type CatalogConfig = ReturnType<typeof loadCatalogConfig>;

export function loadCatalogConfig(env: NodeJS.ProcessEnv = process.env) {
  return loadConfig(catalogConfigShape, env);
}
