import { EventPayloadSchemas, type EventEnvelope, type PublishedBrand } from '@mealprep/contracts';
import type { Broker } from '@mealprep/service-kit';
import type { LiveHub } from '../../live/live-hub';
import { invalidationFor } from '../../live/topics';

/** A listing's own events: each says whether visitors see the change (publicChange). */
const SERVICE_CHANGES = ['catalog.service.created', 'catalog.service.updated', 'catalog.service.deleted', 'catalog.service.status-changed'] as const;
type ServiceChangeType = (typeof SERVICE_CHANGES)[number];
const isServiceChange = (type: string): type is ServiceChangeType => (SERVICE_CHANGES as readonly string[]).includes(type);

/**
 * Events that change nothing a visitor sees: a visitor's report that a closed service is still open
 * (kept for the admins), and a claim decided (the change of owner it makes is announced by its own
 * catalog.service.updated, which says whether visitors see it).
 */
const NEVER_SEEN: ReadonlySet<string> = new Set(['catalog.service.reported-open', 'catalog.claim.decided']);

/**
 * Whether an event changes what visitors see, so that the public pages and lists kept for them are
 * stale. A listing's event says so itself: a draft or pending listing created, saved or submitted,
 * or a save that changed nothing shown, is not. One that cannot tell (sent before events said, or
 * not readable) is taken as a change, as is every other catalogue or media event (an import, an
 * article, states and meal types, the banners: each an admin's act).
 */
export function changesWhatVisitorsSee(event: EventEnvelope): boolean {
  // Quote requests are their owners' and staff's: no page shows them.
  if (NEVER_SEEN.has(event.type) || event.type.startsWith('catalog.lead.')) return false;
  if (event.type === 'catalog.review.changed') {
    // The event says whether visitors see the change (a held review edited, a report or a held reply
    // is not); from an older sender, a report or a review held when written is not.
    const review = EventPayloadSchemas['catalog.review.changed'].safeParse(event.payload);
    if (!review.success) return true;
    return review.data.publicChange ?? !(review.data.change === 'reported' || (review.data.change === 'posted' && !review.data.shown));
  }
  if (!isServiceChange(event.type)) return true;
  const change = EventPayloadSchemas[event.type].safeParse(event.payload);
  return !change.success || change.data.publicChange !== false;
}

/**
 * Any change of the catalogue or its media that visitors see: what the gateway keeps of them is
 * dropped (rendered pages; the current banner); a brand published is held from now on. The open live streams are told which topics to refetch (a listing that is not public
 * only its owner's and the admins'). Each gateway hears every such event (its own queue).
 */
export async function subscribeCatalogEvents(
  broker: Broker,
  parts: { live: LiveHub; dropPages: () => void; dropBanner: () => void; brand: { apply: (brand: PublishedBrand) => void } },
): Promise<void> {
  await broker.subscribe(
    'gateway-live',
    ['catalog.#', 'media.#'],
    async (event) => {
      if (event.type === 'catalog.brand.published') {
        const published = EventPayloadSchemas['catalog.brand.published'].safeParse(event.payload);
        if (published.success) parts.brand.apply(published.data);
      }
      if (changesWhatVisitorsSee(event)) {
        parts.dropPages();
        if (event.type.startsWith('media.banners.')) parts.dropBanner();
      }
      const message = invalidationFor(event);
      if (message) parts.live.broadcast(message);
    },
    { exclusive: true, prefetch: 50 },
  );
}
