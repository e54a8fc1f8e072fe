import type { EventEnvelope, EventPayloadInput, EventType } from '@mealprep/contracts';
import { BrokerConnection, type BrokerOptions } from './broker-connection';
import { BrokerEvents, type EventHandler } from './events';
import { WorkQueues, type JobHandler } from './work-queues';

/**
 * RabbitMQ client: one topic exchange for domain events, publisher confirms on every publish,
 * durable work queues for jobs, and reconnect with back-off that restores every subscription and
 * worker. The connection is broker-connection.ts; events (publish, subscribe) are events.ts; jobs
 * are work-queues.ts. The tests' clean-up of what a client declared is in testing/.
 */
export class Broker extends BrokerConnection {
  private readonly events: BrokerEvents;
  private readonly jobs: WorkQueues;
  /** Events each subscription queue handled, since start. */
  readonly handled: Map<string, number>;
  /** Events each subscription queue gave up on (dead-lettered, or dropped by an exclusive one), since start. */
  readonly deadLettered: Map<string, number>;
  /** Jobs each work queue's workers finished, since start. */
  readonly jobsHandled: Map<string, number>;

  constructor(options: BrokerOptions) {
    super(options);
    // Restored in this order after a reconnect: subscriptions, then workers.
    this.events = new BrokerEvents(this);
    this.jobs = new WorkQueues(this);
    this.handled = this.events.handled;
    this.deadLettered = this.events.deadLettered;
    this.jobsHandled = this.jobs.handled;
  }

  /** See BrokerEvents.envelope. */
  envelope<T extends EventType>(type: T, payload: EventPayloadInput<T>): EventEnvelope {
    return this.events.envelope(type, payload);
  }

  /** See BrokerEvents.publish. */
  publish<T extends EventType>(type: T, payload: EventPayloadInput<T>): Promise<EventEnvelope> {
    return this.events.publish(type, payload);
  }

  /** See BrokerEvents.publishEnvelope. */
  publishEnvelope(envelope: EventEnvelope): Promise<void> {
    return this.events.publishEnvelope(envelope);
  }

  /** See BrokerEvents.subscribe. */
  subscribe(name: string, patterns: string[], handler: EventHandler, options?: Parameters<BrokerEvents['subscribe']>[3]): Promise<void> {
    return this.events.subscribe(name, patterns, handler, options);
  }

  /** See WorkQueues.workQueueNames. */
  workQueueNames(name: string, retries?: number): { queue: string; dead: string; retry: string[] } {
    return this.jobs.workQueueNames(name, retries);
  }

  /** See WorkQueues.sendJobs. */
  sendJobs(name: string, jobs: unknown[], options?: { retryDelaysMs?: number[] }): Promise<void> {
    return this.jobs.sendJobs(name, jobs, options);
  }

  /** See WorkQueues.workQueueDepth. */
  workQueueDepth(name: string): Promise<number> {
    return this.jobs.workQueueDepth(name);
  }

  /** See WorkQueues.consumeJobs. */
  consumeJobs(name: string, handler: JobHandler, options?: { prefetch?: number; retryDelaysMs?: number[] }): Promise<void> {
    return this.jobs.consumeJobs(name, handler, options);
  }
}
