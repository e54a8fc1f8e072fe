/**
 * Checks the settings `npm start` passes on, before anything starts, so a bad one stops start-up
 * with one line per bad variable. Generated values (secret, service ports) are not the user's.
 */
import { baseConfigShape, ConfigError, loadConfig } from '@mealprep/service-kit';
import { gatewayConfigShape } from '../gateway/src/config';
import { rendererConfigShape } from '../renderer/src/config';
import { authConfigShape } from '../svc-auth/src/config';
import { catalogConfigShape } from '../svc-catalog/src/config';
import { checkerConfigShape } from '../svc-checker/src/config';
import { mediaConfigShape } from '../svc-media/src/config';
import { instanceCounts, manualPartsProblem, startSettingsShape } from './lib/start-settings';

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
  ...startSettingsShape,
};

/** Every setting a part reads: an instance npm start leaves to the developer is given those npm start was started with. */
const PART_SETTINGS = [
  ...new Set([catalogConfigShape, authConfigShape, mediaConfigShape, checkerConfigShape, gatewayConfigShape, rendererConfigShape].flatMap((partShape) => Object.keys(partShape))),
].sort();

try {
  const config = loadConfig(shape);
  const counts = instanceCounts(config);
  const manual = manualPartsProblem(config.MANUAL_PARTS, counts);
  if (manual) throw new ConfigError([manual]);
  process.stdout.write(
    JSON.stringify({
      PORT: config.PORT,
      HOST: config.HOST,
      DATA_DIR: config.DATA_DIR,
      AMQP_URL: config.AMQP_URL,
      RESTART_DELAY_MS: config.RESTART_DELAY_MS,
      INSTANCES: counts,
      MANUAL_PARTS: config.MANUAL_PARTS,
      PART_SETTINGS,
    }) + '\n',
  );
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  for (const line of err.lines) process.stderr.write(`${line}\n`);
  process.exit(1);
}
