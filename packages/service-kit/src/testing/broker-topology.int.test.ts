import amqp from 'amqplib';
import { serve, silentLogger, testBroker, TEST_IDENTITY_SECRET } from '@mealprep/service-kit/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createApp } from '../app';
import { brokerRun } from './broker-topology';

/** Whether the broker still has it: a passive check fails (and closes its channel) when it is gone. */
async function exists(connection: amqp.ChannelModel, check: (channel: amqp.Channel) => Promise<unknown>): Promise<boolean> {
  const channel = await connection.createChannel();
  channel.on('error', () => undefined);
  try {
    await check(channel);
    await channel.close();
    return true;
  } catch {
    return false;
  }
}

describe('what a run leaves in a shared RabbitMQ', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('when a service with a subscription and a work queue is up, then its queues are read from its /metrics, and removing the run deletes them and the exchange', async () => {
    const { broker, prefix, destroy } = await testBroker('topology');
    cleanups.push(destroy);
    await broker.subscribe('topology-events', ['thing.#'], async () => undefined);
    await broker.subscribe('topology-own', ['thing.#'], async () => undefined, { exclusive: true });
    await broker.sendJobs('topology-jobs', [{ n: 1 }], { retryDelaysMs: [60_000, 120_000] });
    const http = await serve(createApp({ logger: silentLogger, identitySecret: TEST_IDENTITY_SECRET, readiness: () => ({}), mount: () => undefined, broker }));
    cleanups.push(http.close);

    const run = brokerRun(inject('amqpUrl'), prefix);
    await run.note([http.url, 'http://127.0.0.1:9']);
    const subscription = ['topology-events', 'topology-events.dead', 'topology-events.retry-1', 'topology-events.retry-2', 'topology-events.retry-3'];
    expect([...run.queues].sort()).toEqual([...subscription, 'topology-jobs', 'topology-jobs.dead', 'topology-jobs.retry-1', 'topology-jobs.retry-2', 'topology-own']);

    await broker.close();
    const connection = await amqp.connect(inject('amqpUrl'));
    cleanups.push(() => connection.close());
    const durable = [...subscription, 'topology-jobs', 'topology-jobs.dead', 'topology-jobs.retry-1', 'topology-jobs.retry-2'];
    // Durable queues outlive the service that declared them (one holds a job): what a run leaves behind.
    for (const queue of durable) expect(await exists(connection, (c) => c.checkQueue(`${prefix}.${queue}`)), queue).toBe(true);
    expect(await exists(connection, (c) => c.checkExchange(`${prefix}.events`))).toBe(true);

    await run.remove();
    for (const queue of durable) expect(await exists(connection, (c) => c.checkQueue(`${prefix}.${queue}`)), queue).toBe(false);
    expect(await exists(connection, (c) => c.checkExchange(`${prefix}.events`))).toBe(false);
  });
});
