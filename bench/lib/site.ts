import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brokerRun } from '../../packages/service-kit/src/testing/broker-topology';
// @ts-expect-error plain ESM helper without types
import { freePort } from '../../scripts/lib/net.mjs';
import { ROOT } from './system';

/**
 * The whole site as `npm start` runs it, on a free port with data and broker names of its own
 * (`dataDir`: a data folder prepared before, removed with the site like a new one; `root`: another
 * built tree, such as an earlier commit in a `git worktree`, instead of this one).
 */
export async function startSite(
  extraEnv: Record<string, string> = {},
  options: { dataDir?: string; root?: string } = {},
): Promise<{ url: string; dataDir: string; services: Record<string, { url: string; pid: number }>; gatewayPid: number; ferretdbPid: number | null; stop: () => Promise<void> }> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'mealprep-bench-site-'));
  // A bench may name its own prefix: the queues removed at the end are the ones under it.
  const prefix = extraEnv.AMQP_PREFIX ?? `bench-${randomBytes(3).toString('hex')}`;
  const amqpUrl = process.env.AMQP_URL || 'amqp://guest:guest@127.0.0.1:5672';
  const port = await freePort();
  const root = options.root ?? ROOT;
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: 'warn', ...extraEnv, AMQP_PREFIX: prefix },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stateFile = path.join(dataDir, 'run', 'state.json');
  const deadline = Date.now() + 240_000;
  while (!existsSync(stateFile)) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error('the site did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
  const { url, services, gateway, ferretdbPid } = JSON.parse(readFileSync(stateFile, 'utf8')) as {
    url: string;
    services: Record<string, { url: string; pid: number }>;
    gateway: { pid: number };
    ferretdbPid: number | null;
  };
  // The machine's RabbitMQ is shared: the queues the services declared are removed with the site.
  const broker = brokerRun(amqpUrl, prefix);
  const serviceUrls = Object.values(services).map((service) => service.url);
  await broker.note(serviceUrls);
  return {
    url,
    dataDir,
    services,
    gatewayPid: gateway.pid,
    ferretdbPid,
    stop: async () => {
      await broker.note(serviceUrls);
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      await broker.remove();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// @ts-expect-error plain ESM helper without types
export { CHROMIUM, CHROMIUM_FLAGS, ensureChromium } from '../../scripts/lib/ensure-chromium.mjs';
