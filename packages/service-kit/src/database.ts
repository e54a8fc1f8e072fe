import mongoose, { type Connection, type Schema } from 'mongoose';
import type { Logger } from 'pino';

/**
 * Opens the service's own database. Each service gets a separate connection (not the mongoose
 * default) so one process could hold several, as tests do.
 */
export async function connectDatabase(uri: string, dbName: string, logger: Logger, options: { maxPoolSize?: number } = {}): Promise<Connection> {
  const connection = mongoose.createConnection(uri, {
    dbName,
    serverSelectionTimeoutMS: 5_000,
    maxPoolSize: options.maxPoolSize ?? 20,
    autoIndex: true,
  });
  connection.on('disconnected', () => logger.warn('database disconnected'));
  connection.on('reconnected', () => logger.info('database reconnected'));
  await connection.asPromise();
  logger.info({ dbName }, 'database connected');
  return connection;
}

export function isDatabaseConnected(connection: Connection): boolean {
  return connection.readyState === 1;
}

/** Defines (or redefines) a model on one connection, typed from its schema. */
export function modelOn<S extends Schema>(connection: Connection, name: string, schema: S) {
  if (connection.models[name]) connection.deleteModel(name);
  return connection.model(name, schema);
}
