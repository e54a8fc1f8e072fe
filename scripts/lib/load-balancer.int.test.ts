import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM helper without types
import { balancerSettings, DEFAULT_LIMITS, HAPROXY, haproxyConfig, writeHaproxyConfig } from './load-balancer.mjs';
// @ts-expect-error plain ESM helper without types
import { freePort, waitFor } from './net.mjs';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

type Limits = { maxConnections: number; connectionsPerClient: number; newConnectionsPerClient10s: number; requestsPerClient10s: number; requestTimeoutMs: number };
type Answer = { status: number; body: string; headers: http.IncomingHttpHeaders; ms: number; clientPort: number };

/** Clients on this machine's loopback, each its own source address (the balancer limits by address). */
const FLOODER = '127.0.0.2';
const VISITOR = '127.0.0.3';
const PAGE = '<h1>Meal prep near you</h1>';

/** A stand-in for a gateway: /healthz, and a page that says which X-Forwarded-For it was given. */
async function standInGateway(): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    if (req.url === '/healthz') {
      res.end('ok');
      return;
    }
    res.setHeader('content-type', 'text/html');
    res.setHeader('x-seen-forwarded-for', String(req.headers['x-forwarded-for'] ?? ''));
    res.end(PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

/** One GET from the given source address on a connection of its own (or the agent's), bounded in time. */
function get(port: number, from: string, urlPath: string, options: { headers?: Record<string, string>; agent?: http.Agent; timeoutMs?: number } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let clientPort = 0;
    const req = http.get({ host: '127.0.0.1', port, path: urlPath, localAddress: from, headers: options.headers, agent: options.agent ?? false, timeout: options.timeoutMs ?? 5_000 }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body, headers: res.headers, ms: performance.now() - started, clientPort }));
      res.on('error', reject);
    });
    req.on('socket', (socket: net.Socket) => {
      const note = () => (clientPort = socket.localPort ?? clientPort);
      if (socket.localPort) note();
      else socket.once('connect', note);
    });
    req.on('timeout', () => req.destroy(new Error(`no answer to GET ${urlPath} from ${from} within ${options.timeoutMs ?? 5_000} ms`)));
    req.on('error', reject);
  });
}

/** `count` connections from `from` that send nothing: resolved once each is connected (or already closed). */
async function idleSockets(port: number, from: string, count: number) {
  const sockets = Array.from({ length: count }, () => net.connect({ host: '127.0.0.1', port, localAddress: from }));
  let closed = 0;
  await Promise.all(
    sockets.map(
      (socket) =>
        new Promise<void>((resolve) => {
          socket.on('error', () => undefined);
          socket.once('close', () => {
            closed += 1;
            resolve();
          });
          socket.once('connect', () => resolve());
        }),
    ),
  );
  return {
    ports: sockets.map((socket) => socket.localPort!),
    closed: () => closed,
    stillOpen: () => sockets.filter((socket) => !socket.closed).length,
    destroy: () => sockets.forEach((socket) => socket.destroy()),
  };
}

/** A raw connection from `from` that writes `data` (if any) and then waits for the balancer to close it; what it answered. */
function rawExchange(port: number, from: string, data: string | null): Promise<{ reply: string; clientPort: number }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port, localAddress: from });
    let reply = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (reply += chunk));
    socket.on('error', reject);
    socket.once('connect', () => {
      if (data === null) socket.end();
      else socket.write(data);
    });
    socket.once('close', () => resolve({ reply, clientPort: socket.localPort! }));
    socket.setTimeout(30_000, () => socket.destroy(new Error('the balancer did not close the connection within 30 s')));
  });
}

/**
 * The real balancer (Debian's HAProxy with the config of writeHaproxyConfig) on a free port, in front
 * of two stand-in gateways, in a temp folder of its own; `log` is all HAProxy wrote.
 */
