import { AsyncLocalStorage } from 'node:async_hooks';
import CachePolicy from 'http-cache-semantics';

/** What the API answers of one read said. */
interface Watch {
  shared: boolean;
}

const watching = new AsyncLocalStorage<Watch>();

/**
 * Whether a cache shared by every visitor may keep an answer, as RFC 9111 has one decide
 * (http-cache-semantics, shared): not when the service marked it no-store or private, nor when its
 * Vary is "*". Its status is left aside.
 */
function mayBeShared(input: Parameters<typeof fetch>[0], init: RequestInit | undefined, answer: Response): boolean {
  const headers = Object.fromEntries(answer.headers);
  if ((headers.vary ?? '').split(',').some((name) => name.trim() === '*')) return false;
  const request = input instanceof Request ? input : null;
  const url = request ? request.url : String(input);
  const sent = Object.fromEntries(new Headers(init?.headers ?? request?.headers));
  return new CachePolicy({ method: init?.method ?? request?.method ?? 'GET', url, headers: sent }, { status: 200, headers }, { shared: true }).storable();
}

/**
 * The fetch a release's reads go through, watched: each answer a watched read gets says whether
 * it may be shared (calls outside a watched read pass through untouched).
 */
export function watchedFetch(inner: typeof fetch): typeof fetch {
  return async (input, init) => {
    const answer = await inner(input, init);
    const watch = watching.getStore();
    if (watch && !mayBeShared(input, init, answer)) watch.shared = false;
    return answer;
  };
}

/** Runs one read and says whether what it read may be shared: every answer it got may be kept by a shared cache (see mayBeShared). */
export async function watchedRead(read: () => Promise<void>): Promise<{ shared: boolean }> {
  const watch: Watch = { shared: true };
  await watching.run(watch, read);
  return { shared: watch.shared };
}
