/** A canned reply; with `after`, it is sent only once that promise settles (a request still under way). */
export type Reply = { status: number; body?: unknown; after?: Promise<unknown> };

/** Replaces fetch with canned replies by URL path; each reply list is consumed in order, the last one repeats. */
export function mockApi(replies: Record<string, Reply | Reply[]>) {
  const queues = new Map(Object.entries(replies).map(([path, r]) => [path, Array.isArray(r) ? [...r] : [r]]));
  const fetch = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const queue = queues.get(new URL(url, 'http://localhost').pathname);
    const reply = queue && (queue.length > 1 ? queue.shift() : queue[0]);
    if (!reply) return new Response(JSON.stringify({ error: { code: 'not_found', message: 'No route.' } }), { status: 404 });
    await reply.after;
    if (reply.body === undefined) return new Response(null, { status: reply.status });
    return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** The URLs fetch was called with for one API path, e.g. '/api/catalog/services'. */
export function callsTo(fetch: ReturnType<typeof mockApi>, path: string): URL[] {
  return fetch.mock.calls.map(([input]) => new URL(String(input), 'http://localhost')).filter((url) => url.pathname === path);
}

/** The JSON bodies fetch sent to one API path. */
export function bodiesTo(fetch: ReturnType<typeof mockApi>, path: string): unknown[] {
  return fetch.mock.calls
    .filter(([input]) => new URL(String(input), 'http://localhost').pathname === path)
    .map(([, init]) => (typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined));
}
