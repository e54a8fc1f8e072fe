export { baseConfigShape, ConfigError, loadConfig } from './config';
export { createLogger, type Logger } from './logger';
export { AppError, errorHandler, notFoundHandler, parseInput } from './errors';
export { signIdentity, verifyIdentity } from './identity';
export { createApp, requireRole, route, type AppOptions, type Readiness } from './app';
export { connectDatabase, isDatabaseConnected, modelOn } from './database';
export { Broker, type BrokerOptions, type EventHandler } from './broker';
export { backoffDelay, DEFAULT_BACKOFF, type BackoffOptions } from './backoff';
export { closeServer, listen, runService, type RunningService } from './service';
