// npm start: everything from a fresh clone to a running site. Only Node built-ins are imported
// before dependencies are installed.
import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { ensureBroker } from './lib/ensure-broker.mjs';
import { ensureBuild } from './lib/ensure-build.mjs';
import { ensureFerretdb } from './lib/ensure-ferretdb.mjs';
import { ensureInstall } from './lib/ensure-install.mjs';
import { startFerretdb } from './lib/ferretdb.mjs';
import { say } from './lib/log.mjs';
import { freePort, waitFor } from './lib/net.mjs';
import { ROOT } from './lib/paths.mjs';
import { privateDir } from './lib/private-files.mjs';
import { logTail, startProcess, stopProcess } from './lib/processes.mjs';

const SERVICES = ['svc-catalog', 'svc-auth', 'svc-media', 'svc-checker'];
const started = [];
let ferret = null;
let stateFile = null;
let stopping = false;

function checkSettings() {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/check-config.ts'], { cwd: ROOT, encoding: 'utf8' });
  if (result.status !== 0) {
    process.stderr.write(result.stderr.trim() ? `${result.stderr.trim()}\n` : 'The settings could not be checked.\n');
    process.exit(1);
  }
  return JSON.parse(result.stdout);
}

function portIsFree(port, host) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

function identitySecret(runDir) {
  if (process.env.IDENTITY_SECRET) return process.env.IDENTITY_SECRET;
  const file = path.join(runDir, 'identity-secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

/** The gateway as a process on this machine reaches it (a wildcard address is not one to connect to). */
function localUrlOf(settings) {
  const wildcard = settings.HOST === '0.0.0.0' || settings.HOST === '::';
  const host = wildcard ? '127.0.0.1' : settings.HOST.includes(':') ? `[${settings.HOST}]` : settings.HOST;
  return `http://${host}:${settings.PORT}`;
}

async function ready(url, proc) {
  await waitFor(
    async () => {
      if (proc.exited) throw new Error(`${proc.name} stopped at start:\n${logTail(proc.logFile)}`);
      try {
        return (await fetch(url, { signal: AbortSignal.timeout(1000) })).ok;
      } catch {
        return false;
      }
    },
    { timeoutMs: 60_000, intervalMs: 150, what: proc.name },
  );
}

async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  await Promise.all([...started].reverse().map((proc) => stopProcess(proc)));
  await ferret?.stop();
  if (stateFile) rmSync(stateFile, { force: true });
  process.exit(code);
}

async function main() {
  await ensureInstall();
  const settings = checkSettings();
  const dataDir = path.resolve(ROOT, settings.DATA_DIR);
  const logDir = path.join(dataDir, 'logs');
  const runDir = path.join(dataDir, 'run');
  // The logs hold sign-in links and codes (no SMTP server), the run folder the identity secret.
  privateDir(logDir);
  privateDir(runDir);
  if (!(await portIsFree(settings.PORT, settings.HOST))) {
    throw new Error(`Port ${settings.PORT} on ${settings.HOST} is in use; set PORT to another port.`);
  }

  await ensureBroker(settings.AMQP_URL);
  say(`broker: ${new URL(settings.AMQP_URL).host}`);
  let mongodbUri = process.env.MONGODB_URI;
  if (!mongodbUri) {
    await ensureFerretdb();
    ferret = await startFerretdb({ dataDir: path.join(dataDir, 'ferretdb'), logFile: path.join(logDir, 'ferretdb.log') });
    mongodbUri = ferret.uri;
    say(`ferretdb: ${mongodbUri} (pid ${ferret.pid}, data ${path.join(dataDir, 'ferretdb')})`);
  }
  await ensureBuild();

  const host = settings.HOST.includes(':') ? `[${settings.HOST}]` : settings.HOST;
  const url = `http://${host}:${settings.PORT}`;
  const env = {
    ...process.env,
    MONGODB_URI: mongodbUri,
    AMQP_URL: settings.AMQP_URL,
    DATA_DIR: dataDir,
    IDENTITY_SECRET: identitySecret(runDir),
    // The site starts with a demo catalogue unless told otherwise.
    SEED_DEMO_DATA: process.env.SEED_DEMO_DATA ?? 'true',
  };
  // Every port first: svc-catalog asks svc-media (started after it) about logos.
  const services = {};
  const ports = new Set();
  while (ports.size < SERVICES.length) ports.add(await freePort());
  for (const [i, port] of [...ports].entries()) services[SERVICES[i]] = { url: `http://127.0.0.1:${port}` };
  const peers = {
    // svc-checker and svc-media rebuild their copies of the services from svc-catalog (started before them).
    'svc-checker': { CATALOG_URL: services['svc-catalog'].url },
    'svc-media': { CATALOG_URL: services['svc-catalog'].url },
    // svc-catalog asks svc-media whose upload a new logo is.
    'svc-catalog': { MEDIA_URL: services['svc-media'].url },
  };
  for (const name of SERVICES) {
    const port = new URL(services[name].url).port;
    const proc = startProcess(name, process.execPath, ['--import', 'tsx', `${name}/src/server.ts`], {
      // Sign-in links point to SITE_URL; unset, to the local address. (The gateway, with SITE_URL
      // unset, also accepts writes from whatever local name the browser used, e.g. localhost.)
      env: { ...env, PORT: port, HOST: '127.0.0.1', SITE_URL: process.env.SITE_URL || url, ...peers[name] },
      logFile: path.join(logDir, `${name}.log`),
    });
    started.push(proc);
    Object.assign(services[name], { pid: proc.child.pid, proc });
  }
  for (const name of SERVICES) {
    await ready(`${services[name].url}/readyz`, services[name].proc);
    say(`${name}: ${services[name].url} (pid ${services[name].pid}, log ${path.relative(ROOT, services[name].proc.logFile)})`);
  }

  // The renderer renders public pages for the gateway, reading everything through it (no secret,
  // no database): its port is known before the gateway starts, and it starts once the gateway is up.
  const rendererUrl = `http://127.0.0.1:${await freePort()}`;
  const gateway = startProcess('gateway', process.execPath, ['--import', 'tsx', 'gateway/src/server.ts'], {
    env: {
      ...env,
      PORT: String(settings.PORT),
      HOST: settings.HOST,
      RENDERER_URL: rendererUrl,
      CATALOG_URL: services['svc-catalog'].url,
      AUTH_URL: services['svc-auth'].url,
      MEDIA_URL: services['svc-media'].url,
      CHECKER_URL: services['svc-checker'].url,
    },
    logFile: path.join(logDir, 'gateway.log'),
  });
  started.push(gateway);
  await ready(`${url}/healthz`, gateway);
  say(`gateway: ${url} (pid ${gateway.child.pid}, log ${path.relative(ROOT, gateway.logFile)})`);

  const { IDENTITY_SECRET: _secret, MONGODB_URI: _database, ...rendererEnv } = env;
  const renderer = startProcess('renderer', process.execPath, ['--import', 'tsx', 'renderer/src/server.ts'], {
    env: { ...rendererEnv, PORT: new URL(rendererUrl).port, HOST: '127.0.0.1', GATEWAY_URL: localUrlOf(settings) },
    logFile: path.join(logDir, 'renderer.log'),
  });
  started.push(renderer);
  // Ready once it has loaded the public remote's release from the gateway.
  await ready(`${rendererUrl}/readyz`, renderer);
  say(`renderer: ${rendererUrl} (pid ${renderer.child.pid}, log ${path.relative(ROOT, renderer.logFile)})`);

  stateFile = path.join(runDir, 'state.json');
  const state = {
    url,
    pid: process.pid,
    ferretdbPid: ferret?.pid ?? null,
    // For tools that work on the running site's data (npm run admin).
    mongodbUri,
    services: Object.fromEntries(SERVICES.map((name) => [name, { url: services[name].url, pid: services[name].pid }])),
    gateway: { url, pid: gateway.child.pid },
    renderer: { url: rendererUrl, pid: renderer.child.pid },
  };
  writeFileSync(stateFile, JSON.stringify(state, null, 2));
  // A part that stops unexpectedly is started again, with the same settings and port, after a wait.
  const readyUrl = (name) => (name === 'gateway' ? `${url}/healthz` : name === 'renderer' ? `${rendererUrl}/readyz` : `${services[name].url}/readyz`);
  for (const [i, proc] of started.entries()) {
    supervise(i, proc, { firstDelayMs: settings.RESTART_DELAY_MS, readyUrl: readyUrl(proc.name), onRestart: (pid) => recordPid(state, proc.name, pid) });
  }
  say(`the site is up at ${url} (Ctrl-C stops everything)`);
}

/** The new pid of a restarted part, for the tools that read the state file. */
function recordPid(state, name, pid) {
  if (state.services[name]) state.services[name].pid = pid;
  else if (state[name]) state[name].pid = pid;
  if (stateFile && !stopping) writeFileSync(stateFile, JSON.stringify(state, null, 2));
}

/** After this long up, a part's next stop counts as a first one again (its wait starts over). */
const STEADY_MS = 60_000;
const MOST_DELAY_MS = 30_000;

/**
 * Restarts the part in `started[index]` each time it exits while the site is not stopping: after
 * `firstDelayMs`, doubled for each stop in a row (at most 30 s), back to the first after a minute
 * up. Each stop and restart is said in the log.
 */
function supervise(index, proc, { firstDelayMs, readyUrl, onRestart }) {
  let delay = firstDelayMs;
  let upSince = Date.now();
  const watch = (current) => {
    current.child.once('exit', (code, signal) => {
      if (stopping) return;
      if (Date.now() - upSince > STEADY_MS) delay = firstDelayMs;
      say(`${current.name} stopped (${signal ?? `code ${code}`}); starting it again in ${(delay / 1000).toFixed(1)} s; see ${path.relative(ROOT, current.logFile)}`);
      setTimeout(async () => {
        if (stopping) return;
        const next = startProcess(current.name, current.command, current.args, { env: current.env, logFile: current.logFile });
        started[index] = next;
        upSince = Date.now();
        delay = Math.min(delay * 2, MOST_DELAY_MS);
        watch(next);
        try {
          await ready(readyUrl, next);
          onRestart(next.child.pid);
          say(`${next.name} started again (pid ${next.child.pid})`);
        } catch (error) {
          if (!stopping) say(`${next.name} did not come up again: ${error instanceof Error ? error.message.split('\n')[0] : error}`);
        }
      }, delay);
    });
  };
  watch(proc);
}

process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));
main().catch(async (err) => {
  process.stderr.write(`[mealprep] ${err instanceof Error ? err.message : String(err)}\n`);
  await stopAll(1);
});
