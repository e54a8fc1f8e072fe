import CachePolicy from 'http-cache-semantics';

type Headers = Record<string, string | string[] | undefined>;

/** The request a kept answer answered, or one that asks for it: what a shared cache reads of it. */
export interface CacheRequest {
  method: string;
  url: string;
  headers: Headers;
}

/**
 * The request header values an answer's Vary names, as they were for the request it answered (a
 * header the request did not have is null); an answer without Vary has none, and serves everyone.
 */
export type VaryValues = Readonly<Record<string, string | null>>;

/** How a shared cache may keep an answer: for how long at most, and for which requests. */
export interface KeepRule {
  ttlMs: number;
  vary: VaryValues;
}

/** Header values as one string each (Node gives repeated request headers as an array). */
function flat(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  return out;
}

const normalized = (value: string | string[] | undefined): string | null =>
  value === undefined
    ? null
    : (Array.isArray(value) ? value.join(',') : value)
        .split(',')
        .map((part) => part.trim())
        .join(',');

/**
 * Whether a cache shared by every visitor may keep an answer, as RFC 9111 has a shared cache
 * decide (http-cache-semantics, shared): never one the server marked no-store or private, nor one
 * to a request marked no-store or sent with credentials, nor one whose Vary is "*". A kept answer
 * serves only requests whose headers named by its Vary are those of the request it answered; it is
 * kept at most `ttlMs`, and no longer than the answer says it stays fresh when it says so (max-age,
 * s-maxage, Expires). An answer to be revalidated at every use (no-cache) is revalidated by the
 * domain events: the caches that keep one drop it on any event that changes what visitors see.
 * Null: it is not kept.
 */
export function keepRule(request: CacheRequest, answer: { status: number; headers: Headers }, ttlMs: number): KeepRule | null {
  const requestHeaders = flat(request.headers);
  const answerHeaders = flat(answer.headers);
  const policy = new CachePolicy({ method: request.method, url: request.url, headers: requestHeaders }, { status: answer.status, headers: answerHeaders }, { shared: true });
  if (!policy.storable()) return null;
  const names = (answerHeaders.vary ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  if (names.includes('*')) return null;
  const lifetime = policy.timeToLive();
  return {
    ttlMs: lifetime > 0 ? Math.min(ttlMs, lifetime) : ttlMs,
    vary: Object.fromEntries(names.map((name) => [name, normalized(request.headers[name])])),
  };
}

/** Whether a request may be served an answer kept with these Vary values. */
export function varyMatches(vary: VaryValues, headers: Headers): boolean {
  return Object.entries(vary).every(([name, value]) => normalized(headers[name]) === value);
}
