/**
 * Checks the settings `npm start` passes on, before anything starts, so a bad one stops start-up
 * with one line per bad variable. Generated values (secret, service ports) are not the user's.
 */
import { baseConfigShape, ConfigError, loadConfig } from '@mealprep/service-kit';
import { z } from 'zod';
import { gatewayConfigShape } from '../gateway/src/config';
import { authConfigShape } from '../svc-auth/src/config';

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
};

try {
  const config = loadConfig(shape);
  process.stdout.write(JSON.stringify({ PORT: config.PORT, HOST: config.HOST, DATA_DIR: config.DATA_DIR, AMQP_URL: config.AMQP_URL, RESTART_DELAY_MS: config.RESTART_DELAY_MS }) + '\n');
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  for (const line of err.lines) process.stderr.write(`${line}\n`);
  process.exit(1);
}
