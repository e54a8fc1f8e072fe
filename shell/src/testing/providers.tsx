import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useLocation } from '@mealprep/router';

/** A fresh QueryClient per test (no retries), with data already in the cache if given. */
export function testQueryClient(seed: [QueryKey, unknown][] = []): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
  for (const [key, data] of seed) client.setQueryData(key, data);
  return client;
}

export function WithQueryClient({ client, children }: { client?: QueryClient; children: ReactNode }) {
  return <QueryClientProvider client={client ?? testQueryClient()}>{children}</QueryClientProvider>;
}

/** Shows the router's current URL, so tests can assert where a link or redirect led. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location" hidden>{`${location.pathname}${location.search}`}</output>;
}

export function currentLocation(): string {
  return document.querySelector('[data-testid="location"]')?.textContent ?? '';
}
