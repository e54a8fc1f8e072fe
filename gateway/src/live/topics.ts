import { PUBLIC_SERVICE_STATUSES, type EventEnvelope, type LiveInvalidation, type LiveTopic } from '@mealprep/contracts';

/**
 * Who hears of a change: everybody, or only the owner of a listing and the admins (a listing that
 * is not public, and never was before the change, is nobody else's business: not even its slug).
 */
export type LiveAudience = { kind: 'everyone' } | { kind: 'owner-and-admins'; ownerUserId: string | null };

export interface LiveMessage {
  invalidation: LiveInvalidation;
  audience: LiveAudience;
}

const EVERYONE: LiveAudience = { kind: 'everyone' };

/** Which pages' data an event makes stale, and for whom; null when browsers need not hear of it. */
export function invalidationFor(event: EventEnvelope): LiveMessage | null {
  const payload = (event.payload ?? {}) as { slug?: unknown; status?: unknown; previousStatus?: unknown; ownerUserId?: unknown; version?: unknown };
  // A quote request arrived or changed: only its owner's (unless staff hold it) and the admins' inboxes read theirs again.
  if (event.type.startsWith('catalog.lead.')) {
    const owner = typeof payload.ownerUserId === 'string' && (payload as { held?: unknown }).held !== true ? payload.ownerUserId : null;
    return { invalidation: { topics: ['leads'] }, audience: { kind: 'owner-and-admins', ownerUserId: owner } };
  }
  const slug = typeof payload.slug === 'string' ? payload.slug : undefined;
  const topics = ((): LiveTopic[] => {
    if (event.type === 'catalog.service.reported-open') return [];
    // A review shown, changed or taken down: the listing's page reads its reviews again (a report changes nothing shown).
    // (A report, a held review edited or a held reply changes nothing shown: the event says so.)
    if (event.type === 'catalog.review.changed') return (payload as { change?: unknown }).change === 'reported' || (payload as { publicChange?: unknown }).publicChange === false ? [] : ['services'];
    // A service's status or state changes the state counts too.
    if (event.type.startsWith('catalog.service.') || event.type === 'catalog.services.imported') return ['services', 'regions'];
    if (event.type.startsWith('catalog.regions.')) return ['regions'];
    if (event.type.startsWith('catalog.meal-types.')) return ['meal-types'];
    if (event.type.startsWith('catalog.articles.')) return ['articles'];
    if (event.type.startsWith('media.banners.')) return ['banners'];
    return [];
  })();
  if (topics.length === 0) return null;
  // A service's version after the change (events stored before versions read as 0: not named).
  const version = slug && event.type.startsWith('catalog.service.') && typeof payload.version === 'number' && payload.version > 0 ? payload.version : undefined;
  const invalidation = slug ? { topics, slug, ...(version ? { version } : {}) } : { topics };
  if (!event.type.startsWith('catalog.service.') && event.type !== 'catalog.review.changed') return { invalidation, audience: EVERYONE };
  const wasOrIsPublic = [payload.status, payload.previousStatus].some((status) => typeof status === 'string' && PUBLIC_SERVICE_STATUSES.includes(status));
  if (wasOrIsPublic) return { invalidation, audience: EVERYONE };
  return { invalidation, audience: { kind: 'owner-and-admins', ownerUserId: typeof payload.ownerUserId === 'string' ? payload.ownerUserId : null } };
}
