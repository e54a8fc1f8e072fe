import path from 'node:path';
import { baseConfigShape, loadConfig } from '@mealprep/service-kit';
import { z } from 'zod';

const BOOLEAN_MESSAGE = "must be 'true' or 'false'";
/** A yes/no setting given as text; anything but 'true' or 'false' is a mistake worth reporting. */
const booleanSetting = z.enum(['true', 'false'], { error: BOOLEAN_MESSAGE }).transform((value) => value === 'true');

export const mediaConfigShape = {
  ...baseConfigShape,
  /** Draw the demo banners and service logos at first start. */
  SEED_DEMO_DATA: booleanSetting.default(false),
  /** The image CDN's URL endpoint; media with an imageKitId are shown from there when it is set. */
  IMAGE_CDN_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
};

export type MediaConfig = ReturnType<typeof loadMediaConfig>;

export function loadMediaConfig(env: NodeJS.ProcessEnv = process.env) {
  return loadConfig(mediaConfigShape, env);
}

/** The one folder svc-media writes image files to and serves them from. */
export function mediaDirOf(config: Pick<MediaConfig, 'DATA_DIR'>): string {
  return path.resolve(config.DATA_DIR, 'media');
}
