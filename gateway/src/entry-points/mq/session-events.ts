import { EventPayloadSchemas } from '@mealprep/contracts';
import type { Broker } from '@mealprep/service-kit';
import type { SessionResolver } from '../../auth/session-resolver';
import type { LiveHub } from '../../live/live-hub';

/**
 * A session revoked (a logout) or a person's roles changed: the gateway forgets what it kept about
 * them and ends their live streams at once. Each gateway hears every such event (its own queue).
 */
export async function subscribeSessionEvents(broker: Broker, parts: { sessions: SessionResolver; live: LiveHub }): Promise<void> {
  await broker.subscribe(
    'gateway-sessions',
    ['auth.session.revoked', 'auth.user.roles-changed'],
    async (event) => {
      if (event.type === 'auth.session.revoked') {
        const { sessionHash: hash } = EventPayloadSchemas['auth.session.revoked'].parse(event.payload);
        parts.sessions.dropSession(hash);
        parts.live.endSession(hash);
      }
      if (event.type === 'auth.user.roles-changed') {
        const { userId } = EventPayloadSchemas['auth.user.roles-changed'].parse(event.payload);
        parts.sessions.dropUser(userId);
        parts.live.endUser(userId);
      }
    },
    { exclusive: true, prefetch: 50 },
  );
}
