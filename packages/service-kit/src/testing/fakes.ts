/**
 * Stand-ins for the domain's unit tests, which need no database and no broker: nothing here
 * connects to anything (the rest of `@mealprep/service-kit/testing` starts real ones).
 */
import { randomUUID } from 'node:crypto';
import type { EventEnvelope, EventPayloadInput, EventType } from '@mealprep/contracts';
import type { DomainEvents } from '../outbox';

/** Events made by a service's domain, and those its writes carried (what the outbox would send). */
export function fakeDomainEvents(source: string) {
  const written: EventEnvelope[] = [];
  let relays = 0;
  const events: DomainEvents = {
    event<T extends EventType>(type: T, payload: EventPayloadInput<T>): EventEnvelope {
      return { id: randomUUID(), type, occurredAt: new Date().toISOString(), source, payload };
    },
    async relay() {
      relays += 1;
    },
  };
  return {
    events,
    written,
    get relays() {
      return relays;
    },
    /** The types of the events written, in order. */
    types: () => written.map((e) => e.type),
  };
}
