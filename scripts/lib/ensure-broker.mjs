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
 * installed, else explains how to start one. A broker that accepts connections but does not answer
 * AMQP may be starting (recovering its queues takes a while): it is given `waitMs` to answer. After
 * that, with `restartStuck` (npm test, once before every runner: a CI run once waited on a stuck
 * broker until its time was up), a local one is restarted, saying so; otherwise this fails and says
 * why. Nothing that runs beside others (a test's npm start, a bench) restarts the shared broker.
 */
export async function ensureBroker(amqpUrl, { restartStuck = false, waitMs = 120_000 } = {}) {
  const url = new URL(amqpUrl);
  const host = url.hostname;
  const port = Number(url.port || (url.protocol === 'amqps:' ? 5671 : 5672));
  const local = installedLocally(host);
  const answers = () => answersAmqp(amqpUrl, 10_000);
  if (await canConnect(port, host)) {
    if (await answers()) return;
    say(`RabbitMQ at ${host}:${port} accepts connections but does not answer AMQP yet; waiting up to ${Math.round(waitMs / 1000)} s…`);
    const answered = await waitFor(answers, { timeoutMs: waitMs, intervalMs: 2_000, what: 'RabbitMQ (AMQP)' }).then(
      () => true,
      () => false,
    );
    if (answered) return;
    if (!local || !restartStuck) throw new Error(`RabbitMQ at ${host}:${port} accepts connections but does not answer AMQP; restart it or set AMQP_URL to a broker that answers.`);
    say('RabbitMQ still does not answer AMQP: restarting it…');
    spawnSync('rabbitmqctl', ['shutdown'], { stdio: 'ignore', timeout: 120_000 });
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
  await waitFor(() => canConnect(port, host), { timeoutMs: 120_000, intervalMs: 500, what: 'RabbitMQ' });
  await waitFor(answers, { timeoutMs: 180_000, intervalMs: 2_000, what: 'RabbitMQ (AMQP)' });
  say('RabbitMQ is up');
}
