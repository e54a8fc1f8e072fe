import { spawnSync } from 'node:child_process';
import { say } from './log.mjs';
import { canConnect, waitFor } from './net.mjs';

/**
 * Makes sure RabbitMQ answers at the AMQP URL: if not, starts a local rabbitmq-server when one is
 * installed, else explains how to start one.
 */
export async function ensureBroker(amqpUrl) {
  const url = new URL(amqpUrl);
  const host = url.hostname;
  const port = Number(url.port || (url.protocol === 'amqps:' ? 5671 : 5672));
  if (await canConnect(port, host)) return;
  const local = host === '127.0.0.1' || host === 'localhost' || host === '::1';
  const installed = spawnSync('sh', ['-c', 'command -v rabbitmq-server'], { encoding: 'utf8' }).status === 0;
  if (!local || !installed) {
    throw new Error(
      `RabbitMQ is not reachable at ${host}:${port}. Start one (e.g. "rabbitmq-server -detached", or ` + '"docker run -d -p 5672:5672 rabbitmq:3-management") or set AMQP_URL to a running broker.',
    );
  }
  say('RabbitMQ is not running; starting rabbitmq-server…');
  spawnSync('rabbitmq-server', ['-detached'], { stdio: 'ignore' });
  await waitFor(() => canConnect(port, host), { timeoutMs: 60_000, intervalMs: 500, what: 'RabbitMQ' });
  say('RabbitMQ is up');
}
