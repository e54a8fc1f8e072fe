import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
// @ts-expect-error plain ESM helper without types
import { ensureFerretdb } from '../../scripts/lib/ensure-ferretdb.mjs';
// @ts-expect-error plain ESM helper without types
import { startFerretdb } from '../../scripts/lib/ferretdb.mjs';
// The process helpers without the rest of the test kit (which needs the vitest runner).
import { brokerRun, type BrokerRun } from '../../packages/service-kit/src/testing/broker-topology';
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

/** The queues each benchmark's services declared, by the broker prefix they run under. */
const runs = new Map<string, BrokerRun>();

/**
 * Starts one of the project's processes (a service or the gateway) in production mode and waits
 * until it answers; the queues it declared are noted for `removeBenchTopology`.
 */
export async function startPart(entry: string, env: Record<string, string>, readyPath = '/readyz', cwd?: string): Promise<ServiceProcess> {
  const part = await startServiceProcess(entry, { NODE_ENV: 'production', ...env }, { readyPath, ...(cwd ? { cwd } : {}) });
  const prefix = env.AMQP_PREFIX;
  if (!prefix) return part;
  const run = runs.get(prefix) ?? brokerRun(env.AMQP_URL || process.env.AMQP_URL || 'amqp://guest:guest@127.0.0.1:5672', prefix);
  runs.set(prefix, run);
  await run.note([part.url]);
  return {
    ...part,
    stop: async () => {
      await run.note([part.url]);
      await part.stop();
    },
  };
}

/** Removes what a benchmark's services left in the machine's RabbitMQ under its prefix: the queues they declared and the exchange. */
export async function removeBenchTopology(amqpUrl: string, prefix: string): Promise<void> {
  await (runs.get(prefix) ?? brokerRun(amqpUrl, prefix)).remove();
  runs.delete(prefix);
}

/** CPU seconds (user and system) a process has used, from /proc: what the benchmarks divide by the requests they made. */
export function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
