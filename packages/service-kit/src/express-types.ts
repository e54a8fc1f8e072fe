import type { Identity } from '@mealprep/contracts';
import type { Logger } from 'pino';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- Express's own Request is extended by merging into its namespace
  namespace Express {
    interface Request {
      /** The request id the gateway passed on, or a new one. */
      id: string;
      /** The service logger with this request's id on every line. */
      log: Logger;
      /** Who is calling, from the gateway's signed header; null for anonymous callers. */
      identity: Identity | null;
    }
  }
}

export {};
