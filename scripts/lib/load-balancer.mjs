import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { say } from './log.mjs';
import { run } from './run.mjs';

export const HAPROXY = '/usr/sbin/haproxy';

/** Installs Debian's HAProxy when it is missing (only a site with several gateways needs it). */
export async function ensureHaproxy() {
  if (existsSync(HAPROXY)) return HAPROXY;
  say('installing HAProxy from Debian packages (apt-get install -y haproxy)…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  let code = await run('apt-get', ['install', '-y', '-q', '--no-install-recommends', 'haproxy'], { env });
  if (code !== 0) {
    await run('apt-get', ['update', '-q'], { env });
    code = await run('apt-get', ['install', '-y', '-q', '--no-install-recommends', 'haproxy'], { env });
  }
  if (code !== 0 || !existsSync(HAPROXY)) throw new Error('could not install HAProxy: run "apt-get install -y haproxy" as root, or start one gateway (INSTANCES=1)');
  return HAPROXY;
}

/**
 * The balancer's limits, each an environment variable read by `npm start` (balancerSettings). The
 * defaults are far above what a visitor's browser does (about 6 connections to a site, a few dozen
 * requests for a page), and above the gateway's own cap on live streams from one address
 * (LIVE_MAX_PER_IP, 20), so that cap answers first with its own message.
 */
export const BALANCER_SETTINGS = {
  /** Connections the balancer holds at once, from every visitor together. */
  BALANCER_MAX_CONNECTIONS: { default: 4_000, min: 10, max: 100_000 },
  /** Connections one client address (an IPv6 /64) may hold at once: past it a new one is closed at once. */
  BALANCER_MAX_CONNECTIONS_PER_IP: { default: 100, min: 1, max: 100_000 },
  /** New connections one client address may open in 10 s: past it they are closed at once. */
  BALANCER_CONNECTIONS_PER_IP_10S: { default: 300, min: 1, max: 1_000_000 },
  /** Requests one client address may send in 10 s: past it a 429 with Retry-After. */
  BALANCER_REQUESTS_PER_IP_10S: { default: 1_000, min: 1, max: 10_000_000 },
  /** How long a connection may take to send a whole request head; one that sends none is closed then, unlogged. */
  BALANCER_REQUEST_TIMEOUT_MS: { default: 5_000, min: 100, max: 60_000 },
};

/** The defaults of BALANCER_SETTINGS, as haproxyConfig's `limits`. */
export const DEFAULT_LIMITS = limitsOf(Object.fromEntries(Object.entries(BALANCER_SETTINGS).map(([name, setting]) => [name, setting.default])));

function limitsOf(values) {
  return {
    maxConnections: values.BALANCER_MAX_CONNECTIONS,
    connectionsPerClient: values.BALANCER_MAX_CONNECTIONS_PER_IP,
    newConnectionsPerClient10s: values.BALANCER_CONNECTIONS_PER_IP_10S,
    requestsPerClient10s: values.BALANCER_REQUESTS_PER_IP_10S,
    requestTimeoutMs: values.BALANCER_REQUEST_TIMEOUT_MS,
  };
}

/**
 * The balancer's limits from the environment, checked: `{ limits }`, or `{ errors }` with one line
 * per bad variable in the words of the other settings' ("Invalid setting NAME: … (got "x")").
 */
export function balancerSettings(env = process.env) {
  const values = {};
  const errors = [];
  for (const [name, { default: fallback, min, max }] of Object.entries(BALANCER_SETTINGS)) {
    const text = env[name]?.trim();
    if (text === undefined || text === '') {
      values[name] = fallback;
      continue;
    }
    const value = Number(text);
    if (/^\d+$/.test(text) && value >= min && value <= max) values[name] = value;
    else errors.push(`Invalid setting ${name}: must be a whole number from ${min} to ${max} (got "${env[name]}")`);
  }
  return errors.length ? { errors } : { limits: limitsOf(values) };
}

/**
 * What HAProxy logs of a session: the httplog format without the client's address and port
 * (`%ci:%cp`), which the site keeps nowhere else. Lines start at the date: `[date] site backend/server …`.
 * HAProxy 2.6 writes a request that fails before it is whole (a 400, a 408) with `error-log-format`,
 * whose default line would start with `%ci:%cp` too: both are this.
 */
const LOG_FORMAT = '[%tr] %ft %b/%s %TR/%Tw/%Tc/%Tr/%Ta %ST %B %CC %CS %tsc %ac/%fc/%bc/%sc/%rc %sq/%bq %hr %hs %{+Q}r';

/**
 * HAProxy's configuration for the gateways: the site's address in front, the gateways behind it in
 * turn, each checked on /healthz every second (every half second once a check fails; out after 3
 * failures, back after 2 answers).
 * A request whose connection to a gateway fails is sent to another; a GET or HEAD whose gateway
 * closes before any answer is too, never another method (the gateway may have acted on it). The
 * live streams are long: the client and server timeouts are an hour, the gateway's own limits apply
 * inside. `X-Forwarded-For` carries the visitor's address (the gateways trust it from loopback).
 *
 * Limits (`limits`, see BALANCER_SETTINGS): connections in all, and per client address (an IPv6
 * address counts by its /64) the connections held at once, new connections and requests in 10 s,
 * counted in a stick table kept in memory (an address is forgotten a minute after its last
 * connection). The machine's own addresses (`ownAddresses`: the renderers read the site through the
 * balancer from there) are counted but never limited. With another proxy in front (`frontProxy`:
 * TRUST_PROXY set), every visitor arrives from that proxy's address, so there are no per-client
 * limits here (the proxy in front must keep them) and its X-Forwarded-For is passed on; without one,
 * a client's own X-Forwarded-For (and Forwarded, X-Forwarded-Host, -Proto) is dropped, so the
 * gateways count and sign the same address the balancer limits.
 *
 * Logs: only sessions that went wrong, and no client address or port in any line; a connection
 * that sends nothing (a browser's preconnect) is not logged, nor is one refused for its client's
 * connection limits (HAProxy logs none of those); a request refused for its client's request rate
 * is (429).
 */
export function haproxyConfig({ host, port, gateways, errorFiles = {}, limits = DEFAULT_LIMITS, frontProxy = false, ownAddresses = ['127.0.0.1', '::1'] }) {
  const bind = host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
  const perClient = !frontProxy;
  return [
    'global',
    // Room above the frontend's limit: the process-wide one (which also sizes HAProxy's file limit) is never the one a visitor meets.
    `  maxconn ${limits.maxConnections + 100}`,
    // Sessions that went wrong (a gateway that died, a retry, an error), one line each; not the others.
    '  log stderr format raw local0 info',
    'defaults',
    '  mode http',
    '  log global',
    `  log-format "${LOG_FORMAT}"`,
    `  error-log-format "${LOG_FORMAT}"`,
    '  option dontlog-normal',
    // A connection closed or timed out with nothing sent (a preconnect, a port probe): no line, no 400/408.
    '  option dontlognull',
    '  option http-ignore-probes',
    '  timeout connect 1s',
    // The whole request head, the first one included: a connection that sends none is closed then.
    `  timeout http-request ${limits.requestTimeoutMs}ms`,
    '  timeout http-keep-alive 30s',
    '  timeout client 1h',
    '  timeout server 1h',
    '  timeout queue 5s',
    ...Object.entries(errorFiles).map(([status, file]) => `  errorfile ${status} ${file}`),
    'frontend site',
    `  bind ${bind}`,
    `  maxconn ${limits.maxConnections}`,
    ...(perClient
      ? [
          '  stick-table type ipv6 size 200k expire 60s store conn_cur,conn_rate(10s),http_req_rate(10s)',
          `  acl own_machine src ${ownAddresses.join(' ')}`,
          '  tcp-request connection track-sc0 src,ipmask(32,64)',
          `  tcp-request connection reject if !own_machine { sc0_conn_cur gt ${limits.connectionsPerClient} }`,
          `  tcp-request connection reject if !own_machine { sc0_conn_rate gt ${limits.newConnectionsPerClient10s} }`,
          `  http-request deny deny_status 429 if !own_machine { sc0_http_req_rate gt ${limits.requestsPerClient10s} }`,
          '  http-request del-header X-Forwarded-For',
          '  http-request del-header Forwarded',
          '  http-request del-header X-Forwarded-Host',
          '  http-request del-header X-Forwarded-Proto',
        ]
      : []),
    '  option forwardfor',
    '  default_backend gateways',
    'backend gateways',
    '  balance roundrobin',
    '  option httpchk GET /healthz',
    '  http-check expect status 200',
    // A busy gateway may take a while to answer its check: a slow check is not a dead gateway (a
    // 500 ms limit once took the last one out under load). A dead one refuses connections, which
    // sends each request elsewhere at once (retries, redispatch) before its checks fail.
    '  timeout check 2s',
    '  default-server inter 1s fastinter 500ms downinter 500ms fall 3 rise 2',
    '  retries 2',
    '  option redispatch 1',
    '  retry-on conn-failure empty-response',
    '  http-request disable-l7-retry unless METH_GET',
    ...gateways.map((url, i) => `  server gateway-${i + 1} ${new URL(url).host} check`),
    '',
  ].join('\n');
}

/**
 * When no gateway can answer (every one down, or one closed on a request that is not sent twice),
 * or a client sent more requests than its limit, the answer says so as the gateway's own errors do:
 * JSON, a message, and when to try again (in seconds).
 */
const ERRORS = {
  429: ['Too Many Requests', 'too_many_requests', 'Too many requests from this address. Please wait a few seconds and try again.', 10],
  502: ['Bad Gateway', 'gateway_failed', 'The site could not finish this request. Please try again in a moment.', 1],
  503: ['Service Unavailable', 'site_unavailable', 'The site is unavailable just now. Please try again in a moment.', 1],
  504: ['Gateway Timeout', 'site_timeout', 'The site did not answer in time. Please try again in a moment.', 1],
};

export function writeHaproxyConfig(file, options) {
  const errorFiles = {};
  for (const [status, [reason, code, message, retryAfter]] of Object.entries(ERRORS)) {
    const body = JSON.stringify({ error: { code, message } });
    const errorFile = path.join(path.dirname(file), `haproxy-${status}.http`);
    writeFileSync(
      errorFile,
      [
        `HTTP/1.1 ${status} ${reason}`,
        'content-type: application/json',
        'cache-control: no-store',
        `retry-after: ${retryAfter}`,
        `content-length: ${Buffer.byteLength(body)}`,
        'connection: close',
        '',
        body,
      ].join('\r\n'),
      { mode: 0o600 },
    );
    errorFiles[status] = errorFile;
  }
  writeFileSync(file, haproxyConfig({ ...options, errorFiles }), { mode: 0o600 });
}
