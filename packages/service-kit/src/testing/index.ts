import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { Express } from 'express';
import type { Connection } from 'mongoose';
import { inject } from 'vitest';
import { pino } from 'pino';
import { Broker } from '../broker';
import { connectDatabase } from '../database';
import { signClientAddress } from '../identity';
import { Outbox } from '../outbox';
import { closeServer, listen } from '../service';
import { destroyTopology } from './broker-topology';

export const TEST_IDENTITY_SECRET = 'test-identity-secret-that-is-long-enough-0123456789';

export const silentLogger = pino({ level: 'silent' });

/** The header the gateway adds for a caller at `address` (signed with the tests' secret): how a test calls a service "from" an address. */
export const asClient = (address: string) => signClientAddress(address, TEST_IDENTITY_SECRET);

/** A name no other test or run uses: the run id from global setup plus random bytes. */
export function uniqueName(label: string): string {
  return `${label}-${inject('runId')}-${randomBytes(4).toString('hex')}`;
}

/** A database of the test's own on the real server, dropped afterwards. */
export async function testDatabase(label: string): Promise<{ connection: Connection; drop: () => Promise<void> }> {
  const dbName = uniqueName(`t-${label}`)
    .replace(/[^a-z0-9_-]/gi, '_')
    .slice(0, 60);
  const connection = await connectDatabase(inject('mongodbUri'), dbName, silentLogger);
  return {
    connection,
    drop: async () => {
      await connection.dropDatabase().catch(() => undefined);
      await connection.close();
    },
  };
}

/** A broker client whose exchange and queues carry a prefix of the test's own. */
export async function testBroker(label: string, source = 'test'): Promise<{ broker: Broker; prefix: string; destroy: () => Promise<void> }> {
  const prefix = uniqueName(`t.${label}`).toLowerCase();
  const broker = new Broker({ url: inject('amqpUrl'), prefix, source, logger: silentLogger });
  await broker.connect();
  return {
    broker,
    prefix,
    destroy: async () => {
      await destroyTopology(broker);
      await broker.close();
    },
  };
}

/**
 * The outbox a test's repositories write through: relaying on `broker`, or, without one, on a
 * broker that never connects (for tests that only read, or write nothing they listen for).
 */
export function testOutbox(connection: Connection, broker?: Broker): Outbox {
  const idle = () => new Broker({ url: 'amqp://127.0.0.1:9', prefix: 'idle', source: 'test', logger: silentLogger });
  return new Outbox({ connection, broker: broker ?? idle(), logger: silentLogger });
}

/** Starts an app in-process on a free port. */
export async function serve(app: Express): Promise<{ url: string; server: Server; close: () => Promise<void> }> {
  const { server, url } = await listen(app, 0, '127.0.0.1');
  return { url, server, close: () => closeServer(server) };
}

declare module 'vitest' {
  export interface ProvidedContext {
    mongodbUri: string;
    amqpUrl: string;
    runId: string;
  }
}
export * from './processes';
export * from './broker-topology';
export { testPublishedBrand } from './brand';