async function startBalancer(limits: Limits) {
  const gateways = [await standInGateway(), await standInGateway()];
  const port: number = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'mealprep-balancer-'));
  const configFile = path.join(dir, 'haproxy.cfg');
  writeHaproxyConfig(configFile, { host: '127.0.0.1', port, gateways: gateways.map((g) => `http://127.0.0.1:${(g.address() as net.AddressInfo).port}`), limits });
  let log = '';
  const proc: ChildProcess = spawn(HAPROXY, ['-db', '-f', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  proc.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  proc.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const stopGateways = async () => {
    for (const gateway of gateways) gateway.closeAllConnections();
    await Promise.all(gateways.map((gateway) => new Promise((resolve) => gateway.close(resolve))));
  };
  const stop = async () => {
    if (proc.exitCode === null && proc.signalCode === null) {
      const exited = new Promise((resolve) => proc.once('exit', resolve));
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    await stopGateways();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitFor(
      async () => {
        if (proc.exitCode !== null) throw new Error(`HAProxy stopped at start:\n${log}`);
        return (await get(port, '127.0.0.1', '/healthz', { timeoutMs: 1_000 }).catch(() => null))?.status === 200;
      },
      { timeoutMs: 10_000, intervalMs: 50, what: 'HAProxy' },
    );
  } catch (err) {
    await stop();
    throw err;
  }
  return { port, log: () => log, stopGateways, stop };
}

describe('the load balancer of several gateways: its limits per client', () => {
  const LIMITS: Limits = { maxConnections: 20, connectionsPerClient: 5, newConnectionsPerClient10s: 30, requestsPerClient10s: 40, requestTimeoutMs: 5_000 };
  let balancer: Awaited<ReturnType<typeof startBalancer>>;
  beforeAll(async () => {
    balancer = await startBalancer(LIMITS);
  });
  afterAll(async () => {
    await balancer?.stop();
  });

  it('when one client holds idle connections, as many as the balancer takes in all, then a new visitor still gets the page at once, and the flooder keeps only its cap: the rest are closed', async () => {
    const flood = await idleSockets(balancer.port, FLOODER, LIMITS.maxConnections);
    try {
      const visit = await get(balancer.port, VISITOR, '/');
      expect(visit.status).toBe(200);
      expect(visit.body).toBe(PAGE);
      expect(visit.ms).toBeLessThan(1_000);
      await expect.poll(() => flood.closed(), { timeout: 2_000, interval: 20 }).toBe(LIMITS.maxConnections - LIMITS.connectionsPerClient);
      // Those it keeps are its own to use, until they send a request or time out.
      expect(flood.stillOpen()).toBe(LIMITS.connectionsPerClient);
      console.log(`flooded with ${LIMITS.maxConnections} idle connections from one client: a new visitor got the page in ${visit.ms.toFixed(1)} ms`);
    } finally {
      flood.destroy();
    }
  });

  it('when a client opens connections or sends requests faster than its rates, then what is past them is refused (closed, or 429 with a message and Retry-After), while another visitor is served', async () => {
    const churner = '127.0.0.4';
    const opened: string[] = [];
    for (let i = 0; i < LIMITS.newConnectionsPerClient10s; i += 1) opened.push(String((await get(balancer.port, churner, '/')).status));
    expect(opened.every((status) => status === '200')).toBe(true);
    await expect(get(balancer.port, churner, '/')).rejects.toThrow(/socket hang up|ECONNRESET|EPIPE/);

    const busy = '127.0.0.5';
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < LIMITS.requestsPerClient10s; i += 1) statuses.push((await get(balancer.port, busy, '/', { agent })).status);
      expect(new Set(statuses)).toEqual(new Set([200]));
      const refused = await get(balancer.port, busy, '/', { agent });
      expect(refused.status).toBe(429);
      expect(refused.headers['retry-after']).toBe('10');
      expect(JSON.parse(refused.body)).toEqual({ error: { code: 'too_many_requests', message: expect.stringMatching(/try again/) } });
    } finally {
      agent.destroy();
    }
    expect((await get(balancer.port, VISITOR, '/')).status).toBe(200);
  });

  it("when this machine's own address (the renderers read the site through the balancer) holds more connections than a client's cap, then it is still served", async () => {
    const held = await idleSockets(balancer.port, '127.0.0.1', LIMITS.connectionsPerClient + 3);
    try {
      expect((await get(balancer.port, '127.0.0.1', '/')).status).toBe(200);
      expect(held.stillOpen()).toBe(LIMITS.connectionsPerClient + 3);
    } finally {
      held.destroy();
    }
  });

  it('when a client sends its own X-Forwarded-For, then the gateway is given the address it connected from, the one the balancer and the gateway both limit by', async () => {
    const answer = await get(balancer.port, VISITOR, '/', { headers: { 'x-forwarded-for': '203.0.113.9', forwarded: 'for=203.0.113.9' } });
    expect(answer.status).toBe(200);
    expect(answer.headers['x-seen-forwarded-for']).toBe(VISITOR);
  });
});

