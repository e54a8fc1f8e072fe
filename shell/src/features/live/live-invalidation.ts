import { liveTopicKey, subscribeToLive } from '@mealprep/api-client';
import type { LiveInvalidation, LiveTopic } from '@mealprep/contracts';
import { LIVE_TOPICS } from '@mealprep/contracts/browser';
import type { QueryClient } from '@mealprep/query';

export type LiveSubscriber = (onInvalidate: (invalidation: LiveInvalidation) => void, options: { onReconnect: () => void; since?: number }) => () => void;

/**
 * Every remote's query keys start with their live topic ('services', 'regions', …: queryKeys in
 * @mealprep/api-client), so one
 * subscription for the whole page can refetch what changed whoever shows it. The slug is not used
 * to narrow it down: a changed service also changes the lists it appears in.
 */
export function connectLiveInvalidation(queryClient: QueryClient, subscribe: LiveSubscriber = subscribeToLive, since?: number): () => void {
  const invalidate = (topics: readonly LiveTopic[], current?: (data: unknown) => boolean) => {
    for (const topic of topics) void queryClient.invalidateQueries({ queryKey: liveTopicKey(topic), ...(current ? { predicate: (query) => !current(query.state.data) } : {}) });
  };
  return subscribe(({ topics, slug, version }) => invalidate(topics, slug && version ? (data) => holdsAtLeast(data, slug, version) : undefined), {
    // Whatever changed while the connection was down was never announced.
    onReconnect: () => invalidate(LIVE_TOPICS),
    // A server-rendered page asks for what changed after its data was read.
    ...(since !== undefined ? { since } : {}),
  });
}

/**
 * Whether a query's data already shows this change: it is the service (or a list holding it) at
 * this version or a later one, read after the change, as the saver's page holds it from its answer.
 * Data that names no version (public cards, counts) is read again.
 */
export function holdsAtLeast(data: unknown, slug: string, version: number): boolean {
  const isCurrent = (item: unknown) => {
    const entry = item as { slug?: unknown; version?: unknown } | null;
    return typeof entry === 'object' && entry !== null && entry.slug === slug && typeof entry.version === 'number' && entry.version >= version;
  };
  if (isCurrent(data)) return true;
  const items = Array.isArray(data) ? data : (data as { items?: unknown } | null)?.items;
  return Array.isArray(items) && items.some(isCurrent);
}
