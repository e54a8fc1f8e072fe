import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
// @ts-expect-error plain ESM helper without types
import { ensureBroker } from '../lib/ensure-broker.mjs';
// @ts-expect-error plain ESM helper without types
import { ensureFerretdb } from '../lib/ensure-ferretdb.mjs';
// @ts-expect-error plain ESM helper without types
import { startFerretdb } from '../lib/ferretdb.mjs';

/**
 * Gives integration tests a real database and broker: MONGODB_URI when set, else a FerretDB of
 * this run's own in a temporary folder; AMQP_URL (default the local RabbitMQ). A run id lets each
 * test name its databases, exchanges and queues apart from every other run.
 */
export default async function setup(project: TestProject) {
  const amqpUrl = process.env.AMQP_URL || 'amqp://guest:guest@127.0.0.1:5672';
  await ensureBroker(amqpUrl);
  let mongodbUri = process.env.MONGODB_URI;
  let stop = async () => {};
  if (!mongodbUri) {
    await ensureFerretdb();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'mealprep-test-db-'));
    const ferret = await startFerretdb({ dataDir });
    mongodbUri = ferret.uri as string;
    stop = async () => {
      await ferret.stop();
      rmSync(dataDir, { recursive: true, force: true });
    };
  }
  project.provide('mongodbUri', mongodbUri);
  project.provide('amqpUrl', amqpUrl);
  project.provide('runId', randomBytes(3).toString('hex'));
  return stop;
}
