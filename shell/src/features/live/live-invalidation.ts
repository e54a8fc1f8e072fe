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
  const invalidate = (topics: readonly LiveTopic[]) => {
    for (const topic of topics) void queryClient.invalidateQueries({ queryKey: liveTopicKey(topic) });
  };
  return subscribe(({ topics }) => invalidate(topics), {
    // Whatever changed while the connection was down was never announced.
    onReconnect: () => invalidate(LIVE_TOPICS),
    // A server-rendered page asks for what changed after its data was read.
    ...(since !== undefined ? { since } : {}),
  });
}
