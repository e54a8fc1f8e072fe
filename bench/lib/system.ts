import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
// @ts-expect-error plain ESM helper without types
import { ensureFerretdb } from '../../scripts/lib/ensure-ferretdb.mjs';
// @ts-expect-error plain ESM helper without types
import { startFerretdb } from '../../scripts/lib/ferretdb.mjs';
// @ts-expect-error plain ESM helper without types
import { freePort } from '../../scripts/lib/net.mjs';

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

/** Starts one of the project's processes (a service or the gateway) and waits until it answers. */
export async function startPart(entry: string, env: Record<string, string>, readyPath = '/readyz'): Promise<{ url: string; child: ChildProcess; stop: () => Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${entry} exited at start`);
    try {
      if ((await fetch(`${url}${readyPath}`)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${entry} did not start`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
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
