import { randomUUID } from 'node:crypto';
import type { ConfirmChannel, ConsumeMessage } from 'amqplib';
import { EventEnvelopeSchema, EventPayloadSchemas, isEventType, type EventEnvelope, type EventPayloadInput, type EventType } from '@mealprep/contracts';
import { AppError } from './errors';
import { ATTEMPT_HEADER, settleMessage, type BrokerConnection } from './broker-connection';

export type EventHandler = (event: EventEnvelope & { payload: unknown }) => Promise<void>;

interface Subscription {
  queue: string;
  patterns: string[];
  handler: EventHandler;
  prefetch: number;
  exclusive: boolean;
  singleActive: boolean;
  /** Called each time the queue starts being consumed (at first, and after every reconnect). */
  onConsume?: () => void;
  /** Waits before a failed event is handled again (durable subscriptions); past the last it is dead-lettered. */
  retryDelaysMs: number[];
}

/** A durable subscription tries a failed event again after these waits, then dead-letters it. */
export const EVENT_RETRY_DELAYS_MS = [1_000, 10_000, 60_000];

/**
 * Domain events on the connection's topic exchange: publishing (each publish confirmed by the
 * broker) and subscriptions, each a queue bound to event patterns, consumed again after every
 * reconnect.
 */
export class BrokerEvents {
  private readonly subscriptions: Subscription[] = [];
  /** Events each subscription queue handled, since start. */
  readonly handled = new Map<string, number>();
  /** Events each subscription queue gave up on (dead-lettered, or dropped by an exclusive one), since start. */
  readonly deadLettered = new Map<string, number>();

  constructor(private readonly link: BrokerConnection) {
    link.onOpen(async () => {
      for (const subscription of this.subscriptions) await this.consume(subscription);
    });
  }

  /** Builds the envelope of a domain event; the payload is checked against its schema (throws when it does not match). */
  envelope<T extends EventType>(type: T, payload: EventPayloadInput<T>): EventEnvelope {
    return {
      id: randomUUID(),
      type,
      occurredAt: new Date().toISOString(),
      source: this.link.options.source,
      payload: EventPayloadSchemas[type].parse(payload),
    };
  }

  /** Publishes a domain event and resolves once the broker has confirmed it. */
  async publish<T extends EventType>(type: T, payload: EventPayloadInput<T>): Promise<EventEnvelope> {
    const envelope = this.envelope(type, payload);
    await this.publishEnvelope(envelope);
    return envelope;
  }

  /** Publishes an envelope built before (an outbox relays stored ones) and resolves once the broker has confirmed it. */
  async publishEnvelope(envelope: EventEnvelope): Promise<void> {
    const channel = this.link.channel;
    if (!channel) throw AppError.unavailable('The message broker is not connected.');
    await new Promise<void>((resolve, reject) => {
      channel.publish(
        this.link.exchange,
        envelope.type,
        Buffer.from(JSON.stringify(envelope)),
        { persistent: true, contentType: 'application/json', messageId: envelope.id, type: envelope.type },
        (err: unknown) => (err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve()),
      );
    });
  }

  /**
   * Binds a queue to event patterns and hands each valid event to the handler; the message is
   * acked after the handler succeeds. On a durable queue a failed event waits in a delay queue and
   * comes back (`retryDelaysMs`), and past the last try, like a message that is not a valid event,
   * it goes to the queue's dead-letter queue (`<queue>.dead`), which /metrics counts. An exclusive
   * queue (a cache of one instance) has it delivered once more, then drops it with a log line.
   */
  async subscribe(
    name: string,
    patterns: string[],
    handler: EventHandler,
    options: {
      prefetch?: number;
      exclusive?: boolean;
      retryDelaysMs?: number[];
      /** One consumer at a time over every instance (RabbitMQ's single active consumer; another takes over when it goes): events handled one after another, site-wide. */ singleActive?: boolean;
      /** Called each time the queue starts being consumed (at first, and after every reconnect): what the handler kept in memory may be stale, another instance may have consumed meanwhile. */
      onConsume?: () => void;
    } = {},
  ): Promise<void> {
    const prefix = this.link.options.prefix;
    const subscription: Subscription = {
      queue: options.exclusive ? `${prefix}.${name}.${randomUUID()}` : `${prefix}.${name}`,
      patterns,
      handler,
      prefetch: options.prefetch ?? 10,
      exclusive: options.exclusive ?? false,
      singleActive: options.singleActive ?? false,
      onConsume: options.onConsume,
      retryDelaysMs: options.exclusive ? [] : (options.retryDelaysMs ?? EVENT_RETRY_DELAYS_MS),
    };
    this.subscriptions.push(subscription);
    if (this.link.channel) await this.consume(subscription);
  }

