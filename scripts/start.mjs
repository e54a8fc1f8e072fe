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
import { balancerSettings, ensureHaproxy, HAPROXY, writeHaproxyConfig } from './lib/load-balancer.mjs';
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
  // The load balancer's limits (BALANCER_*), checked with the others: one line for each bad one.
  const balancer = balancerSettings(process.env);
  if (result.status !== 0 || balancer.errors) {
    const lines = [...(result.status !== 0 ? [result.stderr.trim() || 'The settings could not be checked.'] : []), ...(balancer.errors ?? [])];
    process.stderr.write(`${lines.join('\n')}\n`);
    process.exit(1);
  }
  return { ...JSON.parse(result.stdout), BALANCER_LIMITS: balancer.limits };
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

/** Waits until a part answers `url`; one the developer runs (no `proc`) is waited for as long as it takes. */
async function ready(url, proc, name = proc.name) {
  await waitFor(
    async () => {
      if (proc?.exited) throw new Error(`${proc.name} stopped at start:\n${logTail(proc.logFile)}`);
      try {
        return (await fetch(url, { signal: AbortSignal.timeout(1000) })).ok;
      } catch {
        return false;
      }
    },
    { timeoutMs: proc ? 60_000 : Number.POSITIVE_INFINITY, intervalMs: proc ? 150 : 500, what: name },
  );
}

/** A value as sh reads it back: single-quoted, a quote inside closed, escaped and opened again. */
const shellQuoted = (value) => `'${value.replaceAll("'", "'\\''")}'`;

/**
 * Writes what an instance npm start leaves to the developer (MANUAL_PARTS) would have been given,
 * beside the run's state: the settings npm start was started with, and those it gives the instance
 * (its port, the other parts' addresses, the database, the broker, the secret, the data folder), as
 * lines sh reads (`set -a; . file`, which wins over the shell's own variables of the same names).
 * Only this account may read it.
 */
