import type { EventEnvelope, LiveInvalidation, LiveTopic } from '@mealprep/contracts';

/** Which pages' data an event makes stale; null when browsers need not hear of it. */
export function invalidationFor(event: EventEnvelope): LiveInvalidation | null {
  const payload = (event.payload ?? {}) as { slug?: unknown };
  const slug = typeof payload.slug === 'string' ? payload.slug : undefined;
  const topics = ((): LiveTopic[] => {
    if (event.type === 'catalog.service.reported-open') return [];
    // A service's status or state changes the state counts too.
    if (event.type.startsWith('catalog.service.') || event.type === 'catalog.services.imported') return ['services', 'regions'];
    if (event.type.startsWith('catalog.regions.')) return ['regions'];
    if (event.type.startsWith('catalog.meal-types.')) return ['meal-types'];
    if (event.type.startsWith('catalog.articles.')) return ['articles'];
    if (event.type.startsWith('media.banners.')) return ['banners'];
    return [];
  })();
  if (topics.length === 0) return null;
  return slug ? { topics, slug } : { topics };
}
