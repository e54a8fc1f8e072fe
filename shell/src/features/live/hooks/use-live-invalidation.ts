import type { QueryClient } from '@mealprep/query';
import { useEffect } from 'react';
import { connectLiveInvalidation, type LiveSubscriber } from '../live-invalidation';

/** Mounted once, by the App: one connection per page, closed when the App unmounts. */
export function useLiveInvalidation(queryClient: QueryClient, subscribe?: LiveSubscriber, since?: number): void {
  useEffect(() => connectLiveInvalidation(queryClient, subscribe, since), [queryClient, subscribe, since]);
}