describe("the load balancer's log", () => {
  const LIMITS: Limits = { maxConnections: 50, connectionsPerClient: 3, newConnectionsPerClient10s: 1_000, requestsPerClient10s: 5, requestTimeoutMs: 300 };
  let balancer: Awaited<ReturnType<typeof startBalancer>>;
  beforeAll(async () => {
    balancer = await startBalancer(LIMITS);
  });
  afterAll(async () => {
    await balancer?.stop();
  });

  it(
    'when connections close without a request, a request is left unfinished or is not HTTP, a client passes its limits, and the gateways stop, then HAProxy logs what went wrong with no client address or port',
    { timeout: 60_000 },
    async () => {
      const clientPorts: number[] = [];
      // A browser's unused preconnect: opened, nothing sent, closed.
      clientPorts.push((await rawExchange(balancer.port, FLOODER, null)).clientPort);
      // A request head never finished: closed with a 408 when its time is up.
      const unfinished = await rawExchange(balancer.port, VISITOR, 'GET / HTTP/1.1\r\nHost: site\r\n');
      clientPorts.push(unfinished.clientPort);
      // Not HTTP at all: 400.
      const garbage = await rawExchange(balancer.port, VISITOR, 'HELLO THERE\r\n\r\n');
      clientPorts.push(garbage.clientPort);
      // Past a client's connection cap: closed at once.
      const flood = await idleSockets(balancer.port, FLOODER, LIMITS.connectionsPerClient + 2);
      clientPorts.push(...flood.ports);
      // (Checked after the log, this test's point, so that a balancer without the limits fails there first.)
      await waitFor(async () => flood.closed() >= 2, { timeoutMs: 2_000, intervalMs: 20, what: 'the closing of the connections past the cap' }).catch(() => undefined);
      const refusedConnections = flood.closed();
      flood.destroy();
      // Past a client's request rate: 429 (another client: the flooder's closed connections may not all be counted out yet).
      const statuses: number[] = [];
      for (let i = 0; i <= LIMITS.requestsPerClient10s; i += 1) {
        const answer = await get(balancer.port, '127.0.0.4', '/rate');
        statuses.push(answer.status);
        clientPorts.push(answer.clientPort);
      }
      // Every gateway gone: 503, logged (the marker that everything before it was written).
      await balancer.stopGateways();
      const failed = await get(balancer.port, VISITOR, '/after-the-gateways-stopped');
      clientPorts.push(failed.clientPort);
      expect(failed.status).toBe(503);
      await expect.poll(() => balancer.log(), { timeout: 5_000, interval: 50 }).toContain('GET /after-the-gateways-stopped');

      const log = balancer.log();
      expect(log).not.toMatch(/127\.0\.0\.\d/);
      for (const port of clientPorts) expect(log, `client port ${port}`).not.toMatch(new RegExp(`(?<![\\d(])${port}(?!\\d)`));
      // What went wrong is still there, one line each.
      const lines = log.split('\n');
      expect(lines.filter((line) => /\] site site\/<NOSRV> \S+ 408 .* cR-- .*"<BADREQ>"/.test(line))).toHaveLength(1);
      expect(lines.filter((line) => /\] site site\/<NOSRV> \S+ 400 .*"<BADREQ>"/.test(line))).toHaveLength(1);
      expect(lines.filter((line) => /\] site site\/<NOSRV> \S+ 429 .*"GET \/rate HTTP\/1\.1"/.test(line))).toHaveLength(1);
      expect(lines.filter((line) => /\] site gateways\/\S+ \S+ 503 .*"GET \/after-the-gateways-stopped HTTP\/1\.1"/.test(line))).toHaveLength(1);
      expect(unfinished.reply).toMatch(/^HTTP\/1\.1 408 /);
      expect(garbage.reply).toMatch(/^HTTP\/1\.1 400 /);
      expect(statuses).toEqual([...Array<number>(LIMITS.requestsPerClient10s).fill(200), 429]);
      expect(refusedConnections).toBe(2);
      console.log(`HAProxy's log after ${clientPorts.length} client connections:\n${log.trim()}`);
    },
  );
});

