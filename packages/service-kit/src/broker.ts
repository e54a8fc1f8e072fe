import { randomUUID } from 'node:crypto';
import amqp, { type ChannelModel, type ConfirmChannel, type ConsumeMessage } from 'amqplib';
import {
  EventEnvelopeSchema,
  EventPayloadSchemas,
  isEventType,
  type EventEnvelope,
  type EventPayloadInput,
  type EventType,
} from '@mealprep/contracts';
import type { Logger } from 'pino';
import { AppError } from './errors';
import { backoffDelay, DEFAULT_BACKOFF, type BackoffOptions } from './backoff';

export type EventHandler = (event: EventEnvelope & { payload: unknown }) => Promise<void>;

interface Subscription {
  queue: string;
  patterns: string[];
  handler: EventHandler;
  prefetch: number;
  exclusive: boolean;
  /** Waits before a failed event is handled again (durable subscriptions); past the last it is dead-lettered. */
  retryDelaysMs: number[];
}

/** A durable subscription tries a failed event again after these waits, then dead-letters it. */
export const EVENT_RETRY_DELAYS_MS = [1_000, 10_000, 60_000];

/** A job handler; throwing sends the job to a retry queue, and past the last retry to the dead-letter queue. */
export type JobHandler = (job: unknown, info: { attempt: number }) => Promise<void>;

interface WorkConsumer {
  name: string;
  handler: JobHandler;
  prefetch: number;
  retryDelaysMs: number[];
}

const ATTEMPT_HEADER = 'x-attempt';

/**
 * Acks or nacks a message. The channel may have closed while the handler ran (shutdown, a lost
 * connection): the broker then redelivers the message by itself, so there is nothing left to do.
 */
function settleMessage(answer: () => void, log: Logger, queue: string): void {
  try {
    answer();
  } catch (err) {
    log.warn({ err, queue }, 'channel closed before the message was settled; it will be delivered again');
  }
}

export interface BrokerOptions {
  url: string;
  /** Names exchanges and queues, so runs (and tests) on one broker stay apart. */
  prefix: string;
  /** The publishing service, written into each event. */
  source: string;
  logger: Logger;
  backoff?: BackoffOptions;
}

/**
 * RabbitMQ client: one topic exchange for domain events, publisher confirms on every publish,
 * and reconnect with back-off that restores every subscription.
 */
export class Broker {
  private connection: ChannelModel | null = null;
  private channel: ConfirmChannel | null = null;
  private readonly subscriptions: Subscription[] = [];
  private readonly workConsumers: WorkConsumer[] = [];
  private readonly workChannels: ConfirmChannel[] = [];
  private readonly declaredQueues = new Set<string>();
  /** Events each subscription queue handled, since start. */
  readonly handled = new Map<string, number>();
  /** Events each subscription queue gave up on (dead-lettered, or dropped by an exclusive one), since start. */
  readonly deadLettered = new Map<string, number>();
  private reconnectTimer: NodeJS.Timeout | null = null;
  private attempt = 0;
  private closing = false;
  private readonly connectionListeners: Array<(connected: boolean) => void> = [];

  constructor(private readonly options: BrokerOptions) {}

  get exchange(): string {
    return `${this.options.prefix}.events`;
  }

  /** Called with true once subscriptions are consuming again after each (re)connect, false on loss. */
  onConnectionChange(listener: (connected: boolean) => void): void {
    this.connectionListeners.push(listener);
  }

  isConnected(): boolean {
    return this.channel !== null;
  }

  /** Connects once; on failure it throws, so a service does not start without its broker. */
  async connect(): Promise<void> {
    await this.open();
  }

  /**
   * Connects when it can: a first failure is logged and retried with back-off instead of thrown,
   * for clients (the gateway) that work without the broker and catch up when it comes.
   */
  async connectInBackground(): Promise<void> {
    try {
      await this.open();
    } catch (err) {
      this.options.logger.warn({ err }, 'broker not reachable yet; retrying in the background');
      this.scheduleReconnect();
    }
  }

