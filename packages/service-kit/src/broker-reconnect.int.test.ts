import { inject } from 'vitest';
import type { EventEnvelope } from '@mealprep/contracts';
import { destroyTopology, silentLogger, uniqueName } from '@mealprep/service-kit/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { Broker } from './broker';

describe('broker client after a lost connection', () => {
  const broker = new Broker({
    url: inject('amqpUrl'),
    prefix: uniqueName('t.reconnect').toLowerCase(),
    source: 'test',
    logger: silentLogger,
    backoff: { minTimeout: 50, factor: 2, maxTimeout: 500, randomize: true },
  });
  afterAll(async () => {
    await destroyTopology(broker);
    await broker.close();
  });

  it('when the connection drops, then it reconnects with back-off and its subscriptions work again, each told it consumes anew', async () => {
    await broker.connect();
    const changes: boolean[] = [];
    broker.onConnectionChange((connected) => changes.push(connected));
    const received: EventEnvelope[] = [];
    let consumed = 0;
    await broker.subscribe(
      'after-drop',
      ['catalog.#'],
      async (event) => {
        received.push(event);
      },
      { onConsume: () => (consumed += 1) },
    );
    expect(consumed).toBe(1);
    // Cut the socket under the client, as a broker restart or network fault would.
    const internals = broker as unknown as { connection: { connection: { stream: { destroy: (err: Error) => void } } } };
    internals.connection.connection.stream.destroy(new Error('simulated network fault'));
    // The loss and the reconnect, in that order (the reconnect may come within one poll: watched, not polled).
    await expect.poll(() => changes, { timeout: 5_000 }).toEqual([false, true]);
    expect(broker.isConnected()).toBe(true);
    // What a handler keeps in memory may be stale after a reconnect (another instance may have consumed meanwhile).
    await expect.poll(() => consumed).toBe(2);
    await broker.publish('catalog.regions.seeded', { count: 7 });
    await expect.poll(() => received.map((e) => e.payload)).toEqual([{ count: 7 }]);
  });
});
