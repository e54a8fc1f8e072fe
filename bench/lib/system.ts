import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
// @ts-expect-error plain ESM helper without types
import { ensureFerretdb } from '../../scripts/lib/ensure-ferretdb.mjs';
// @ts-expect-error plain ESM helper without types
import { startFerretdb } from '../../scripts/lib/ferretdb.mjs';
// The process helpers without the rest of the test kit (which needs the vitest runner).
import { startServiceProcess, type ServiceProcess } from '../../packages/service-kit/src/testing/processes';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** A FerretDB of the benchmark's own in a temporary folder. */
export async function benchDatabase(): Promise<{ uri: string; stop: () => Promise<void> }> {
  await ensureFerretdb();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mealprep-bench-db-'));
  const ferret = await startFerretdb({ dataDir });
  return {
    uri: ferret.uri,
    stop: async () => {
      await ferret.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Starts one of the project's processes (a service or the gateway) in production mode and waits until it answers. */
export async function startPart(entry: string, env: Record<string, string>, readyPath = '/readyz'): Promise<ServiceProcess> {
  return startServiceProcess(entry, { NODE_ENV: 'production', ...env }, { readyPath });
}

/** Removes the exchange a benchmark's services declared under their prefix, and the named queues. */
export async function deleteBenchExchange(amqpUrl: string, prefix: string, queues: string[] = []): Promise<void> {
  const { default: amqp } = await import('amqplib');
  const connection = await amqp.connect(amqpUrl);
  for (const queue of queues) {
    const channel = await connection.createChannel();
    await channel.deleteQueue(`${prefix}.${queue}`).catch(() => undefined);
    await channel.close().catch(() => undefined);
  }
  const channel = await connection.createChannel();
  await channel.deleteExchange(`${prefix}.events`).catch(() => undefined);
  await connection.close();
}
