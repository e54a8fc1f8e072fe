import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { baseConfigShape, checkTimeoutSetting, loadConfig, portSetting } from '@mealprep/service-kit';
import { z } from 'zod';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** A part's address, or the addresses of its instances, comma separated (each its own keep-alive pool and probe). */
const serviceUrls = z
  .string()
  .transform((text) => text.split(',').map((url) => url.trim()))
  .refine((urls) => urls.length > 0 && urls.length <= 32 && urls.every((url) => z.url({ protocol: /^https?$/ }).safeParse(url).success), 'must be an http(s) URL, or several comma separated');

const TRUST_PROXY_MESSAGE = 'must be "none", a number of proxies in front of the gateway from 1 to 10, or their addresses and CIDR ranges (or loopback, linklocal, uniquelocal), comma separated';
const PROXY_KEYWORDS = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyRange(entry: string): boolean {
  if (PROXY_KEYWORDS.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Which proxies in front of the gateway are believed about the client's address (X-Forwarded-For):
 * none by default (the address is the connection's), a hop count, or the proxies' addresses. Read
 * once per request by the gateway, which hands the result to every service, signed.
 */
export const trustProxySetting = z
  .string()
  .default('none')
  .transform((text, ctx): false | number | string[] => {
    const value = text.trim().toLowerCase();
    if (value === 'none' || value === 'false') return false;
    if (/^\d{1,2}$/.test(value) && Number(value) >= 1 && Number(value) <= 10) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    if (value !== '' && entries.every(isProxyRange)) return entries;
    ctx.addIssue({ code: 'custom', message: TRUST_PROXY_MESSAGE });
    return z.NEVER;
  });

export const gatewayConfigShape = {
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: portSetting.default(8080),
  SITE_URL: z.url().optional(),
  IDENTITY_SECRET: z.string().min(32, 'must be at least 32 characters'),
  CATALOG_URL: serviceUrls,
  AUTH_URL: serviceUrls,
  MEDIA_URL: serviceUrls,
  CHECKER_URL: serviceUrls,
  /** Folder holding shell/dist and each remote dist folder. */
  STATIC_ROOT: z.string().min(1).default(REPO_ROOT),
  /** Where the shell finds each remote's manifest; a remote can move without rebuilding the shell. */
  REMOTE_PUBLIC_URL: z.string().min(1).default('/remotes/public/release.json'),
  REMOTE_DASHBOARD_URL: z.string().min(1).default('/remotes/dashboard/release.json'),
  REMOTE_ADMIN_URL: z.string().min(1).default('/remotes/admin/release.json'),
  /** Where each analytics script comes from (and product analytics sends); which are on is the brand's (their public ids). */
  ANALYTICS_HOST: z.url().default('https://us.i.posthog.com'),
  ANALYTICS_SCRIPT_SRC: z.url().default('https://us-assets.i.posthog.com/static/array.js'),
  SITE_ANALYTICS_SRC: z.url().default('https://cdn.usefathom.com/script.js'),
  MARKETING_SCRIPT_SRC: z.url().default('https://static.klaviyo.com/onsite/js/klaviyo.js'),
  FORM_EMBED_SRC: z.url().default('https://paperform.co/__embed.min.js'),
  /** Origins stock photos are shown from (the pictures of articles and banners picked by search), comma separated. */
  STOCK_PHOTO_IMAGE_ORIGINS: z
    .string()
    .default('https://images.unsplash.com,https://plus.unsplash.com')
    .refine((text) => text.split(',').every((o) => /^https:\/\/[a-z0-9.-]+(:\d+)?$/i.test(o.trim())), 'must be https origins, comma separated')
    .transform((text) => text.split(',').map((o) => o.trim())),
  /** Unset (the default): /add-your-service is the native flow (sign in, then the owner form). */
  FORM_ADD_SERVICE_ID: z.string().min(1).max(200).optional(),
  AMQP_URL: baseConfigShape.AMQP_URL,
  AMQP_PREFIX: baseConfigShape.AMQP_PREFIX,
  /** Proxies believed about the client's address; see trustProxySetting. */
  TRUST_PROXY: trustProxySetting,
  LIVE_MAX_CLIENTS: z.coerce.number().int().min(1).max(100_000).default(2_000),
  LIVE_MAX_PER_IP: z.coerce.number().int().min(1).max(1_000).default(20),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  UPSTREAM_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(50).max(10_000).default(1_000),
  /**
   * The renderer, which renders public pages on the server. Unset: every page is rendered in the
   * browser (as when the renderer is down, slow or fails).
   */
  RENDERER_URL: serviceUrls.optional(),
  /** The renderer must have started a page within this long, or the browser renders it. */
  RENDER_TIMEOUT_MS: z.coerce.number().int().min(50).max(10_000).default(1_000),
  /** How many pages the renderer is asked for at once; the rest wait in order (their wait counts in RENDER_TIMEOUT_MS). */
  RENDER_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(16),
  /** How long a rendered page is served to every visitor before it is rendered again (any catalogue or media event that changes what visitors see drops it sooner). */
  PAGE_CACHE_TTL_MS: z.coerce.number().int().min(0).max(300_000).default(10_000),
  /** svc-checker's budget for one website check: "check now" is given that plus a margin (checkNowTimeoutMs). */
  CHECK_TIMEOUT_MS: checkTimeoutSetting,
};

/** Time for svc-checker to store a result after its check used the whole budget, and for the hop itself. */
export const CHECK_NOW_MARGIN_MS = 10_000;

/**
 * How long the gateway waits for "check now", which checks one website while the admin waits: the
 * whole check budget plus a margin, never less than any other API call gets.
 */
export function checkNowTimeoutMs(config: { UPSTREAM_TIMEOUT_MS: number; CHECK_TIMEOUT_MS: number }): number {
  return Math.max(config.UPSTREAM_TIMEOUT_MS, config.CHECK_TIMEOUT_MS + CHECK_NOW_MARGIN_MS);
}

export type GatewayConfig = ReturnType<typeof loadGatewayConfig>;

export function loadGatewayConfig(env: NodeJS.ProcessEnv = process.env) {
  return loadConfig(gatewayConfigShape, env);
}
