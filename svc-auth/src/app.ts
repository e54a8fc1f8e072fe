import type { Connection } from 'mongoose';
import { Broker, createApp, isDatabaseConnected, type Logger } from '@mealprep/service-kit';

export interface AuthDeps {
  logger: Logger;
  connection: Connection;
  broker: Broker;
  identitySecret: string;
}

/** Health and readiness only for now; the auth domain's routes mount here. */
export function createAuthApp(deps: AuthDeps) {
  return createApp({
    logger: deps.logger,
    identitySecret: deps.identitySecret,
    readiness: () => ({ database: isDatabaseConnected(deps.connection), broker: deps.broker.isConnected() }),
    mount: () => {},
  });
}
