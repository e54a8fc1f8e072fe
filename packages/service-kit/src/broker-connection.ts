import amqp, { type ChannelModel, type ConfirmChannel } from 'amqplib';
import type { Logger } from 'pino';
import { retryUntilSuccess, type Backoff } from './retry';

export interface BrokerOptions {
  url: string;
  /** Names exchanges and queues, so runs (and tests) on one broker stay apart. */
  prefix: string;
  /** The publishing service, written into each event. */
  source: string;
  logger: Logger;
  /** Waits between reconnects (the services' DEFAULT_BACKOFF unless set). */
  backoff?: Backoff;
}

/** The header that counts how often a message was tried (events and jobs that go round a retry queue). */
export const ATTEMPT_HEADER = 'x-attempt';

/**
 * Acks or nacks a message. The channel may have closed while the handler ran (shutdown, a lost
 * connection): the broker then redelivers the message by itself, so there is nothing left to do.
 */
export function settleMessage(answer: () => void, log: Logger, queue: string): void {
  try {
    answer();
  } catch (err) {
    log.warn({ err, queue }, 'channel closed before the message was settled; it will be delivered again');
  }
}

/**
 * The connection to RabbitMQ with its confirm channel and the topic exchange: connects (or keeps
 * trying in the background), and after a loss reconnects with back-off, sets up again what was
 * set up on it (onOpen, in order) and then tells the listeners. It keeps the names of the queues
 * declared on it, for /metrics and for the tests' clean-up.
 */
/** AMQP's reply codes for a declaration that does not match the queue there (406) or an exclusive queue of another connection (405). */
const PRECONDITION_FAILED = 406;
const RESOURCE_LOCKED = 405;

export class BrokerConnection {
  private openConnection: ChannelModel | null = null;
  private openChannel: ConfirmChannel | null = null;
  private readonly declaredQueues = new Set<string>();
  /** Shared queues already declared, and on which connection (declared once per connection). */
  private readonly assertedShared = new Map<string, ChannelModel>();
  private readonly restorers: Array<() => Promise<void>> = [];
  private reconnecting = false;
  /** Aborted by close(): ends the reconnect's tries. */
  private readonly stop = new AbortController();
  private closing = false;
  private readonly connectionListeners: Array<(connected: boolean) => void> = [];
  /** Messages (events and jobs) delivered to this client and not yet settled: their handlers run now. */
  inProgress = 0;

  constructor(readonly options: BrokerOptions) {}

  get exchange(): string {
    return `${this.options.prefix}.events`;
  }

  /** amqplib's connection while connected, else null. */
  get connection(): ChannelModel | null {
    return this.openConnection;
  }

  /** The confirm channel events are published and consumed on, while connected, else null. */
  get channel(): ConfirmChannel | null {
    return this.openChannel;
  }

  /** True once close() was called: no reconnect follows. */
  get closed(): boolean {
    return this.closing;
  }

  /** The queues declared on this connection (subscriptions, work, retry and dead-letter queues), with their prefix. */
  get queues(): ReadonlySet<string> {
    return this.declaredQueues;
  }

  /** Remembers queues declared on this connection. */
  declared(...queues: string[]): void {
    for (const queue of queues) this.declaredQueues.add(queue);
  }

