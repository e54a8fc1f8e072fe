import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import PublicRoutes from '../routes';

/** Mounts the exposed routes the way the shell does: under a splat route, with a QueryClient. */
export function renderRoutes(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="*" element={<PublicRoutes />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

type Reply = { status: number; body: unknown };

/** Replaces fetch with canned replies by URL path; each reply list is consumed in order, the last one repeats. */
export function mockApi(replies: Record<string, Reply | Reply[]>) {
  const queues = new Map(Object.entries(replies).map(([path, r]) => [path, Array.isArray(r) ? [...r] : [r]]));
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const queue = queues.get(new URL(url, 'http://localhost').pathname);
    const reply = queue && (queue.length > 1 ? queue.shift() : queue[0]);
    if (!reply) return new Response(JSON.stringify({ error: { code: 'not_found', message: 'No route.' } }), { status: 404 });
    return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

export const regions = {
  alabama: { slug: 'alabama', name: 'Alabama', countryCode: 'US', type: 'state' },
  newYork: { slug: 'new-york', name: 'New York', countryCode: 'US', type: 'state' },
  districtOfColumbia: { slug: 'district-of-columbia', name: 'District of Columbia', countryCode: 'US', type: 'state' },
} as const;

export const unavailable: Reply = {
  status: 503,
  body: { error: { code: 'service_unavailable', message: 'The catalog service is unavailable.', service: 'catalog' } },
};