  private async consume(subscription: Subscription): Promise<void> {
    const channel = this.link.channel;
    if (!channel) return;
    if (subscription.exclusive) {
      // One instance's own (its caches): a classic queue that goes with its connection.
      await channel.assertQueue(subscription.queue, { durable: false, exclusive: true, autoDelete: true });
      this.link.declared(subscription.queue);
    } else {
      // Shared by every instance: quorum queues (replicated on a cluster).
      await this.link.assertSharedQueue(channel, subscription.queue, subscription.singleActive ? { 'x-single-active-consumer': true } : {});
      const names = this.subscriptionQueueNames(subscription);
      await this.link.assertSharedQueue(channel, names.dead);
      for (const [i, retry] of names.retry.entries()) {
        await this.link.assertSharedQueue(channel, retry, { 'x-message-ttl': subscription.retryDelaysMs[i], 'x-dead-letter-exchange': '', 'x-dead-letter-routing-key': subscription.queue });
      }
      this.link.declared(subscription.queue, names.dead, ...names.retry);
    }
    for (const pattern of subscription.patterns) await channel.bindQueue(subscription.queue, this.link.exchange, pattern);
    await channel.prefetch(subscription.prefetch);
    subscription.onConsume?.();
    await channel.consume(subscription.queue, (message) => {
      if (message) void this.deliver(channel, subscription, message);
    });
  }

  private subscriptionQueueNames(subscription: Subscription): { dead: string; retry: string[] } {
    return { dead: `${subscription.queue}.dead`, retry: subscription.retryDelaysMs.map((_, i) => `${subscription.queue}.retry-${i + 1}`) };
  }

  private async deliver(channel: ConfirmChannel, subscription: Subscription, message: ConsumeMessage): Promise<void> {
    this.link.inProgress += 1;
    try {
      await this.handle(channel, subscription, message);
    } finally {
      this.link.inProgress -= 1;
    }
  }

  private async handle(channel: ConfirmChannel, subscription: Subscription, message: ConsumeMessage): Promise<void> {
    const log = this.link.options.logger;
    const settle = (answer: () => void) => settleMessage(answer, log, subscription.queue);
    let envelope: EventEnvelope;
    try {
      envelope = EventEnvelopeSchema.parse(JSON.parse(message.content.toString('utf8')));
      if (isEventType(envelope.type)) envelope.payload = EventPayloadSchemas[envelope.type].parse(envelope.payload);
    } catch (err) {
      log.warn({ err, queue: subscription.queue }, 'a message that is not a valid event; dead-lettered');
      await this.giveUp(channel, subscription, message, settle);
      return;
    }
    try {
      await subscription.handler(envelope);
      settle(() => channel.ack(message));
      const name = this.link.stableName(subscription.queue);
      this.handled.set(name, (this.handled.get(name) ?? 0) + 1);
    } catch (err) {
      const attempt = Number(message.properties.headers?.[ATTEMPT_HEADER] ?? 1) || 1;
      if (subscription.exclusive && !message.fields.redelivered) {
        log.warn({ err, eventId: envelope.id, type: envelope.type }, 'event handler failed; delivered once more');
        return settle(() => channel.nack(message, false, true));
      }
      const retry = subscription.exclusive ? undefined : this.subscriptionQueueNames(subscription).retry[attempt - 1];
      if (!retry) {
        log.error({ err, eventId: envelope.id, type: envelope.type, attempt }, 'event handler failed for the last time; dead-lettered');
        return this.giveUp(channel, subscription, message, settle);
      }
      log.warn({ err, eventId: envelope.id, type: envelope.type, attempt }, 'event handler failed; it will be tried again');
      try {
        channel.sendToQueue(retry, message.content, { ...message.properties, persistent: true, headers: { ...message.properties.headers, [ATTEMPT_HEADER]: attempt + 1 } });
        await channel.waitForConfirms();
        settle(() => channel.ack(message));
      } catch (sendErr) {
        log.warn({ err: sendErr }, 'could not schedule the retry; the event will be delivered again');
      }
    }
  }

  /** Sends a message the subscription gave up on to its dead-letter queue (an exclusive one drops it), counted either way. */
  private async giveUp(channel: ConfirmChannel, subscription: Subscription, message: ConsumeMessage, settle: (answer: () => void) => void): Promise<void> {
    const name = this.link.stableName(subscription.queue);
    this.deadLettered.set(name, (this.deadLettered.get(name) ?? 0) + 1);
    if (subscription.exclusive) return settle(() => channel.nack(message, false, false));
    try {
      channel.sendToQueue(this.subscriptionQueueNames(subscription).dead, message.content, { ...message.properties, persistent: true });
      await channel.waitForConfirms();
      settle(() => channel.ack(message));
    } catch (err) {
      this.link.options.logger.warn({ err }, 'could not dead-letter the event; it will be delivered again');
    }
  }
}
