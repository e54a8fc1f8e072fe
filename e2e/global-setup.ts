import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import amqp from 'amqplib';
import type { TestProject } from 'vitest/node';
import { startFakeThirdParties } from './fake-third-parties';
// @ts-expect-error plain ESM helper without types
import { freePort } from '../scripts/lib/net.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');

interface RunState {
  url: string;
  services: Record<string, { url: string; pid: number }>;
}

function waitForState(child: ChildProcess, stateFile: string, output: () => string): Promise<RunState> {
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + 200_000;
    const timer = setInterval(() => {
      if (existsSync(stateFile)) {
        clearInterval(timer);
        resolve(JSON.parse(readFileSync(stateFile, 'utf8')) as RunState);
      } else if (child.exitCode !== null || Date.now() > deadline) {
        clearInterval(timer);
        reject(new Error(`npm start did not bring the site up:\n${output()}`));
      }
    }, 200);
  });
}

/** Starts the whole site as `npm start` does, on ports, data and broker names of this run's own. */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mealprep-e2e-'));
  const prefix = `e2e-${randomBytes(4).toString('hex')}`;
  const amqpUrl = process.env.AMQP_URL || 'amqp://guest:guest@127.0.0.1:5672';
  const port = await freePort();
  // The analytics, marketing and form-embed scripts come from a local fake, never the internet.
  const thirdParties = await startFakeThirdParties();
  const third = thirdParties.url;
  let output = '';
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts', 'start.mjs')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      AMQP_PREFIX: prefix,
      AMQP_URL: amqpUrl,
      LOG_LEVEL: 'info',
      SEED_DEMO_DATA: 'true',
      ANALYTICS_KEY: 'e2e-key',
      ANALYTICS_HOST: third,
      ANALYTICS_SCRIPT_SRC: `${third}/product.js`,
      SITE_ANALYTICS_ID: 'e2e-site',
      SITE_ANALYTICS_SRC: `${third}/site.js`,
      MARKETING_SCRIPT_ID: 'e2e-marketing',
      MARKETING_SCRIPT_SRC: `${third}/marketing.js`,
      FORM_EMBED_SRC: `${third}/embed.js`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
    }
    const connection = await amqp.connect(amqpUrl).catch(() => null);
    if (connection) {
      const channel = await connection.createChannel();
      await channel.deleteExchange(`${prefix}.events`).catch(() => undefined);
      await connection.close().catch(() => undefined);
    }
    rmSync(dataDir, { recursive: true, force: true });
    await thirdParties.close();
  };

  try {
    const state = await waitForState(child, path.join(dataDir, 'run', 'state.json'), () => output);
    project.provide('siteUrl', state.url);
    project.provide('catalogPid', state.services['svc-catalog']?.pid ?? 0);
    project.provide('thirdPartyUrl', third);
    project.provide('identitySecret', readFileSync(path.join(dataDir, 'run', 'identity-secret'), 'utf8').trim());
    project.provide('catalogUrl', state.services['svc-catalog']?.url ?? '');
  } catch (err) {
    await stop();
    throw err;
  }
  return stop;
}

declare module 'vitest' {
  export interface ProvidedContext {
    siteUrl: string;
    catalogPid: number;
    identitySecret: string;
    catalogUrl: string;
  }
}
