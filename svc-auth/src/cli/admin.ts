/**
 * Grants or revokes the admin role by e-mail: `npm run admin -- grant|revoke <email>`.
 * Uses the database of the running site (DATA_DIR/run/state.json), or MONGODB_URI when set, and
 * announces the change so signed-in sessions pick it up at once.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { RoleChangeSchema } from '@mealprep/contracts';
import { Broker, connectDatabase, Outbox } from '@mealprep/service-kit';
import { pino } from 'pino';
import { userRepository } from '../data-access/user-repository';
import { changeRole } from '../domain/roles';

const usage = 'usage: npm run admin -- grant|revoke <email>';
const [action, email] = process.argv.slice(2);
const parsed = RoleChangeSchema.safeParse({ action, email, role: 'admin' });
if (!parsed.success) {
  process.stderr.write(`${usage}\n${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n')}\n`);
  process.exit(2);
}

const dataDir = path.resolve(process.env.DATA_DIR || 'data');
const stateFile = path.join(dataDir, 'run', 'state.json');
const state = existsSync(stateFile) ? (JSON.parse(readFileSync(stateFile, 'utf8')) as { mongodbUri?: string }) : {};
const mongodbUri = process.env.MONGODB_URI || state.mongodbUri;
if (!mongodbUri) {
  process.stderr.write(`No database: start the site first (npm start) or set MONGODB_URI.\n`);
  process.exit(1);
}

// Logs (warnings and errors only) go to stderr; stdout says what changed.
const logger = pino({ name: 'admin-cli', level: 'warn' }, pino.destination(2));
// AUTH_DB_NAME is for tests, which keep each run's data apart.
const connection = await connectDatabase(mongodbUri, process.env.AUTH_DB_NAME || 'auth', logger);
const broker = new Broker({
  url: process.env.AMQP_URL || 'amqp://guest:guest@127.0.0.1:5672',
  prefix: process.env.AMQP_PREFIX || 'mealprep',
  source: 'admin-cli',
  logger,
});
try {
  await broker.connect();
  // The role and its event are written together; the event is relayed before the command ends.
  const outbox = new Outbox({ connection, broker, logger });
  const users = userRepository(connection, outbox);
  await users.ensureIndexes();
  const result = await changeRole({ users, events: outbox }, parsed.data);
  await outbox.stop();
  const verb = parsed.data.action === 'grant' ? 'granted to' : 'revoked from';
  process.stdout.write(result.changed ? `admin ${verb} ${parsed.data.email}\n` : `${parsed.data.email} ${parsed.data.action === 'grant' ? 'was already an admin' : 'was not an admin'}\n`);
} finally {
  await broker.close();
  await connection.close();
}
