import { baseConfigShape, checkTimeoutSetting, hostTableSetting, loadConfig, peerUrlsSetting } from '@mealprep/service-kit';
import { z } from 'zod';

const list = z
  .string()
  .default('')
  .transform((text) =>
    text
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
  );
const millis = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .refine((text) => text === '' || text.split(',').every((n) => /^\d{1,7}$/.test(n.trim())), 'must be milliseconds, comma separated')
    .transform((text) => (text === '' ? [] : text.split(',').map((n) => Number(n.trim()))));
const integer = (min: number, max: number, fallback: number) =>
  z.coerce
    .number({ error: `must be a whole number from ${min} to ${max}` })
    .int()
    .min(min)
    .max(max)
    .default(fallback);

export const checkerConfigShape = {
  ...baseConfigShape,
  /**
   * Few connections: a worker's writes are short, and FerretDB (the embedded default) does more
   * work under many concurrent writers — 1,000 checks took 49 s with 20 connections, 38 s with 2.
   */
  MONGODB_POOL_SIZE: z.coerce.number({ error: 'must be a whole number from 1 to 100' }).int().min(1).max(100).default(2),
  /** svc-catalog, for rebuilding the projection after an import and at start; unset, events only. */
  CATALOG_URL: peerUrlsSetting.optional(),
  /** Named in the checker's user agent, so site owners know who is calling. */
  SITE_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).default('http://127.0.0.1:8080'),
  /** Hosts a check may reach although they are private, on any port (tests' local fakes); empty by default. */
  CHECK_ALLOW_HOSTS: list,
  /**
   * A fixed resolver instead of DNS: `name=address` pairs, `*.` for a whole domain. When set, other
   * names are not found, so tests never send a query off the machine.
   */
  CHECK_HOSTS: hostTableSetting,
  /** One check's whole budget; the gateway reads it too, to wait for "check now" (see checkTimeoutSetting). */
  CHECK_TIMEOUT_MS: checkTimeoutSetting,
  CHECK_MAX_BYTES: integer(1_024, 10 * 1024 * 1024, 1024 * 1024),
  CHECK_MAX_REDIRECTS: integer(0, 20, 10),
  /** Checks one worker runs at once (the queue's prefetch). */
  CHECK_CONCURRENCY: integer(1, 500, 100),
  /** Waits before retrying a 5xx, 408, 429 or timeout within one check. */
  CHECK_RETRY_DELAYS_MS: millis('1000,3000'),
  /** Waits before a job that failed (the database was down, say) is tried again; then it is dead-lettered. */
  CHECK_JOB_RETRY_DELAYS_MS: millis('5000,30000,120000'),
  /** How often the scheduler looks for checks that are due. */
  CHECK_SCHEDULE_INTERVAL_MS: integer(1_000, 86_400_000, 60_000),
};

export type CheckerConfig = ReturnType<typeof loadCheckerConfig>;

export function loadCheckerConfig(env: NodeJS.ProcessEnv = process.env) {
  return loadConfig(checkerConfigShape, env);
}