describe("the load balancer's settings", () => {
  it('when nothing is set, then the config HAProxy is given limits every client, keeps room for others, closes a connection that sends no request after 5 s, and logs no client address', () => {
    const config: string = haproxyConfig({ host: '0.0.0.0', port: 8080, gateways: ['http://127.0.0.1:9001', 'http://127.0.0.1:9002'] });
    expect(balancerSettings({})).toEqual({ limits: DEFAULT_LIMITS });
    expect(config).toContain('\n  maxconn 4100\n');
    expect(config).toContain('\n  maxconn 4000\n');
    expect(config).toContain('tcp-request connection track-sc0 src,ipmask(32,64)');
    expect(config).toContain('tcp-request connection reject if !own_machine { sc0_conn_cur gt 100 }');
    expect(config).toContain('tcp-request connection reject if !own_machine { sc0_conn_rate gt 300 }');
    expect(config).toContain('http-request deny deny_status 429 if !own_machine { sc0_http_req_rate gt 1000 }');
    expect(config).toContain('acl own_machine src 127.0.0.1 ::1');
    expect(config).toContain('timeout http-request 5000ms');
    expect(config).toContain('option dontlognull');
    expect(config).toContain('option http-ignore-probes');
    expect(config).toMatch(/\n {2}log-format "/);
    expect(config).toMatch(/\n {2}error-log-format "/);
    expect(config).not.toMatch(/%ci|%cp|option httplog/);
    // HAProxy itself takes it.
    const dir = mkdtempSync(path.join(tmpdir(), 'mealprep-balancer-'));
    try {
      const file = path.join(dir, 'haproxy.cfg');
      writeHaproxyConfig(file, { host: '127.0.0.1', port: 8080, gateways: ['http://127.0.0.1:9001'] });
      const checked = spawnSync(HAPROXY, ['-c', '-f', file], { encoding: 'utf8' });
      expect(checked.status, checked.stderr).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('when another proxy is in front (TRUST_PROXY set), then every visitor arrives from it: no per-client limits, and its X-Forwarded-For is passed on', () => {
    const config: string = haproxyConfig({ host: '0.0.0.0', port: 8080, gateways: ['http://127.0.0.1:9001'], frontProxy: true });
    expect(config).toContain('\n  maxconn 4000\n');
    expect(config).not.toMatch(/track-sc0|sc0_|del-header/);
    expect(config).toContain('option forwardfor');
  });

  it('when a limit is set, then it is used; when it is not a whole number in its range, then there is one line naming it', () => {
    expect(balancerSettings({ BALANCER_MAX_CONNECTIONS_PER_IP: '250', BALANCER_REQUEST_TIMEOUT_MS: ' 8000 ' })).toEqual({
      limits: { ...DEFAULT_LIMITS, connectionsPerClient: 250, requestTimeoutMs: 8_000 },
    });
    expect(balancerSettings({ BALANCER_MAX_CONNECTIONS: '5', BALANCER_REQUESTS_PER_IP_10S: '1e3', BALANCER_CONNECTIONS_PER_IP_10S: '300' })).toEqual({
      errors: [
        'Invalid setting BALANCER_MAX_CONNECTIONS: must be a whole number from 10 to 100000 (got "5")',
        'Invalid setting BALANCER_REQUESTS_PER_IP_10S: must be a whole number from 1 to 10000000 (got "1e3")',
      ],
    });
  });

  it('when npm start is given a bad limit and a bad port, then it stops with one line for each and starts nothing', () => {
    const result = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'start.mjs')], {
      cwd: ROOT,
      env: { ...process.env, PORT: 'abc', BALANCER_MAX_CONNECTIONS_PER_IP: '0' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      'Invalid setting PORT: must be a port number from 0 to 65535 (got "abc")',
      'Invalid setting BALANCER_MAX_CONNECTIONS_PER_IP: must be a whole number from 1 to 100000 (got "0")',
    ]);
    expect(result.stdout).not.toContain('ferretdb:');
  }, 60_000);
});
