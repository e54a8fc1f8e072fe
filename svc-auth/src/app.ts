import type { Connection } from 'mongoose';
import { Broker, createApp, isDatabaseConnected, Outbox, type Logger } from '@mealprep/service-kit';
import { leadPreferenceRepository } from './data-access/lead-preference-repository';
import { loginTokenRepository } from './data-access/login-token-repository';
import { notificationRepository } from './data-access/notification-repository';
import { sendLogRepository } from './data-access/send-log-repository';
import { sessionRepository } from './data-access/session-repository';
import { userRepository } from './data-access/user-repository';
import { SignIn } from './domain/sign-in';
import { loginRouter } from './entry-points/http/login-router';
import { invitationsRouter } from './entry-points/http/invitations-router';
import { leadSettingsRouter } from './entry-points/http/lead-settings-router';
import { sessionRouter } from './entry-points/http/session-router';
import type { Mailer } from './mail/mailer';

export interface AuthDeps {
  logger: Logger;
  connection: Connection;
  broker: Broker;
  /** The service's outbox; one of the app's own when not given. */
  outbox?: Outbox;
  identitySecret: string;
  siteUrl: string;
  adminEmails: string[];
  mailer: Mailer;
  now?: () => Date;
}

/** Users, roles and sessions write the events of their changes through the outbox, in the same write. */
export function authRepositories(connection: Connection, outbox: Outbox) {
  return {
    users: userRepository(connection, outbox),
    tokens: loginTokenRepository(connection),
    sessions: sessionRepository(connection, outbox),
    sends: sendLogRepository(connection),
    notifications: notificationRepository(connection),
    leadPreferences: leadPreferenceRepository(connection),
  };
}

export async function ensureAuthIndexes(repositories: ReturnType<typeof authRepositories>): Promise<void> {
  await Promise.all(Object.values(repositories).map((r) => r.ensureIndexes()));
}

export function createAuthApp(deps: AuthDeps) {
  const outbox = deps.outbox ?? new Outbox(deps);
  const repositories = authRepositories(deps.connection, outbox);
  const signIn = new SignIn({
    ...repositories,
    mailer: deps.mailer,
    events: outbox,
    logger: deps.logger,
    secret: deps.identitySecret,
    siteUrl: deps.siteUrl,
    adminEmails: deps.adminEmails,
    now: deps.now,
  });
  return createApp({
    name: 'svc-auth',
    broker: deps.broker,
    outbox,
    logger: deps.logger,
    identitySecret: deps.identitySecret,
    bodyLimit: '16kb',
    readiness: () => ({ database: isDatabaseConnected(deps.connection), broker: deps.broker.isConnected() }),
    mount: (app) => {
      app.use(loginRouter(signIn, { secret: deps.identitySecret, siteUrl: deps.siteUrl }));
      app.use(sessionRouter({ ...repositories, secret: deps.identitySecret, now: deps.now }));
      app.use(invitationsRouter({ notifications: repositories.notifications, secret: deps.identitySecret, now: deps.now }));
      app.use(leadSettingsRouter({ ...repositories, mailer: deps.mailer, logger: deps.logger, siteUrl: deps.siteUrl, secret: deps.identitySecret, now: deps.now }));
    },
  });
}
