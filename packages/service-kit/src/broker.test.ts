import amqp from 'amqplib';
import { inject } from 'vitest';
import type { EventEnvelope } from '@mealprep/contracts';
import { testBroker } from '@mealprep/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe('broker client', () => {
  let mq: Awaited<ReturnType<typeof testBroker>>;
  const received: EventEnvelope[] = [];
  let failOnce = true;
  const attempts: string[] = [];

  beforeAll(async () => {
    mq = await testBroker('kit');
    await mq.broker.subscribe('regions', ['catalog.regions.*'], async (event) => {
      received.push(event);
    });
    await mq.broker.subscribe('flaky', ['catalog.meal-types.*'], async (event) => {
      attempts.push(event.id);
      if (failOnce) {
        failOnce = false;
        throw new Error('temporary');
      }
    });
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

  it('when a malformed message arrives, then it is dropped and later events still flow', async () => {
    const connection = await amqp.connect(inject('amqpUrl'));
    const channel = await connection.createChannel();
    channel.publish(mq.broker.exchange, 'catalog.regions.seeded', Buffer.from('not json'));
    channel.publish(mq.broker.exchange, 'catalog.regions.seeded', Buffer.from(JSON.stringify({ id: 'x' })));
    await channel.close();
    await connection.close();
    await mq.broker.publish('catalog.regions.seeded', { count: 4 });
    await expect.poll(() => received.map((e) => (e.payload as { count: number }).count)).toEqual([3, 4]);
  });

  it('when a handler fails once, then the event is delivered again', async () => {
    const sent = await mq.broker.publish('catalog.meal-types.seeded', { count: 1 });
    await expect.poll(() => attempts).toEqual([sent.id, sent.id]);
  });
});
