import type { Express } from 'express';
import type { Connection } from 'mongoose';
import { Broker } from './broker';
import { connectDatabase } from './database';
import { instanceHolder } from './lease';
import { createLogger, type Logger } from './logger';
import { Outbox } from './outbox';
import { closeServer, listen, type RunningService } from './service';

export interface BaseSettings {
  NODE_ENV: 'development' | 'test' | 'production';
  LOG_LEVEL: string;
  HOST: string;
  PORT: number;
  MONGODB_URI: string;
  MONGODB_POOL_SIZE?: number;
  AMQP_URL: string;
  AMQP_PREFIX: string;
  IDENTITY_SECRET: string;
}

export interface ServiceDeps<C extends BaseSettings> {
  config: C;
  logger: Logger;
  connection: Connection;
  broker: Broker;
  /** Publishes the service's events through its outbox, so none is lost while the broker is away. */
  outbox: Outbox;
  /** This instance's name among the service's, the same when it is started again in its place (instanceHolder): what it holds leases under. */
  instance: string;
}

/**
 * What every service does at start, in order: logger, its own database, the broker, the outbox's
 * waiting events, its own preparation (indexes, seeding, consumers), then listen. Stopping reverses it.
 */
export async function bootService<C extends BaseSettings>(options: {
  name: string;
  dbName: string;
  config: C;
  prepare?: (deps: ServiceDeps<C>) => Promise<void>;
  createApp: (deps: ServiceDeps<C>) => Express;
  /** Work of its own to finish once it stops taking requests, while the broker and database are still there (what it holds in memory, sent). */
  beforeStop?: () => Promise<void>;
}): Promise<RunningService & { logger: Logger }> {
  const { config } = options;
  const logger = createLogger(options.name, config.LOG_LEVEL);
  const connection = await connectDatabase(config.MONGODB_URI, options.dbName, logger, { maxPoolSize: config.MONGODB_POOL_SIZE });
  const broker = new Broker({ url: config.AMQP_URL, prefix: config.AMQP_PREFIX, source: options.name, logger });
  try {
    await broker.connect();
  } catch (err) {
    await connection.close();
    throw err;
  }
  const outbox = new Outbox({ connection, broker, logger });
  const deps = { config, logger, connection, broker, outbox, instance: instanceHolder(config.PORT) };
  // Events stored before a stop or a crash go out first (those of collections registered later, as they register).
  await outbox.start();
  await options.prepare?.(deps);
  const { server, url } = await listen(options.createApp(deps), config.PORT, config.HOST);
  return {
    url,
    logger,
    stop: async () => {
      await closeServer(server);
      await options.beforeStop?.();
      await outbox.stop();
      await broker.close();
      await connection.close();
    },
  };
}
