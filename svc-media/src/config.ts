import path from 'node:path';
import { baseConfigShape, hostTableSetting, loadConfig, peerUrlsSetting } from '@mealprep/service-kit';
import { z } from 'zod';

const BOOLEAN_MESSAGE = "must be 'true' or 'false'";
/** A yes/no setting given as text; anything but 'true' or 'false' is a mistake worth reporting. */
const booleanSetting = z.enum(['true', 'false'], { error: BOOLEAN_MESSAGE }).transform((value) => value === 'true');

export const mediaConfigShape = {
  ...baseConfigShape,
  /** svc-catalog, for loading the directory of services at start and reading the ones an import wrote; unset, events only. */
  CATALOG_URL: peerUrlsSetting.optional(),
  /** Draw the demo banners and service logos at first start. */
  SEED_DEMO_DATA: booleanSetting.default(false),
  /** The image CDN's URL endpoint; media with an imageKitId are shown from there when it is set. */
  IMAGE_CDN_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  /** The stock-photo service (Unsplash's API): unset key, the banner screen says it is not configured. */
  STOCK_PHOTO_ACCESS_KEY: z.string().min(1).max(200).optional(),
  STOCK_PHOTO_API_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).default('https://api.unsplash.com'),
  /**
   * Hosts the image fetcher may reach although they are not public (comma separated). Empty by
   * default; tests name 127.0.0.1 for their local fakes.
   */
  IMAGE_FETCH_ALLOW_HOSTS: z
    .string()
    .default('')
    .transform((text) =>
      text
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    ),
  /**
   * A fixed resolver for the image fetcher instead of DNS: `name=address` pairs, `*.` for a whole
   * domain; other names are not found. Tests set it so their fakes are reached by name.
   */
  IMAGE_FETCH_HOSTS: hostTableSetting,
};

export type MediaConfig = ReturnType<typeof loadMediaConfig>;

export function loadMediaConfig(env: NodeJS.ProcessEnv = process.env) {
  return loadConfig(mediaConfigShape, env);
}

/** The one folder svc-media writes image files to and serves them from. */
export function mediaDirOf(config: Pick<MediaConfig, 'DATA_DIR'>): string {
  return path.resolve(config.DATA_DIR, 'media');
}
