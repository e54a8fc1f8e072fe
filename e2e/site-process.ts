import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brokerRun } from '../packages/service-kit/src/testing/broker-topology';
// @ts-expect-error plain ESM helper without types
import { freePort } from '../scripts/lib/net.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');

type Instance = { name: string; url: string; pid: number };
type Part = { url: string; pid: number; instances: Instance[] };

export interface RunningSite {
  url: string;
  dataDir: string;
  /** Each service as its first instance, with all of its instances. */
  services: Record<string, Part>;
  gateway: Part;
  renderer: Part;
  /** The database the site runs on (its FerretDB). */
  mongodbUri: string;
  /** The pid of npm start itself (scripts/start.mjs). */
  starterPid: number;
  stop: () => Promise<void>;
}

/**
 * Starts the whole site as `npm start` does, on a free port with a data folder and broker prefix
 * of its own; `stop` ends every process, deletes the queues the services declared and the exchange
 * (the machine's RabbitMQ is shared), and removes the folder.
 */
export async function startSiteProcess(env: Record<string, string>): Promise<RunningSite> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mealprep-e2e-'));
  // A test may name its own prefix: the queues removed at the end are the ones under it.
  const prefix = env.AMQP_PREFIX ?? `e2e-${randomBytes(4).toString('hex')}`;
  const amqpUrl = process.env.AMQP_URL || 'amqp://guest:guest@127.0.0.1:5672';
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts', 'start.mjs')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, AMQP_URL: amqpUrl, LOG_LEVEL: 'info', ...env, AMQP_PREFIX: prefix },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const broker = brokerRun(amqpUrl, prefix);
  let serviceUrls: string[] = [];
  const stop = async () => {
    // Read again before stopping: a queue declared since the start is removed too.
    await broker.note(serviceUrls);
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
    }
    await broker.remove();
    rmSync(dataDir, { recursive: true, force: true });
  };

  const stateFile = path.join(dataDir, 'run', 'state.json');
  const deadline = Date.now() + 200_000;
  while (!existsSync(stateFile)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`npm start did not bring the site up:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const state = JSON.parse(readFileSync(stateFile, 'utf8')) as Pick<RunningSite, 'url' | 'services' | 'gateway' | 'renderer' | 'mongodbUri'>;
  // Every service declares its queues before it is ready: a service stopped by a test later is still covered.
  serviceUrls = Object.values(state.services).flatMap((service) => service.instances.map((i) => i.url));
  await broker.note(serviceUrls);
  return { url: state.url, services: state.services, gateway: state.gateway, renderer: state.renderer, mongodbUri: state.mongodbUri, starterPid: child.pid!, dataDir, stop };
}
