import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..', '..');

/** A port that was free a moment ago on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.connect(port, '127.0.0.1');
  });
}

async function until(what: string, timeoutMs: number, ready: () => Promise<boolean>, gaveUp: () => string | null = () => null): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const reason = gaveUp();
    if (reason) throw new Error(`${what}: ${reason}`);
    if (await ready()) return;
    if (Date.now() > deadline) throw new Error(`${what} was not ready within ${Math.round(timeoutMs / 1000)} s`);
    await sleep(200);
  }
}

/** Keeps the last part of a child's output, for the message when it fails. */
function captureOutput(child: ChildProcess): () => string {
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return () => output;
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', () => resolve()));
}

export interface ServiceProcess {
  url: string;
  port: number;
  child: ChildProcess;
  output: () => string;
  /** Kills it at once (SIGKILL), as a crash would. */
  crash: () => Promise<void>;
  /** Stops it gracefully (SIGTERM), then by force after 10 s. */
  stop: () => Promise<void>;
}

/**
 * Starts one of the project's services (or the gateway) as its own process, the way `npm start`
 * does, and waits until it answers `readyPath`. The port may be given, to start it again where it was.
 */
export async function startServiceProcess(entry: string, env: Record<string, string>, options: { port?: number; readyPath?: string; timeoutMs?: number; cwd?: string } = {}): Promise<ServiceProcess> {
  const port = options.port ?? (await freePort());
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    // Another checkout's processes (a benchmark's "before") run in it: tsx reads its tsconfig there.
    cwd: options.cwd ?? ROOT,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = captureOutput(child);
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.kill('SIGTERM');
    await exited(child);
    clearTimeout(timer);
  };
  try {
    await until(
      `${entry}`,
      options.timeoutMs ?? 60_000,
      async () => (await fetch(`${url}${options.readyPath ?? '/readyz'}`).catch(() => null))?.ok === true,
      () => (child.exitCode !== null ? `exited with ${child.exitCode} at start:\n${output()}` : null),
    );
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    url,
    port,
    child,
    output,
    crash: async () => {
      child.kill('SIGKILL');
      await exited(child);
    },
    stop,
  };
}

export interface PrivateBroker {
  url: string;
  /** Stops the node (as `rabbitmqctl stop` would) and starts it again on the same port and data. */
  restart: () => Promise<void>;
  /** Stops the node and keeps its data, until `startNode`. */
  stopNode: () => Promise<void>;
  startNode: () => Promise<void>;
  stop: () => Promise<void>;
}

/**
 * A RabbitMQ node of the test's own (the installed rabbitmq-server, its own node name, ports and
 * data folder), so a test may stop and restart it without touching the broker every other test uses.
 */
export async function startPrivateBroker(): Promise<PrivateBroker> {
  const server = '/usr/lib/rabbitmq/bin/rabbitmq-server';
  const dir = mkdtempSync(path.join(tmpdir(), 'mealprep-rabbit-'));
  const [amqpPort, distPort] = [await freePort(), await freePort()];
  writeFileSync(path.join(dir, 'rabbitmq.conf'), `listeners.tcp.local = 127.0.0.1:${amqpPort}\nloopback_users = none\n`);
  writeFileSync(path.join(dir, 'enabled_plugins'), '[].\n');
  writeFileSync(path.join(dir, 'rabbitmq-env.conf'), '\n');
  const env = {
    ...process.env,
    HOME: dir,
    RABBITMQ_NODENAME: `mealprep-${path.basename(dir).slice(-6).toLowerCase()}@localhost`,
    RABBITMQ_DIST_PORT: String(distPort),
    RABBITMQ_CONF_ENV_FILE: path.join(dir, 'rabbitmq-env.conf'),
    RABBITMQ_CONFIG_FILE: path.join(dir, 'rabbitmq.conf'),
    RABBITMQ_ENABLED_PLUGINS_FILE: path.join(dir, 'enabled_plugins'),
    RABBITMQ_MNESIA_BASE: path.join(dir, 'mnesia'),
    RABBITMQ_LOG_BASE: path.join(dir, 'log'),
    ERL_EPMD_ADDRESS: '127.0.0.1',
  };
  let child: ChildProcess | null = null;
  let output = () => '';
  const start = async () => {
    // Its own process group, so that a node that ignores SIGTERM can be killed with its script.
    const started = spawn(server, [], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    child = started;
    output = captureOutput(started);
    await until(
      'the private RabbitMQ node',
      90_000,
      () => canConnect(amqpPort),
      () => (started.exitCode !== null ? `exited with ${started.exitCode}:\n${output()}` : null),
    );
  };
  const halt = async () => {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const timer = setTimeout(() => process.kill(-running.pid!, 'SIGKILL'), 20_000);
    running.kill('SIGTERM');
    await exited(running);
    clearTimeout(timer);
  };
  try {
    await start();
  } catch (err) {
    await halt();
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`${err instanceof Error ? err.message : String(err)} (fault tests start their own node with ${server})`);
  }
  return {
    url: `amqp://guest:guest@127.0.0.1:${amqpPort}`,
    restart: async () => {
      await halt();
      await start();
    },
    stopNode: halt,
    startNode: start,
    stop: async () => {
      await halt();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
