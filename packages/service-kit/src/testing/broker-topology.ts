import amqp from 'amqplib';
import type { BrokerConnection } from '../broker-connection';

const QUEUE_GAUGE = /^broker_queue_messages\{queue="([^"]+)"\}/gm;

/**
 * The queues running services say they declared: the `broker_queue_messages` gauge of each one's
 * `/metrics`, by name under the run's prefix. A service declares its queues before it answers
 * `/readyz`, so reading them once the system is up finds them all; a service that does not answer
 * adds none.
 */
export async function declaredQueues(serviceUrls: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const url of serviceUrls) {
    const answer = await fetch(`${url}/metrics`, { signal: AbortSignal.timeout(5_000) }).catch(() => null);
    if (!answer?.ok) continue;
    for (const [, queue] of (await answer.text()).matchAll(QUEUE_GAUGE)) found.add(queue!);
  }
  return found;
}

/**
 * What a run of the system leaves in a RabbitMQ it shares with others (the machine's own): the
 * durable queues it declared under its prefix, and its events exchange. Each is deleted on a
 * channel of its own, so one that is gone already does not stop the rest.
 */
export interface BrokerRun {
  /** Remembers the queues these services declared (call it once they are up, and again before they stop). */
  note(serviceUrls: readonly string[]): Promise<void>;
  /** Deletes every queue noted and the exchange; call it after the services have stopped. */
  remove(): Promise<void>;
  readonly queues: ReadonlySet<string>;
}

export function brokerRun(amqpUrl: string, prefix: string): BrokerRun {
  const queues = new Set<string>();
  return {
    queues,
    async note(serviceUrls) {
      for (const queue of await declaredQueues(serviceUrls)) queues.add(queue);
    },
    async remove() {
      const connection = await amqp.connect(amqpUrl).catch(() => null);
      if (!connection) return;
      try {
        for (const queue of queues) {
          const channel = await connection.createChannel();
          channel.on('error', () => undefined);
          await channel.deleteQueue(`${prefix}.${queue}`).catch(() => undefined);
          await channel.close().catch(() => undefined);
        }
        const channel = await connection.createChannel();
        channel.on('error', () => undefined);
        await channel.deleteExchange(`${prefix}.events`).catch(() => undefined);
        await channel.close().catch(() => undefined);
      } finally {
        await connection.close().catch(() => undefined);
      }
    },
  };
}

/**
 * Removes the exchange and queues one broker client declared (tests clean up with it). It waits a
 * little for a reconnect in progress, and uses a channel of its own so one failed delete does not
 * stop the others.
 */
export async function destroyTopology(broker: BrokerConnection): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!broker.connection && !broker.closed && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  const connection = broker.connection;
  if (!connection) return;
  for (const queue of broker.queues) {
    const channel = await connection.createChannel();
    await channel.deleteQueue(queue).catch(() => undefined);
    await channel.close().catch(() => undefined);
  }
  const channel = await connection.createChannel();
  await channel.deleteExchange(broker.exchange).catch(() => undefined);
  await channel.close().catch(() => undefined);
}
