import type { ConfirmChannel, ConsumeMessage } from 'amqplib';
import { AppError } from './errors';
import { ATTEMPT_HEADER, settleMessage, type BrokerConnection } from './broker-connection';

/** A job handler; throwing sends the job to a retry queue, and past the last retry to the dead-letter queue. */
export type JobHandler = (job: unknown, info: { attempt: number }) => Promise<void>;

interface WorkConsumer {
  name: string;
  handler: JobHandler;
  prefetch: number;
  retryDelaysMs: number[];
}

/**
 * Durable work queues for jobs (website checks): jobs are sent persistent and confirmed, and taken
 * by workers each on a channel of its own, with retries through delay queues and a dead-letter
 * queue; workers are restored after every reconnect.
 */
export class WorkQueues {
  private readonly workConsumers: WorkConsumer[] = [];
  /** Jobs each work queue's workers finished (acked), since start. */
  readonly handled = new Map<string, number>();

  constructor(private readonly link: BrokerConnection) {
    link.onOpen(async () => {
      for (const worker of this.workConsumers) await this.consumeWork(worker);
    });
  }

  /** The queue names of a work queue: the queue, its dead letters, and one delay queue per retry. */
  workQueueNames(name: string, retries = 0): { queue: string; dead: string; retry: string[] } {
    const queue = `${this.link.options.prefix}.${name}`;
    return { queue, dead: `${queue}.dead`, retry: Array.from({ length: retries }, (_, i) => `${queue}.retry-${i + 1}`) };
  }

  /**
   * Declares a work queue with its dead-letter queue and delay queues, quorum queues all: a job
   * that fails waits in `retry-n` (its delay as the queue's TTL) and then dead-letters back to the queue.
   */
  private async assertWorkQueue(channel: ConfirmChannel, name: string, retryDelaysMs: number[]): Promise<string> {
    const names = this.workQueueNames(name, retryDelaysMs.length);
    await this.link.assertSharedQueue(channel, names.dead);
    await this.link.assertSharedQueue(channel, names.queue, { 'x-dead-letter-exchange': '', 'x-dead-letter-routing-key': names.dead });
    for (const [i, retry] of names.retry.entries()) {
      await this.link.assertSharedQueue(channel, retry, { 'x-message-ttl': retryDelaysMs[i], 'x-dead-letter-exchange': '', 'x-dead-letter-routing-key': names.queue });
    }
    this.link.declared(names.dead, names.queue, ...names.retry);
    return names.queue;
  }

  /**
   * Puts jobs on a work queue (persistent, confirmed by the broker before this resolves). The
   * queue is declared first, so jobs sent before any worker starts wait for it.
   */
  async sendJobs(name: string, jobs: unknown[], options: { retryDelaysMs?: number[] } = {}): Promise<void> {
    const channel = this.link.channel;
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

  /** How many jobs wait in a work queue (not counting the ones being worked on). */
  async workQueueDepth(name: string): Promise<number> {
    const channel = this.link.channel;
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
    if (this.link.connection) await this.consumeWork(worker);
  }

  private async consumeWork(worker: WorkConsumer): Promise<void> {
    const connection = this.link.connection;
    if (!connection) return;
    const channel = await connection.createConfirmChannel();
    channel.on('error', (err: Error) => this.link.options.logger.warn({ err }, 'broker work channel error'));
    const queue = await this.assertWorkQueue(channel, worker.name, worker.retryDelaysMs);
    const names = this.workQueueNames(worker.name, worker.retryDelaysMs.length);
    await channel.prefetch(worker.prefetch);
    await channel.consume(queue, (message) => {
      if (message) void this.work(channel, worker, names, message);
    });
  }

  private async work(channel: ConfirmChannel, worker: WorkConsumer, names: { retry: string[] }, message: ConsumeMessage): Promise<void> {
    this.link.inProgress += 1;
    try {
      await this.workOn(channel, worker, names, message);
    } finally {
      this.link.inProgress -= 1;
    }
  }

  private async workOn(channel: ConfirmChannel, worker: WorkConsumer, names: { retry: string[] }, message: ConsumeMessage): Promise<void> {
    const log = this.link.options.logger;
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
      this.handled.set(worker.name, (this.handled.get(worker.name) ?? 0) + 1);
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
}
