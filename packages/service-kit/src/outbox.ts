import { EventEnvelopeSchema, EventPayloadSchemas, isEventType, type EventEnvelope, type EventPayload, type EventType } from '@mealprep/contracts';
import { Types, type Connection } from 'mongoose';
import type { Logger } from 'pino';
import type { Broker } from './broker';
import { coalesced } from './coalesce';

interface OutboxEntry {
  _id: Types.ObjectId;
  envelope: EventEnvelope;
  storedAt: Date;
}

export interface OutboxOptions {
  connection: Connection;
  broker: Broker;
  logger: Logger;
  /** The collection the service's outbox lives in. */
  collection?: string;
  /** How long to wait before trying again after a relay failed (the broker's reconnect also triggers one). */
  retryMs?: number;
  /** How many stored events one read takes. */
  batchSize?: number;
}

/**
 * Events that must not be lost. `publish` stores the event in the service's own database right
 * after the change it reports and only then relays it to the broker; the entry is removed once the
 * broker has confirmed it. When the broker is away, entries wait and are relayed, oldest first,
 * as soon as it is back (on reconnect, at start, and every `retryMs` while any wait). An event is
 * relayed at least once: consumers are idempotent by event id.
 */
export class Outbox {
  private readonly retryMs: number;
  private readonly batchSize: number;
  private retryTimer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(private readonly options: OutboxOptions) {
    this.retryMs = options.retryMs ?? 5_000;
    this.batchSize = options.batchSize ?? 50;
    options.broker.onConnectionChange((connected) => {
      if (connected) void this.relay();
    });
  }

  private get entries() {
    return this.options.connection.collection<OutboxEntry>(this.options.collection ?? 'outbox');
  }

  /**
   * Stores the event (the payload is checked against its schema first) and relays what waits.
   * Resolves once the event is stored; a broker that is away does not fail the call.
   */
  async publish<T extends EventType>(type: T, payload: EventPayload<T>): Promise<EventEnvelope> {
    const envelope = this.options.broker.envelope(type, payload);
    await this.entries.insertOne({ _id: new Types.ObjectId(), envelope, storedAt: new Date() });
    await this.relay();
    return envelope;
  }

  /** How many events wait to be relayed. */
  pending(): Promise<number> {
    return this.entries.countDocuments({});
  }

  /**
   * Relays every waiting event in the order stored. One relay runs at a time; a call while one runs
   * waits for it, and it goes round once more so the caller's event is included. Never throws.
   */
  readonly relay = coalesced(async () => {
    if (this.stopped) return;
    if (!(await this.drain())) this.scheduleRetry();
  });

  /** Relays until nothing waits (true), or stops at the first failure (false). */
  private async drain(): Promise<boolean> {
    const log = this.options.logger;
    try {
      for (;;) {
        if (this.stopped) return true;
        const batch = await this.entries.find({}).sort({ _id: 1 }).limit(this.batchSize).toArray();
        if (batch.length === 0) return true;
        if (!this.options.broker.isConnected()) {
          log.warn({ waiting: batch.length }, 'broker away; events wait in the outbox');
          return false;
        }
        for (const entry of batch) {
          const envelope = readEnvelope(entry.envelope);
          if (envelope) await this.options.broker.publishEnvelope(envelope);
          else log.error({ entryId: String(entry._id) }, 'dropped an outbox entry that is not a valid event');
          await this.entries.deleteOne({ _id: entry._id });
        }
      }
    } catch (err) {
      log.warn({ err }, 'outbox relay failed; it will be tried again');
      return false;
    }
  }

  private scheduleRetry(): void {
    if (this.stopped || this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.relay();
    }, this.retryMs);
    this.retryTimer.unref();
  }

  /** Stops relaying (entries stay stored for the next start); waits for a relay under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    await this.relay();
  }
}

/** A stored envelope is checked like any message before it is relayed. */
function readEnvelope(stored: unknown): EventEnvelope | null {
  const parsed = EventEnvelopeSchema.safeParse(stored);
  if (!parsed.success) return null;
  if (!isEventType(parsed.data.type)) return null;
  const payload = EventPayloadSchemas[parsed.data.type].safeParse(parsed.data.payload);
  return payload.success ? { ...parsed.data, payload: payload.data } : null;
}
