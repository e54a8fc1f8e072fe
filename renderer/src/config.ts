import { loadConfig, peerUrlsSetting, portSetting } from '@mealprep/service-kit';
import { z } from 'zod';

const millis = (min: number, max: number, fallback: number) =>
  z.coerce
    .number({ error: `must be milliseconds from ${min} to ${max}` })
    .int()
    .min(min)
    .max(max)
    .default(fallback);

/**
 * The renderer's settings. It holds no secret and no database: a page's data it reads from the
 * services' public routes on the internal network; the code it renders with, from the gateway.
 */
export const rendererConfigShape = {
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: portSetting.default(0),
  /**
   * The gateway, as this process reaches it: the runtime config, the shell's page and the public
   * remote's releases come from there (and remote code only from there). Never a page's data.
   */
  GATEWAY_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }),
  /** svc-catalog, as this process reaches it: its URL, or its instances' comma separated (asked in turn). */
  CATALOG_URL: peerUrlsSetting,
  /** svc-media (the banners), the same way. */
  MEDIA_URL: peerUrlsSetting,
  /** Each API call of a render gives up after this long; the page then falls back to the browser's render. */
  API_TIMEOUT_MS: millis(50, 30_000, 700),
};

export type RendererConfig = ReturnType<typeof loadRendererConfig>;

export function loadRendererConfig(env: NodeJS.ProcessEnv = process.env) {
  return loadConfig(rendererConfigShape, env);
}
