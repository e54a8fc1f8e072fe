import { pino, type Logger } from 'pino';

export type { Logger };

export function createLogger(name: string, level: string = 'info'): Logger {
  return pino({
    name,
    level,
    base: { service: name },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: ['req.headers.cookie', 'req.headers.authorization'], remove: true },
  });
}