  /**
   * Declares a durable queue that every instance shares (a work queue, a subscription, their delay
   * and dead-letter queues) as a quorum queue: replicated over the nodes of a RabbitMQ cluster, and
   * as good on a single node. A queue of the same name declared otherwise by an earlier version
   * (a classic queue) is replaced when it is empty and nobody consumes it; else it is used as it is,
   * with a warning, until a later start finds it drained.
   */
  async assertSharedQueue(channel: ConfirmChannel, name: string, args: Record<string, unknown> = {}): Promise<void> {
    const connection = this.openConnection;
    if (!connection) throw new Error('the broker is not connected');
    if (this.assertedShared.get(name) === connection) return;
    const quorum = { durable: true, arguments: { ...args, 'x-queue-type': 'quorum' } };
    // On a channel of its own: the broker closes the channel of a declaration it refuses.
    const probe = async <T>(work: (c: Awaited<ReturnType<ChannelModel['createChannel']>>) => Promise<T>): Promise<T | 'refused'> => {
      const side = await connection.createChannel();
      side.on('error', () => undefined);
      try {
        const result = await work(side);
        await side.close().catch(() => undefined);
        return result;
      } catch (err) {
        if ((err as { code?: unknown }).code === PRECONDITION_FAILED || (err as { code?: unknown }).code === RESOURCE_LOCKED) return 'refused';
        throw err;
      }
    };
    if ((await probe((c) => c.assertQueue(name, quorum))) === 'refused') {
      const replaced = await probe((c) => c.deleteQueue(name, { ifEmpty: true, ifUnused: true }));
      if (replaced === 'refused') {
        this.options.logger.warn({ queue: name }, 'a queue of an earlier version (not a quorum queue) still holds messages or consumers: used as it is until it is drained');
        await channel.checkQueue(name);
        this.assertedShared.set(name, connection);
        return;
      }
    }
    await channel.assertQueue(name, quorum);
    this.assertedShared.set(name, connection);
  }

  /** Sets something up again after each (re)connect, in the order given, before the listeners hear of it. */
  onOpen(restore: () => Promise<void>): void {
    this.restorers.push(restore);
  }

  /** Called with true once subscriptions are consuming again after each (re)connect, false on loss. */
  onConnectionChange(listener: (connected: boolean) => void): void {
    this.connectionListeners.push(listener);
  }

  isConnected(): boolean {
    return this.openChannel !== null;
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
      this.reconnect();
    }
  }

  private async open(): Promise<void> {
    // noDelay: amqplib leaves Nagle's algorithm on, and a publish whose confirm meets the broker's
    // delayed acknowledgement of a delivery on the same connection waited 40 ms each.
    const connection = await amqp.connect(this.options.url, { timeout: 5_000, noDelay: true });
    try {
      if (this.closing) throw new Error('the broker client was closed');
      const channel = await connection.createConfirmChannel();
      await channel.assertExchange(this.exchange, 'topic', { durable: true });
      connection.on('error', (err: Error) => this.options.logger.warn({ err }, 'broker connection error'));
      connection.on('close', () => this.handleClose());
      channel.on('error', (err: Error) => this.options.logger.warn({ err }, 'broker channel error'));
      this.openConnection = connection;
      this.openChannel = channel;
      for (const restore of this.restorers) await restore();
      this.options.logger.info({ exchange: this.exchange }, 'broker connected');
      for (const listener of this.connectionListeners) listener(true);
    } catch (err) {
      await connection.close().catch(() => undefined);
      throw err;
    }
  }

  private handleClose(): void {
    this.openConnection = null;
    this.openChannel = null;
    for (const listener of this.connectionListeners) listener(false);
    if (this.closing) return;
    this.options.logger.warn('broker connection closed; reconnecting');
    this.reconnect();
  }

  /** Opens the connection again, with back-off between the tries, until it opens or close() is called. */
  private reconnect(): void {
    if (this.closing || this.reconnecting) return;
    this.reconnecting = true;
    retryUntilSuccess(() => this.open(), {
      backoff: this.options.backoff,
      signal: this.stop.signal,
      onFailedAttempt: (err, attempt) => this.options.logger.warn({ err, attempt }, 'broker reconnect failed'),
    })
      .catch(() => undefined)
      .finally(() => {
        this.reconnecting = false;
      });
  }

  /** A queue's name without the prefix and the random part of an exclusive queue. */
  stableName(queue: string): string {
    const name = queue.replace(/\.[0-9a-f-]{36}$/, '');
    return name.startsWith(`${this.options.prefix}.`) ? name.slice(this.options.prefix.length + 1) : name;
  }

  /** Messages waiting in every queue this client declared (its subscriptions, work, retry and dead-letter queues). */
  async queueDepths(): Promise<Array<[string, number]>> {
    const connection = this.openConnection;
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

  async close(): Promise<void> {
    this.closing = true;
    this.stop.abort();
    const connection = this.openConnection;
    this.openConnection = null;
    this.openChannel = null;
    await connection?.close().catch(() => undefined);
  }
}
