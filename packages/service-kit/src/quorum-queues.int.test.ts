import amqp, { type ChannelModel } from 'amqplib';
import { testBroker } from '@mealprep/service-kit/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

describe('queues shared by the instances of a service are quorum queues', () => {
  let mq: Awaited<ReturnType<typeof testBroker>>;
  let side: ChannelModel;

  /** Whether the broker holds `queue` as a quorum queue: declaring it as a classic one is then refused (406). */
  const isQuorum = async (queue: string) => {
    const channel = await side.createChannel();
    channel.on('error', () => undefined);
    try {
      await channel.assertQueue(queue, { durable: true, arguments: { 'x-queue-type': 'classic' } });
      await channel.close();
      return false;
    } catch (err) {
      return (err as { code?: number }).code === 406;
    }
  };

  beforeAll(async () => {
    mq = await testBroker('quorum');
    side = await amqp.connect(inject('amqpUrl'));
  });
  afterAll(async () => {
    await side?.close();
    await mq?.destroy();
  });

  it('when a service subscribes for every instance, sends jobs or keeps a cache of its own, then the shared queues are quorum queues and its own is not', async () => {
    await mq.broker.subscribe('shared', ['catalog.regions.*'], async () => undefined, { retryDelaysMs: [100] });
    await mq.broker.subscribe('single', ['catalog.meal-types.*'], async () => undefined, { singleActive: true });
    await mq.broker.subscribe('own', ['catalog.#'], async () => undefined, { exclusive: true });
    await mq.broker.sendJobs('work', [{ n: 1 }], { retryDelaysMs: [100] });
    for (const queue of ['shared', 'shared.dead', 'shared.retry-1', 'single', 'work', 'work.dead', 'work.retry-1']) expect(await isQuorum(`${mq.prefix}.${queue}`), queue).toBe(true);
    const own = [...mq.broker.queues].find((q) => q.startsWith(`${mq.prefix}.own.`))!;
    expect(own).toBeDefined();
    // An instance's own queue is exclusive to its connection: nobody else may declare it.
    const channel = await side.createChannel();
    channel.on('error', () => undefined);
    await expect(channel.checkQueue(own)).rejects.toMatchObject({ code: 405 });
  });

  it('when an earlier version left a classic queue of the same name, then an empty one is replaced, and one holding messages is used as it is, its messages delivered', async () => {
    const channel = await side.createChannel();
    await channel.assertQueue(`${mq.prefix}.was-classic`, { durable: true });
    await channel.assertQueue(`${mq.prefix}.still-classic`, { durable: true });
    await channel.bindQueue(`${mq.prefix}.still-classic`, `${mq.prefix}.events`, 'catalog.articles.*');
    const waiting = await mq.broker.publish('catalog.articles.changed', { slugs: ['a-1'] });
    await channel.close();

    await mq.broker.subscribe('was-classic', ['catalog.regions.*'], async () => undefined);
    expect(await isQuorum(`${mq.prefix}.was-classic`)).toBe(true);

    const received: string[] = [];
    await mq.broker.subscribe('still-classic', ['catalog.articles.*'], async (event) => void received.push(event.id));
    expect(await isQuorum(`${mq.prefix}.still-classic`)).toBe(false);
    await expect.poll(() => received).toEqual([waiting.id]);
  });
});
