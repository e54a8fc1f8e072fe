import amqp from 'amqplib';
import { inject } from 'vitest';
import type { EventEnvelope } from '@mealprep/contracts';
import { testBroker } from '@mealprep/service-kit/testing';
import { serviceMetrics } from './metrics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe('broker client', () => {
  let mq: Awaited<ReturnType<typeof testBroker>>;
  const received: EventEnvelope[] = [];
  let failOnce = true;
  const attempts: string[] = [];
  const hopeless: Array<{ id: string; at: number }> = [];

  beforeAll(async () => {
    mq = await testBroker('kit');
    await mq.broker.subscribe('regions', ['catalog.regions.*'], async (event) => {
      received.push(event);
    });
    await mq.broker.subscribe(
      'flaky',
      ['catalog.meal-types.*'],
      async (event) => {
        attempts.push(event.id);
        if (failOnce) {
          failOnce = false;
          throw new Error('temporary');
        }
      },
      { retryDelaysMs: [100, 300] },
    );
    await mq.broker.subscribe(
      'hopeless',
      ['catalog.articles.changed'],
      async (event) => {
        hopeless.push({ id: event.id, at: Date.now() });
        throw new Error('always');
      },
      { retryDelaysMs: [100, 300] },
    );
  });
  afterAll(() => mq.destroy());

  it('when an event is published, then it is confirmed and reaches subscribers with its envelope', async () => {
    const sent = await mq.broker.publish('catalog.regions.seeded', { count: 3 });
    await expect.poll(() => received.length).toBe(1);
    expect(received[0]).toEqual({ ...sent, payload: { count: 3 } });
    expect(received[0]?.source).toBe('test');
  });

  it('when a payload breaks its schema, then publishing refuses it', async () => {
    await expect(mq.broker.publish('catalog.regions.seeded', { count: -1 })).rejects.toThrow();
  });

  /** Messages waiting in one of this test's queues, read from the broker itself. */
  const waitingIn = async (queue: string) => {
    const connection = await amqp.connect(inject('amqpUrl'));
    try {
      const channel = await connection.createChannel();
      return (await channel.checkQueue(`${mq.prefix}.${queue}`)).messageCount;
    } finally {
      await connection.close();
    }
  };

  it('when a malformed message arrives, then it goes to the dead-letter queue, is counted, and later events still flow', async () => {
    const connection = await amqp.connect(inject('amqpUrl'));
    const channel = await connection.createChannel();
    channel.publish(mq.broker.exchange, 'catalog.regions.seeded', Buffer.from('not json'));
    channel.publish(mq.broker.exchange, 'catalog.regions.seeded', Buffer.from(JSON.stringify({ id: 'x' })));
    await channel.close();
    await connection.close();
    await mq.broker.publish('catalog.regions.seeded', { count: 4 });
    await expect.poll(() => received.map((e) => (e.payload as { count: number }).count)).toEqual([3, 4]);
    // A quorum queue counts a message once its confirm is settled: under a full run's load the count
    // has lagged past 10 s (a fresh run found 1 of 2 then), so it is waited for longer.
    await expect.poll(() => waitingIn('regions.dead'), { timeout: 30_000, interval: 200 }).toBe(2);
    expect(mq.broker.deadLettered.get('regions')).toBe(2);
  });

  it('when a handler fails every time, then the event is tried again after each wait and then dead-lettered, where /metrics counts it', async () => {
    const sent = await mq.broker.publish('catalog.articles.changed', { slugs: ['x'] });
    await expect.poll(() => waitingIn('hopeless.dead'), { timeout: 5_000 }).toBe(1);
    expect(hopeless.map((h) => h.id)).toEqual([sent.id, sent.id, sent.id]);
    expect(hopeless[1]!.at - hopeless[0]!.at).toBeGreaterThanOrEqual(90);
    expect(hopeless[2]!.at - hopeless[1]!.at).toBeGreaterThanOrEqual(290);
    expect(mq.broker.deadLettered.get('hopeless')).toBe(1);
    const { metrics } = serviceMetrics('the test', { broker: mq.broker });
    expect(await metrics.render()).toContain('broker_events_dead_lettered{queue="hopeless"} 1');
  });

  it('when a handler fails once, then the event is delivered again after a wait, and nothing is dead-lettered', async () => {
    const sent = await mq.broker.publish('catalog.meal-types.seeded', { count: 1 });
    await expect.poll(() => attempts).toEqual([sent.id, sent.id]);
    expect(await waitingIn('flaky.dead')).toBe(0);
  });

  it('when an event and a job are being handled, then /metrics counts them in progress, and once done, handled', async () => {
    const { metrics } = serviceMetrics('the test', { broker: mq.broker });
    const sample = async (name: string) => Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(await metrics.render())?.[1]);
    let releaseEvent = () => {};
    let releaseJob = () => {};
    const started: string[] = [];
    await mq.broker.subscribe('held', ['catalog.service.updated'], async () => {
      started.push('event');
      await new Promise<void>((resolve) => (releaseEvent = resolve));
    });
    await mq.broker.consumeJobs('held-jobs', async () => {
      started.push('job');
      await new Promise<void>((resolve) => (releaseJob = resolve));
    });
    expect(await sample('broker_messages_in_progress')).toBe(0);
    await mq.broker.publish('catalog.service.updated', { serviceId: 'x', slug: 'x', status: 'published' });
    await mq.broker.sendJobs('held-jobs', [{ n: 1 }]);
    await expect.poll(() => started.sort()).toEqual(['event', 'job']);
    expect(await sample('broker_messages_in_progress')).toBe(2);
    releaseEvent();
    await expect.poll(() => sample('broker_messages_in_progress')).toBe(1);
    releaseJob();
    await expect.poll(() => sample('broker_messages_in_progress')).toBe(0);
    const text = await metrics.render();
    expect(text).toContain('broker_events_handled{queue="held"} 1');
    expect(text).toContain('broker_jobs_handled{queue="held-jobs"} 1');
  });
});
