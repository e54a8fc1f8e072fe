import { z } from 'zod';

const PORT_MESSAGE = 'must be a port number from 0 to 65535';
/** A TCP port given as text; 0 asks the system for a free one. */
export const portSetting = z.coerce.number({ error: PORT_MESSAGE }).int(PORT_MESSAGE).min(0, PORT_MESSAGE).max(65535, PORT_MESSAGE);

const CHECK_TIMEOUT_MESSAGE = 'must be a whole number from 1000 to 120000';
/**
 * One website check's whole time budget. svc-checker spends it; the gateway reads the same setting
 * to wait long enough for a check made while the admin waits ("check now").
 */
export const checkTimeoutSetting = z.coerce.number({ error: CHECK_TIMEOUT_MESSAGE }).int(CHECK_TIMEOUT_MESSAGE).min(1_000, CHECK_TIMEOUT_MESSAGE).max(120_000, CHECK_TIMEOUT_MESSAGE).default(20_000);

const PEER_URLS_MESSAGE = 'must be an http(s) URL, or several comma separated (the instances of one service)';
/** Where a peer service is asked: its URL, or its instances' URLs comma separated (asked in turn; one that cannot be reached is passed over). */
export const peerUrlsSetting = z.string().refine((text) => {
  const urls = text.split(',').map((url) => url.trim());
  return urls.length <= 32 && urls.every((url) => z.url({ protocol: /^https?$/ }).safeParse(url).success);
}, PEER_URLS_MESSAGE);

/** Settings every service reads. Each service extends this shape with its own. */
export const baseConfigShape = {
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: portSetting.default(0),
  DATA_DIR: z.string().min(1).default('./data'),
  MONGODB_URI: z.string().regex(/^mongodb(\+srv)?:\/\//, 'must start with mongodb:// or mongodb+srv://'),
  /** Connections the service keeps to its database at most. */
  MONGODB_POOL_SIZE: z.coerce.number({ error: 'must be a whole number from 1 to 100' }).int().min(1).max(100).default(20),
  AMQP_URL: z
    .string()
    .regex(/^amqps?:\/\//, 'must start with amqp:// or amqps://')
    .default('amqp://guest:guest@127.0.0.1:5672'),
  AMQP_PREFIX: z
    .string()
    .regex(/^[a-z0-9][a-z0-9._-]*$/, 'must be lowercase letters, digits, dots, dashes or underscores')
    .default('mealprep'),
  IDENTITY_SECRET: z.string().min(32, 'must be at least 32 characters'),
};

export class ConfigError extends Error {
  constructor(readonly lines: string[]) {
    super(lines.join('\n'));
    this.name = 'ConfigError';
  }
}

/**
 * Parses settings from the environment. Each bad variable gives one line naming it, so a
 * start-up failure says exactly what to fix.
 */
export function loadConfig<Shape extends z.ZodRawShape>(shape: Shape, env: NodeJS.ProcessEnv = process.env): z.infer<z.ZodObject<Shape>> {
  const input: Record<string, unknown> = {};
  for (const key of Object.keys(shape)) {
    const value = env[key];
    // An empty variable means "not set", so defaults apply as they would to a missing one.
    if (value !== undefined && value !== '') input[key] = value;
  }
  const result = z.object(shape).safeParse(input);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const key = String(issue.path[0] ?? '');
    const got = input[key];
    const shown = got === undefined ? 'not set' : `got "${String(got)}"`;
    const message = got === undefined && issue.code === 'invalid_type' ? 'is required' : issue.message;
    return `Invalid setting ${key}: ${message} (${shown})`;
  });
  throw new ConfigError([...new Set(lines)]);
}