function writeManualEnv(file, settings) {
  const lines = Object.entries(settings)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}=${shellQuoted(String(value))}`);
  writeFileSync(file, `${lines.join('\n')}\n`, { mode: 0o600 });
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
  const counts = settings.INSTANCES;
  const balanced = counts.gateway > 1;
  // Before anything starts: a missing load balancer stops start-up with nothing left running.
  if (balanced) await ensureHaproxy();
  let mongodbUri = process.env.MONGODB_URI;
  if (!mongodbUri) {
    await ensureFerretdb();
    ferret = await startFerretdb({ dataDir: path.join(dataDir, 'ferretdb'), logFile: path.join(logDir, 'ferretdb.log'), endWithStarter: true });
    mongodbUri = ferret.uri;
    say(`ferretdb: ${mongodbUri} (pid ${ferret.pid}, data ${path.join(dataDir, 'ferretdb')})`);
  }
  await ensureBuild();

  const host = settings.HOST.includes(':') ? `[${settings.HOST}]` : settings.HOST;
  const url = `http://${host}:${settings.PORT}`;
  // What every part is given over the environment npm start was started with.
  const given = {
    MONGODB_URI: mongodbUri,
    AMQP_URL: settings.AMQP_URL,
    DATA_DIR: dataDir,
    IDENTITY_SECRET: identitySecret(runDir),
    // The site starts with a demo catalogue unless told otherwise.
    SEED_DEMO_DATA: process.env.SEED_DEMO_DATA ?? 'true',
  };
  // Every port first (each instance of each part its own): the services ask each other (svc-catalog
  // asks svc-media about logos, svc-media and svc-checker load their copies from svc-catalog), and
  // the gateways and renderers name each other's instances.
  const ports = new Set();
  const newPort = async () => {
    let port = await freePort();
    while (ports.has(port)) port = await freePort();
    ports.add(port);
    return port;
  };
  const instancesOf = async (name) => {
    const list = [];
    for (let i = 1; i <= counts[name]; i += 1) list.push({ name: i === 1 ? name : `${name}-${i}`, url: `http://127.0.0.1:${await newPort()}` });
    return list;
  };
  const parts = {};
  for (const name of [...SERVICES, 'renderer']) parts[name] = await instancesOf(name);
  parts.gateway = balanced ? await instancesOf('gateway') : [{ name: 'gateway', url }];
  const urlsOf = (name) => parts[name].map((instance) => instance.url).join(',');
  const peers = {
    'svc-checker': { CATALOG_URL: urlsOf('svc-catalog') },
    'svc-auth': { CATALOG_URL: urlsOf('svc-catalog') },
    'svc-media': { CATALOG_URL: urlsOf('svc-catalog') },
    'svc-catalog': { MEDIA_URL: urlsOf('svc-media') },
  };
  // Instances left to the developer (MANUAL_PARTS) get their port and settings like the others,
  // written to a file to run them with; npm start waits for them and never starts or restarts them.
  const manual = new Set(settings.MANUAL_PARTS);
  // `partSettings`: every setting npm start gives the instance, over the environment it inherits.
  const launch = (instance, entry, partSettings, readyPath, inherited = process.env) => {
    const readyUrl = `${instance.url}${readyPath}`;
    if (manual.has(instance.name)) {
      const envFile = path.join(runDir, `${instance.name}.env`);
      const inheritedSettings = Object.fromEntries(settings.PART_SETTINGS.filter((name) => inherited[name] !== undefined).map((name) => [name, inherited[name]]));
      writeManualEnv(envFile, { ...inheritedSettings, ...partSettings });
      Object.assign(instance, { proc: null, pid: null, readyUrl, manual: true });
      say(`${instance.name} is yours to run, on ${instance.url}: (set -a; . ${path.relative(ROOT, envFile)}; node --import tsx ${entry}) — waiting for it`);
      return null;
    }
    const proc = startProcess(instance.name, process.execPath, ['--import', 'tsx', entry], { env: { ...inherited, ...partSettings }, logFile: path.join(logDir, `${instance.name}.log`) });
    started.push(proc);
    Object.assign(instance, { proc, pid: proc.child.pid, readyUrl });
    return proc;
  };
  const announce = (instance) =>
    say(instance.manual ? `${instance.name}: ${instance.url} (yours)` : `${instance.name}: ${instance.url} (pid ${instance.pid}, log ${path.relative(ROOT, instance.proc.logFile)})`);
  for (const name of SERVICES) {
    for (const instance of parts[name]) {
      // Sign-in links point to SITE_URL; unset, to the local address. (The gateway, with SITE_URL
      // unset, also accepts writes from whatever local name the browser used, e.g. localhost.)
      launch(instance, `${name}/src/server.ts`, { ...given, PORT: new URL(instance.url).port, HOST: '127.0.0.1', SITE_URL: process.env.SITE_URL || url, ...peers[name] }, '/readyz');
    }
  }
  for (const name of SERVICES) {
    for (const instance of parts[name]) {
      await ready(instance.readyUrl, instance.proc, instance.name);
      announce(instance);
    }
  }

  // The renderers render public pages for the gateways (no secret, no database): a page's data they
  // read from svc-catalog and svc-media directly, the code they render with from the site. Their
  // ports are known before the gateways start, and they start once the site answers.
  const gatewayEnv = {
    ...given,
    RENDERER_URL: urlsOf('renderer'),
    CATALOG_URL: urlsOf('svc-catalog'),
    AUTH_URL: urlsOf('svc-auth'),
    MEDIA_URL: urlsOf('svc-media'),
    CHECKER_URL: urlsOf('svc-checker'),
    // Behind the load balancer, the visitor's address comes in X-Forwarded-For from loopback; and
    // the site's address is the balancer's, the same for every gateway (canonical URLs, the runtime
    // config the renderers read through the balancer, the site version they follow).
    ...(balanced ? { TRUST_PROXY: trustBehindBalancer(process.env.TRUST_PROXY), SITE_URL: process.env.SITE_URL || url } : {}),
  };
  for (const instance of parts.gateway) {
    const address = new URL(instance.url);
    launch(instance, 'gateway/src/server.ts', { ...gatewayEnv, PORT: address.port, HOST: balanced ? '127.0.0.1' : settings.HOST }, '/healthz');
  }
  for (const instance of parts.gateway) {
    await ready(instance.readyUrl, instance.proc, instance.name);
    announce(instance);
  }
  let balancer = null;
  if (balanced) {
    const configFile = path.join(runDir, 'haproxy.cfg');
    writeHaproxyConfig(configFile, {
      host: settings.HOST,
      port: settings.PORT,
      gateways: parts.gateway.map((g) => g.url),
      limits: settings.BALANCER_LIMITS,
      // With another proxy in front (TRUST_PROXY set), every visitor comes from its address: the
      // per-client limits are that proxy's to keep, and its X-Forwarded-For is passed on.
      frontProxy: trustBehindBalancer(process.env.TRUST_PROXY) !== 'loopback',
      // The renderers read the site through the balancer from this machine: never limited.
      ownAddresses: [...new Set(['127.0.0.1', '::1', ...(net.isIP(settings.HOST) && !['0.0.0.0', '::'].includes(settings.HOST) ? [settings.HOST] : [])])],
    });
    balancer = { name: 'load-balancer', url };
    const proc = startProcess('load-balancer', HAPROXY, ['-db', '-f', configFile], { env: process.env, logFile: path.join(logDir, 'load-balancer.log') });
    started.push(proc);
    Object.assign(balancer, { proc, pid: proc.child.pid, readyUrl: `${localUrlOf(settings)}/healthz` });
    await ready(balancer.readyUrl, proc);
    say(`load balancer (HAProxy): ${url} in front of ${parts.gateway.length} gateways (pid ${balancer.pid}, log ${path.relative(ROOT, proc.logFile)})`);
  }

  // The renderer holds no secret and no database address, not even one npm start was given.
  const { IDENTITY_SECRET: _secret, MONGODB_URI: _database, ...rendererGiven } = given;
  const { IDENTITY_SECRET: _ownSecret, MONGODB_URI: _ownDatabase, ...rendererInherited } = process.env;
  for (const instance of parts.renderer) {
    launch(
      instance,
      'renderer/src/server.ts',
      { ...rendererGiven, PORT: new URL(instance.url).port, HOST: '127.0.0.1', GATEWAY_URL: localUrlOf(settings), CATALOG_URL: urlsOf('svc-catalog'), MEDIA_URL: urlsOf('svc-media') },
      '/readyz',
      rendererInherited,
    );
  }
  // Ready once each has loaded the public remote's release from the site.
  for (const instance of parts.renderer) {
    await ready(instance.readyUrl, instance.proc, instance.name);
    announce(instance);
  }

  stateFile = path.join(runDir, 'state.json');
  // Each part as its first instance (what tools that know one read), with all of its instances.
  const entry = (name) => ({
    url: parts[name][0].url,
    pid: parts[name][0].pid,
    instances: parts[name].map((i) => ({ name: i.name, url: i.url, pid: i.pid, ...(i.manual ? { manual: true } : {}) })),
  });
  const state = {
    url,
    pid: process.pid,
    ferretdbPid: ferret?.pid ?? null,
    // For tools that work on the running site's data (npm run admin).
    mongodbUri,
    services: Object.fromEntries(SERVICES.map((name) => [name, entry(name)])),
    gateway: entry('gateway'),
    renderer: entry('renderer'),
    loadBalancer: balancer ? { url, pid: balancer.pid } : null,
  };
  writeFileSync(stateFile, JSON.stringify(state, null, 2));
  // A part that stops unexpectedly is started again, with the same settings and port, after a wait
  // (not one the developer runs).
  const all = [...Object.values(parts).flat(), ...(balancer ? [balancer] : [])].filter((instance) => !instance.manual);
  for (const instance of all) {
    const index = started.indexOf(instance.proc);
    supervise(index, instance.proc, { firstDelayMs: settings.RESTART_DELAY_MS, readyUrl: instance.readyUrl, onRestart: (pid) => recordPid(state, instance.name, pid) });
  }
  say(
    `the site is up at ${url}${
      balanced || Object.values(counts).some((n) => n > 1)
        ? ` (${Object.entries(counts)
            .map(([name, n]) => `${n} ${name}`)
            .join(', ')})`
        : ''
    } (Ctrl-C stops everything)`,
  );
}

/** TRUST_PROXY for gateways behind the local load balancer: one more proxy, on loopback. */
function trustBehindBalancer(setting) {
  const value = (setting ?? '').trim().toLowerCase();
  if (value === '' || value === 'none' || value === 'false') return 'loopback';
  if (/^\d{1,2}$/.test(value)) return String(Math.min(10, Number(value) + 1));
  return `${value},loopback`;
}

/** The new pid of a restarted instance (and of its part, when it is the first), for the tools that read the state file. */
function recordPid(state, name, pid) {
  for (const part of [...Object.values(state.services), state.gateway, state.renderer]) {
    const instance = part.instances.find((i) => i.name === name);
    if (!instance) continue;
    instance.pid = pid;
    if (part.instances[0] === instance) part.pid = pid;
  }
  if (name === 'load-balancer' && state.loadBalancer) state.loadBalancer.pid = pid;
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
