/** A peer's instances are tried in turn: where each list of URLs starts next. */
const turns = new Map<string, number>();

/** Errors of an instance that could not be reached or broke before answering (fetch wraps them in `cause`). */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CONNECT_TIMEOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
const unreachable = (err: unknown) => {
  const cause = (err as { cause?: { code?: unknown } } | null)?.cause;
  return typeof cause?.code === 'string' && UNREACHABLE.has(cause.code);
};

/** The instances of a peer named by a setting: one URL, or several comma separated. */
export const peerUrls = (urls: string): string[] =>
  urls
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean);

/**
 * Asks a peer service (svc-catalog, svc-media) on its internal routes, one of its instances in
 * turn; one that cannot be reached, or whose connection breaks before it answers, is passed over
 * for the next. For reads only (a lookup sent by POST included): the request may reach two instances.
 */
export async function peerFetch(urls: string, path: string, init: RequestInit & { timeoutMs?: number } = {}): Promise<Response> {
  const list = peerUrls(urls);
  const start = turns.get(urls) ?? 0;
  turns.set(urls, start + 1);
  const { timeoutMs = 30_000, ...request } = init;
  let last: unknown = new Error('no URL to ask');
  for (let i = 0; i < list.length; i += 1) {
    const url = new URL(path, list[(start + i) % list.length]);
    try {
      // A caller's own signal is its deadline; without one, timeoutMs is.
      return await fetch(url, { ...request, signal: request.signal ?? AbortSignal.timeout(timeoutMs) });
    } catch (err) {
      if (!unreachable(err)) throw err;
      last = err;
    }
  }
  throw last;
}
