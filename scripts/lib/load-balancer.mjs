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
 * HAProxy's configuration for the gateways: the site's address in front, the gateways behind it in
 * turn, each checked on /healthz every half second (out after 2 failures, back after 2 answers).
 * A request whose connection to a gateway fails is sent to another; a GET or HEAD whose gateway
 * closes before any answer is too, never another method (the gateway may have acted on it). The
 * live streams are long: the client and server timeouts are an hour, the gateway's own limits apply
 * inside. `X-Forwarded-For` carries the visitor's address (the gateways trust it from loopback).
 */
export function haproxyConfig({ host, port, gateways, errorFiles = {} }) {
  const bind = host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
  return [
    'global',
    '  maxconn 4000',
    // Sessions that went wrong (a gateway that died, a retry, an error), one line each; not the others.
    '  log stderr format raw local0 info',
    'defaults',
    '  mode http',
    '  log global',
    '  option httplog',
    '  option dontlog-normal',
    '  timeout connect 1s',
    '  timeout http-request 15s',
    '  timeout http-keep-alive 30s',
    '  timeout client 1h',
    '  timeout server 1h',
    '  timeout queue 5s',
    ...Object.entries(errorFiles).map(([status, file]) => `  errorfile ${status} ${file}`),
    'frontend site',
    `  bind ${bind}`,
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
 * the answer says so as the gateway's own errors do: JSON, a message, and when to try again.
 */
const ERRORS = {
  502: ['Bad Gateway', 'gateway_failed', 'The site could not finish this request. Please try again in a moment.'],
  503: ['Service Unavailable', 'site_unavailable', 'The site is unavailable just now. Please try again in a moment.'],
  504: ['Gateway Timeout', 'site_timeout', 'The site did not answer in time. Please try again in a moment.'],
};

export function writeHaproxyConfig(file, options) {
  const errorFiles = {};
  for (const [status, [reason, code, message]] of Object.entries(ERRORS)) {
    const body = JSON.stringify({ error: { code, message } });
    const errorFile = path.join(path.dirname(file), `haproxy-${status}.http`);
    writeFileSync(
      errorFile,
      [`HTTP/1.1 ${status} ${reason}`, 'content-type: application/json', 'cache-control: no-store', 'retry-after: 1', `content-length: ${Buffer.byteLength(body)}`, 'connection: close', '', body].join(
        '\r\n',
      ),
      { mode: 0o600 },
    );
    errorFiles[status] = errorFile;
  }
  writeFileSync(file, haproxyConfig({ ...options, errorFiles }), { mode: 0o600 });
}
