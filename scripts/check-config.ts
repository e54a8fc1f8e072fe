/**
 * Checks the settings `npm start` passes on, before anything starts, so a bad one stops start-up
 * with one line per bad variable. Generated values (secret, service ports) are not the user's.
 */
import { baseConfigShape, ConfigError, loadConfig } from '@mealprep/service-kit';
import { z } from 'zod';
import { gatewayConfigShape } from '../gateway/src/config';
import { authConfigShape } from '../svc-auth/src/config';

const PARTS = ['svc-catalog', 'svc-auth', 'svc-media', 'svc-checker', 'gateway', 'renderer'] as const;
const INSTANCES_MESSAGE = 'must be a whole number of instances from 1 to 8';
const instances = z.coerce.number({ error: INSTANCES_MESSAGE }).int(INSTANCES_MESSAGE).min(1, INSTANCES_MESSAGE).max(8, INSTANCES_MESSAGE);
/** One part's own count, over INSTANCES: INSTANCES_SVC_CATALOG, INSTANCES_GATEWAY… */
const instancesSettingOf = (part: string) => `INSTANCES_${part.toUpperCase().replace(/-/g, '_')}`;

const shape = {
  ...baseConfigShape,
  ...gatewayConfigShape,
  SMTP_URL: authConfigShape.SMTP_URL,
  MAIL_FROM: authConfigShape.MAIL_FROM,
  ADMIN_EMAILS: authConfigShape.ADMIN_EMAILS,
  MONGODB_URI: baseConfigShape.MONGODB_URI.optional(),
  IDENTITY_SECRET: baseConfigShape.IDENTITY_SECRET.optional(),
  CATALOG_URL: gatewayConfigShape.CATALOG_URL.optional(),
  AUTH_URL: gatewayConfigShape.AUTH_URL.optional(),
  MEDIA_URL: gatewayConfigShape.MEDIA_URL.optional(),
  CHECKER_URL: gatewayConfigShape.CHECKER_URL.optional(),
  /** npm start's own: how long it waits before starting a part that stopped unexpectedly (doubled after each stop in a row, at most 30 s). */
  RESTART_DELAY_MS: z.coerce.number().int().min(100).max(120_000).default(1_000),
  /** npm start's own: how many instances of every part it runs (several gateways get a load balancer in front). */
  INSTANCES: instances.default(1),
  ...Object.fromEntries(PARTS.map((part) => [instancesSettingOf(part), instances.optional()])),
};

try {
  const config = loadConfig(shape);
  const counts = Object.fromEntries(PARTS.map((part) => [part, ((config as Record<string, unknown>)[instancesSettingOf(part)] as number | undefined) ?? config.INSTANCES]));
  process.stdout.write(
    JSON.stringify({ PORT: config.PORT, HOST: config.HOST, DATA_DIR: config.DATA_DIR, AMQP_URL: config.AMQP_URL, RESTART_DELAY_MS: config.RESTART_DELAY_MS, INSTANCES: counts }) + '\n',
  );
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  for (const line of err.lines) process.stderr.write(`${line}\n`);
  process.exit(1);
}
