import { spawnSync } from 'node:child_process';
import { say } from './log.mjs';
import { canConnect, waitFor } from './net.mjs';

/** True when the broker completes an AMQP handshake within timeoutMs (a port that accepts is not enough). */
async function answersAmqp(amqpUrl, timeoutMs) {
  const amqp = await import('amqplib');
  try {
    const connection = await amqp.connect(amqpUrl, { timeout: timeoutMs });
    await connection.close();
    return true;
  } catch (err) {
    say(`RabbitMQ did not complete a handshake: ${err instanceof Error ? err.message : String(err)}`);
    return false;
  }
}

function installedLocally(host) {
  const local = host === '127.0.0.1' || host === 'localhost' || host === '::1';
  return local && spawnSync('sh', ['-c', 'command -v rabbitmq-server'], { encoding: 'utf8' }).status === 0;
}

/** rabbitmq-server -detached with as many open files as this shell may give it (the broker refuses sockets past ~90 % of its limit). */
function startLocal() {
  spawnSync('sh', ['-c', 'ulimit -n "$(ulimit -Hn)" 2>/dev/null; rabbitmq-server -detached'], { stdio: 'ignore' });
}

/**
 * Makes sure RabbitMQ answers at the AMQP URL: if not, starts a local rabbitmq-server when one is
 * installed, else explains how to start one. A local broker that accepts connections but no longer
 * answers AMQP (seen once: a broker out of sockets or stuck left every test waiting until the run's
 * time was up) is restarted, saying so; a remote one is reported.
 */
export async function ensureBroker(amqpUrl) {
  const url = new URL(amqpUrl);
  const host = url.hostname;
  const port = Number(url.port || (url.protocol === 'amqps:' ? 5671 : 5672));
  const local = installedLocally(host);
  if (await canConnect(port, host)) {
    if (await answersAmqp(amqpUrl, 15_000)) return;
    if (!local) throw new Error(`RabbitMQ at ${host}:${port} accepts connections but does not answer AMQP; restart it or set AMQP_URL to a broker that answers.`);
    say('RabbitMQ accepts connections but does not answer AMQP: restarting it…');
    spawnSync('rabbitmqctl', ['shutdown'], { stdio: 'ignore', timeout: 60_000 });
    if (await canConnect(port, host)) spawnSync('pkill', ['-KILL', '-f', 'beam.smp.*rabbit'], { stdio: 'ignore' });
    await waitFor(async () => !(await canConnect(port, host)), { timeoutMs: 30_000, intervalMs: 500, what: 'RabbitMQ shutdown' });
  } else if (!local) {
    throw new Error(
      `RabbitMQ is not reachable at ${host}:${port}. Start one (e.g. "rabbitmq-server -detached", or ` + '"docker run -d -p 5672:5672 rabbitmq:3-management") or set AMQP_URL to a running broker.',
    );
  } else {
    say('RabbitMQ is not running; starting rabbitmq-server…');
  }
  startLocal();
  await waitFor(() => canConnect(port, host), { timeoutMs: 90_000, intervalMs: 500, what: 'RabbitMQ' });
  await waitFor(() => answersAmqp(amqpUrl, 10_000), { timeoutMs: 90_000, intervalMs: 1000, what: 'RabbitMQ (AMQP)' });
  say('RabbitMQ is up');
}