  private async open(): Promise<void> {
    // noDelay: amqplib leaves Nagle's algorithm on, and a publish whose confirm meets the broker's
    // delayed acknowledgement of a delivery on the same connection waited 40 ms each.
    const connection = await amqp.connect(this.options.url, { timeout: 5_000, noDelay: true });
    try {
      const channel = await connection.createConfirmChannel();
      await channel.assertExchange(this.exchange, 'topic', { durable: true });
      connection.on('error', (err: Error) => this.options.logger.warn({ err }, 'broker connection error'));
      connection.on('close', () => this.handleClose());
      channel.on('error', (err: Error) => this.options.logger.warn({ err }, 'broker channel error'));
      this.connection = connection;
      this.channel = channel;
      for (const subscription of this.subscriptions) await this.consume(subscription);
      for (const worker of this.workConsumers) await this.consumeWork(worker);
      this.attempt = 0;
      this.options.logger.info({ exchange: this.exchange }, 'broker connected');
      for (const listener of this.connectionListeners) listener(true);
    } catch (err) {
      await connection.close().catch(() => undefined);
      throw err;
    }
  }

  private handleClose(): void {
    this.connection = null;
    this.channel = null;
    this.workChannels.length = 0;
    for (const listener of this.connectionListeners) listener(false);
    if (this.closing) return;
    this.options.logger.warn('broker connection closed; reconnecting');
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closing || this.reconnectTimer) return;
    const delay = backoffDelay(this.attempt++, this.options.backoff ?? DEFAULT_BACKOFF);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.open().catch((err: unknown) => {
        this.options.logger.warn({ err, delay }, 'broker reconnect failed');
        this.scheduleReconnect();
      });
    }, delay);
    this.reconnectTimer.unref();
  }

  /** Builds the envelope of a domain event; the payload is checked against its schema (throws when it does not match). */
  envelope<T extends EventType>(type: T, payload: EventPayloadInput<T>): EventEnvelope {
    return {
      id: randomUUID(),
      type,
      occurredAt: new Date().toISOString(),
      source: this.options.source,
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
    const channel = this.channel;
    if (!channel) throw AppError.unavailable('The message broker is not connected.');
    await new Promise<void>((resolve, reject) => {
      channel.publish(
        this.exchange,
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
    options: { prefetch?: number; exclusive?: boolean; retryDelaysMs?: number[] } = {},
  ): Promise<void> {
    const subscription: Subscription = {
      queue: options.exclusive ? `${this.options.prefix}.${name}.${randomUUID()}` : `${this.options.prefix}.${name}`,
      patterns,
      handler,
      prefetch: options.prefetch ?? 10,
      exclusive: options.exclusive ?? false,
      retryDelaysMs: options.exclusive ? [] : (options.retryDelaysMs ?? EVENT_RETRY_DELAYS_MS),
    };
    this.subscriptions.push(subscription);
    if (this.channel) await this.consume(subscription);
  }

  private async consume(subscription: Subscription): Promise<void> {
    const channel = this.channel;
    if (!channel) return;
    await channel.assertQueue(subscription.queue, {
      durable: !subscription.exclusive,
      exclusive: subscription.exclusive,
      autoDelete: subscription.exclusive,
    });
    this.declaredQueues.add(subscription.queue);
    if (!subscription.exclusive) {
      const names = this.subscriptionQueueNames(subscription);
      await channel.assertQueue(names.dead, { durable: true });
      for (const [i, retry] of names.retry.entries()) {
        await channel.assertQueue(retry, { durable: true, arguments: { 'x-message-ttl': subscription.retryDelaysMs[i], 'x-dead-letter-exchange': '', 'x-dead-letter-routing-key': subscription.queue } });
      }
      for (const queue of [names.dead, ...names.retry]) this.declaredQueues.add(queue);
    }
    for (const pattern of subscription.patterns) await channel.bindQueue(subscription.queue, this.exchange, pattern);
    await channel.prefetch(subscription.prefetch);
    await channel.consume(subscription.queue, (message) => {
      if (message) void this.deliver(channel, subscription, message);
    });
  }

  private subscriptionQueueNames(subscription: Subscription): { dead: string; retry: string[] } {
    return { dead: `${subscription.queue}.dead`, retry: subscription.retryDelaysMs.map((_, i) => `${subscription.queue}.retry-${i + 1}`) };
  }

  private async deliver(channel: ConfirmChannel, subscription: Subscription, message: ConsumeMessage): Promise<void> {
    const log = this.options.logger;
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
      const name = this.stableName(subscription.queue);
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
    const name = this.stableName(subscription.queue);
    this.deadLettered.set(name, (this.deadLettered.get(name) ?? 0) + 1);
    if (subscription.exclusive) return settle(() => channel.nack(message, false, false));
    try {
      channel.sendToQueue(this.subscriptionQueueNames(subscription).dead, message.content, { ...message.properties, persistent: true });
      await channel.waitForConfirms();
      settle(() => channel.ack(message));
    } catch (err) {
      this.options.logger.warn({ err }, 'could not dead-letter the event; it will be delivered again');
    }
  }

  /** A queue's name without the prefix and the random part of an exclusive queue. */
  private stableName(queue: string): string {
    const name = queue.replace(/\.[0-9a-f-]{36}$/, '');
    return name.startsWith(`${this.options.prefix}.`) ? name.slice(this.options.prefix.length + 1) : name;
  }

  /** The queue names of a work queue: the queue, its dead letters, and one delay queue per retry. */
  workQueueNames(name: string, retries = 0): { queue: string; dead: string; retry: string[] } {
    const queue = `${this.options.prefix}.${name}`;
    return { queue, dead: `${queue}.dead`, retry: Array.from({ length: retries }, (_, i) => `${queue}.retry-${i + 1}`) };
  }

  /**
   * Declares a durable work queue with its dead-letter queue and delay queues: a job that fails
   * waits in `retry-n` (its delay as the queue's TTL) and then dead-letters back to the queue.
   */
  private async assertWorkQueue(channel: ConfirmChannel, name: string, retryDelaysMs: number[]): Promise<string> {
    const names = this.workQueueNames(name, retryDelaysMs.length);
    await channel.assertQueue(names.dead, { durable: true });
    await channel.assertQueue(names.queue, { durable: true, arguments: { 'x-dead-letter-exchange': '', 'x-dead-letter-routing-key': names.dead } });
    for (const [i, retry] of names.retry.entries()) {
      await channel.assertQueue(retry, { durable: true, arguments: { 'x-message-ttl': retryDelaysMs[i], 'x-dead-letter-exchange': '', 'x-dead-letter-routing-key': names.queue } });
    }
    for (const queue of [names.dead, names.queue, ...names.retry]) this.declaredQueues.add(queue);
    return names.queue;
  }

  /**
   * Puts jobs on a work queue (persistent, confirmed by the broker before this resolves). The
   * queue is declared first, so jobs sent before any worker starts wait for it.
   */
  async sendJobs(name: string, jobs: unknown[], options: { retryDelaysMs?: number[] } = {}): Promise<void> {
    const channel = this.channel;
    if (!channel) throw AppError.unavailable('The message broker is not connected.');
    const queue = await this.assertWorkQueue(channel, name, options.retryDelaysMs ?? []);
    for (const job of jobs) {
      const body = Buffer.from(JSON.stringify(job));
      if (!channel.sendToQueue(queue, body, { persistent: true, contentType: 'application/json', headers: { [ATTEMPT_HEADER]: 1 } })) {
        await new Promise((resolve) => channel.once('drain', resolve));
      }
    }
    await channel.waitForConfirms();
  }

  /** Messages waiting in every queue this client declared (its subscriptions, work, retry and dead-letter queues). */
  async queueDepths(): Promise<Array<[string, number]>> {
    const connection = this.connection;
    if (!connection) return [];
    const channel = await connection.createChannel();
    channel.on('error', () => undefined);
    try {
      const depths: Array<[string, number]> = [];
      // An exclusive queue of a subscription is named with a random part: reported by its stable name.
      for (const queue of this.declaredQueues) depths.push([this.stableName(queue), (await channel.checkQueue(queue)).messageCount]);
      return depths;
    } finally {
      await channel.close().catch(() => undefined);
    }
  }

  /** How many jobs wait in a work queue (not counting the ones being worked on). */
  async workQueueDepth(name: string): Promise<number> {
    const channel = this.channel;
    if (!channel) throw AppError.unavailable('The message broker is not connected.');
    return (await channel.checkQueue(this.workQueueNames(name).queue)).messageCount;
  }

  /**
   * Takes jobs from a work queue on a channel of its own, at most `prefetch` at a time; a job is
   * acked after the handler resolves. A failed job goes to the next retry queue, or, past the
   * last, to the dead-letter queue. Restored after every reconnect.
   */
  async consumeJobs(name: string, handler: JobHandler, options: { prefetch?: number; retryDelaysMs?: number[] } = {}): Promise<void> {
    const worker: WorkConsumer = { name, handler, prefetch: options.prefetch ?? 10, retryDelaysMs: options.retryDelaysMs ?? [] };
    this.workConsumers.push(worker);
    if (this.connection) await this.consumeWork(worker);
  }

  private async consumeWork(worker: WorkConsumer): Promise<void> {
    const connection = this.connection;
    if (!connection) return;
    const channel = await connection.createConfirmChannel();
    channel.on('error', (err: Error) => this.options.logger.warn({ err }, 'broker work channel error'));
    this.workChannels.push(channel);
    const queue = await this.assertWorkQueue(channel, worker.name, worker.retryDelaysMs);
    const names = this.workQueueNames(worker.name, worker.retryDelaysMs.length);
    await channel.prefetch(worker.prefetch);
    await channel.consume(queue, (message) => {
      if (message) void this.work(channel, worker, names, message);
    });
  }

  private async work(channel: ConfirmChannel, worker: WorkConsumer, names: { retry: string[] }, message: ConsumeMessage): Promise<void> {
    const log = this.options.logger;
    const settle = (answer: () => void) => settleMessage(answer, log, worker.name);
    const attempt = Number(message.properties.headers?.[ATTEMPT_HEADER] ?? 1) || 1;
    let job: unknown;
    try {
      job = JSON.parse(message.content.toString('utf8'));
    } catch (err) {
      log.warn({ err, queue: worker.name }, 'dead-lettered a job that is not JSON');
      settle(() => channel.nack(message, false, false));
      return;
    }
    try {
      await worker.handler(job, { attempt });
      settle(() => channel.ack(message));
    } catch (err) {
      const retry = names.retry[attempt - 1];
      log.warn({ err, queue: worker.name, attempt, retry: retry ?? null }, retry ? 'job failed; it will be retried' : 'job failed for the last time; dead-lettered');
      if (!retry) return settle(() => channel.nack(message, false, false));
      try {
        channel.sendToQueue(retry, message.content, { persistent: true, contentType: 'application/json', headers: { [ATTEMPT_HEADER]: attempt + 1 } });
        await channel.waitForConfirms();
        settle(() => channel.ack(message));
      } catch (sendErr) {
        log.warn({ err: sendErr }, 'could not schedule the retry; the job will be delivered again');
      }
    }
  }

  /**
   * Removes the exchange and queues this client declared (tests clean up with it). It waits a
   * little for a reconnect in progress, and uses a channel of its own so one failed delete does
   * not stop the others.
   */
  async destroyTopology(): Promise<void> {
    const deadline = Date.now() + 5_000;
    while (!this.connection && !this.closing && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const connection = this.connection;
    if (!connection) return;
    for (const queue of this.declaredQueues) {
      const channel = await connection.createChannel();
      await channel.deleteQueue(queue).catch(() => undefined);
      await channel.close().catch(() => undefined);
    }
    const channel = await connection.createChannel();
    await channel.deleteExchange(this.exchange).catch(() => undefined);
    await channel.close().catch(() => undefined);
  }

  async close(): Promise<void> {
    this.closing = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    const connection = this.connection;
    this.connection = null;
    this.channel = null;
    await connection?.close().catch(() => undefined);
  }
}
