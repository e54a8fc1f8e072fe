import type { BrandFollower, Broker } from '@mealprep/service-kit';
import type { SessionResolver } from '../../auth/session-resolver';
import type { LiveHub } from '../../live/live-hub';
import type { RenderedPages } from '../../pages/rendered-pages';
import { subscribeCatalogEvents } from './catalog-events';
import { subscribeSessionEvents } from './session-events';

/**
 * Everything the gateway hears from the broker: session events (a logout, changed roles) and
 * catalogue and media events, with what each drops of what the gateway keeps. Until the stream is
 * up, and again after any reconnect, what it kept could miss a change: it is all dropped then, and
 * `flowing` says whether events arrive (kept answers are served only while they do).
 */
export async function listenForEvents(
  broker: Broker,
  parts: {
    sessions: SessionResolver;
    live: LiveHub;
    rendered: RenderedPages | null;
    banner: { drop: () => void };
    brand: Pick<BrandFollower, 'apply' | 'load'>;
    flowing: (connected: boolean) => void;
  },
): Promise<void> {
  const { sessions, live, rendered } = parts;
  await subscribeSessionEvents(broker, { sessions, live });
  await subscribeCatalogEvents(broker, {
    live,
    dropPages: () => rendered?.clear(),
    dropBanner: () => parts.banner.drop(),
    brand: parts.brand,
  });
  broker.onConnectionChange((connected) => {
    rendered?.clear();
    parts.banner.drop();
    // A logout announced while the stream was down would be missed.
    sessions.clear();
    // A brand published while the stream was down would be missed too.
    if (connected) void parts.brand.load();
    parts.flowing(connected);
  });
}
