import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brokerRun } from '@mealprep/service-kit/testing';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM helper without types
import { canConnect, freePort } from '../lib/net.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const AMQP_URL = process.env.AMQP_URL || 'amqp://guest:guest@127.0.0.1:5672';

interface RunState {
  services: Record<string, { url: string; pid: number | null; instances: Array<{ name: string; url: string; pid: number | null; manual?: boolean }> }>;
}

/** A process's end, whatever ends it. */
const ended = (child: ChildProcess) => (child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((resolve) => child.once('exit', () => resolve())));

/**
 * Running one part yourself beside `npm start`: MANUAL_PARTS names the instances it leaves to the
 * developer. The whole site is started as `npm start` starts it, on a port, data folder and broker
 * prefix of its own; svc-checker is left out, run by the test from the file npm start wrote, and
 * stopped again: npm start never starts it, nor again once it stops.
 */
describe('a part run by the developer beside npm start', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mealprep-manual-'));
  const prefix = `manual-${randomBytes(4).toString('hex')}`;
  const broker = brokerRun(AMQP_URL, prefix);
  let site: ChildProcess | null = null;
  let part: ChildProcess | null = null;
  let output = '';

  afterAll(async () => {
    // What the services declared on the broker, read from them while they run (however the test ended).
    const stateFile = path.join(dataDir, 'run', 'state.json');
    if (existsSync(stateFile)) await broker.note(Object.values((JSON.parse(readFileSync(stateFile, 'utf8')) as RunState).services).map((service) => service.url));
    for (const child of [part, site]) {
      if (!child) continue;
      const done = ended(child);
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await done;
      clearTimeout(timer);
    }
    await broker.remove();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  /** Waits until `ready` says so, or npm start has stopped. */
  const until = async (what: string, ready: () => boolean | Promise<boolean>, timeoutMs = 240_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!(await ready())) {
      if (site?.exitCode !== null || Date.now() > deadline) throw new Error(`${what} did not happen:\n${output.slice(-3_000)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };

  it(
    'when npm start is told to leave svc-checker to the developer, then it gives its settings in a file, waits for it, and neither starts it nor starts it again once it stops',
    { timeout: 420_000 },
    async () => {
      const port = (await freePort()) as number;
      site = spawn(process.execPath, [path.join(ROOT, 'scripts', 'start.mjs')], {
        cwd: ROOT,
        env: {
          ...process.env,
          PORT: String(port),
          DATA_DIR: dataDir,
          AMQP_URL,
          AMQP_PREFIX: prefix,
          LOG_LEVEL: 'warn',
          SEED_DEMO_DATA: 'false',
          RESTART_DELAY_MS: '1000',
          MANUAL_PARTS: 'svc-checker',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      site.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      site.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

      // npm start says the part is the developer's, at the moment it would have started it.
      const envFile = path.join(dataDir, 'run', 'svc-checker.env');
      const stateFile = path.join(dataDir, 'run', 'state.json');
      await until("the word that svc-checker is the developer's, or the site", () => output.includes('svc-checker is yours to run') || existsSync(stateFile));
      expect(output).toContain(`svc-checker is yours to run, on http://127.0.0.1:`);
      expect(existsSync(envFile)).toBe(true);
      expect(statSync(envFile).mode & 0o777).toBe(0o600);
      const settings = Object.fromEntries(
        readFileSync(envFile, 'utf8')
          .trim()
          .split('\n')
          .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 2, -1)]),
      );
      expect(settings).toMatchObject({ DATA_DIR: dataDir, AMQP_URL, AMQP_PREFIX: prefix, HOST: '127.0.0.1', SEED_DEMO_DATA: 'false' });
      expect(settings.MONGODB_URI).toMatch(/^mongodb:\/\//);
      expect(settings.CATALOG_URL).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const checkerUrl = `http://127.0.0.1:${settings.PORT}`;
      // Nothing of npm start's listens there: the site waits for the developer.
      expect(await canConnect(Number(settings.PORT))).toBe(false);
      expect(existsSync(stateFile)).toBe(false);

      // The developer runs it with that file alone (no other setting of the test's or npm start's).
      part = spawn('sh', ['-c', 'set -a; . "$1"; exec "$2" --import tsx svc-checker/src/server.ts', 'sh', envFile, process.execPath], {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
        stdio: 'ignore',
      });
      await until('the site', () => existsSync(stateFile));
      const state = JSON.parse(readFileSync(stateFile, 'utf8')) as RunState;
      expect(state.services['svc-checker']!.instances).toEqual([{ name: 'svc-checker', url: checkerUrl, pid: null, manual: true }]);
      const ready = (await (await fetch(`${checkerUrl}/readyz`)).json()) as { status: string };
      expect(ready.status).toBe('ready');
      await broker.note(Object.values(state.services).map((service) => service.url));

      // The developer stops it; then svc-media stops too. Once npm start has started svc-media
      // again (after the same wait), it has had the time to start svc-checker again, and did not.
      await Promise.all([ended(part), part.kill('SIGTERM')]);
      const mediaPid = state.services['svc-media']!.pid!;
      process.kill(mediaPid, 'SIGKILL');
      await until('svc-media started again', () => output.includes('svc-media started again'), 60_000);
      expect(output).not.toMatch(/svc-checker (?:stopped|started again)/);
      expect(await canConnect(Number(settings.PORT))).toBe(false);
    },
  );
});
