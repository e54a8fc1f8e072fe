import { QueryClient, QueryClientProvider, type QueryKey } from '@mealprep/query';
import type { ReactNode } from 'react';

/** A fresh QueryClient per test (no retries), with data already in the cache if given. */
export function testQueryClient(seed: [QueryKey, unknown][] = []): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
  for (const [key, data] of seed) client.setQueryData(key, data);
  return client;
}

export function WithQueryClient({ client, children }: { client?: QueryClient; children: ReactNode }) {
  return <QueryClientProvider client={client ?? testQueryClient()}>{children}</QueryClientProvider>;
}

export { currentLocation, LocationProbe } from '@mealprep/router/testing';
