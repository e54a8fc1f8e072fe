import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import type { Logger } from 'pino';
import { ConfigError } from './config';

/** Listens and resolves with the bound address (port 0 picks a free port). */
export function listen(app: Express, port: number, host: string): Promise<{ server: Server; url: string }> {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, host);
    server.keepAliveTimeout = 65_000;
    server.once('error', reject);
    server.once('listening', () => {
      const address = server.address() as AddressInfo;
      const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      resolve({ server, url: `http://${shownHost}:${address.port}` });
    });
  });
}

export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
    // Connections still busy after a grace period are cut so shutdown never hangs.
    setTimeout(() => server.closeAllConnections(), 5_000).unref();
  });
}

export interface RunningService {
  url: string;
  /** Stops in order: stop taking requests, then close broker and database. */
  stop: () => Promise<void>;
}

/**
 * Runs a service process: starts it, prints its URL, and shuts down in order on SIGTERM/SIGINT.
 * A bad setting ends the process with one line per bad variable.
 */
export async function runService(name: string, start: () => Promise<RunningService & { logger: Logger }>): Promise<void> {
  let running: (RunningService & { logger: Logger }) | null = null;
  try {
    running = await start();
  } catch (err) {
    if (err instanceof ConfigError) {
      for (const line of err.lines) process.stderr.write(`${name}: ${line}\n`);
    } else {
      process.stderr.write(`${name}: could not start: ${err instanceof Error ? err.message : String(err)}\n`);
    }
    process.exit(1);
  }
  const service = running;
  service.logger.info({ url: service.url }, `${name} listening`);
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    service.logger.info({ signal }, `${name} stopping`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    service
      .stop()
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        service.logger.error({ err }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}
