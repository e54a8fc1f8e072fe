import { ApiError, errorFromBody } from './api-error';

export interface ApiClientOptions {
  /** Where the API lives; the runtime config's apiBase ('/api' behind the gateway). */
  baseUrl?: string;
  fetch?: typeof fetch;
}

export interface RequestOptions {
  signal?: AbortSignal;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /**
   * Makes a write safe to send again: it goes with this Idempotency-Key, and when no answer comes
   * (the connection broke) or the site says to try again (502, 503, 504), it is sent again with the
   * same key and the very body it was first sent with, up to WRITE_RETRIES times a second apart; the
   * service applies a key once, and refuses it (422) with another body. One key, one write: a new
   * write takes a new key (newIdempotencyKey).
   */
  idempotencyKey?: string;
}

/** How many times a write with an Idempotency-Key is sent again before its failure is shown. */
export const WRITE_RETRIES = 3;
const TRY_AGAIN = new Set([502, 503, 504]);

/** A new Idempotency-Key: 32 hex digits from the browser's (or Node's) random source. */
export function newIdempotencyKey(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Calls our own API. Replies are trusted to have the type the caller names (the services validate
 * what they send; the contracts' schemas stay on the servers), so the browser ships no validator.
 */
export interface ApiClient {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  post<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
}

async function readJson(response: Response): Promise<{ ok: true; value: unknown } | { ok: false }> {
  const text = await response.text();
  if (text === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/**
 * Where the default client sends calls: same-origin '/api' in the browser. A server render (which
 * has no page origin) gives a fetch that takes the API's paths ('/catalog/…', '/media/…') to the
 * services themselves, with no base, and a timeout for every call.
 */
let defaultBase = '/api';
let defaultTimeoutMs: number | null = null;
let defaultFetch: typeof fetch | null = null;

export function configureApiClient(options: { baseUrl: string; timeoutMs?: number; fetch?: typeof fetch }): void {
  defaultBase = options.baseUrl.replace(/\/+$/, '');
  defaultTimeoutMs = options.timeoutMs ?? null;
  defaultFetch = options.fetch ?? null;
}

export function createApiClient({ baseUrl, fetch: fetchImpl }: ApiClientOptions = {}): ApiClient {
  const fixedBase = baseUrl?.replace(/\/+$/, '');

  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const base = fixedBase ?? defaultBase;
    const doFetch = fetchImpl ?? defaultFetch ?? globalThis.fetch.bind(globalThis);
    const signal = defaultTimeoutMs === null ? options.signal : options.signal ? AbortSignal.any([options.signal, AbortSignal.timeout(defaultTimeoutMs)]) : AbortSignal.timeout(defaultTimeoutMs);
    const hasBody = options.body !== undefined;
    // Written once: a retry sends these bytes, whatever becomes of the caller's object meanwhile (its key names this body).
    const body = hasBody ? JSON.stringify(options.body) : undefined;
    const key = options.idempotencyKey;
    const send = () =>
      doFetch(`${base}${path.startsWith('/') ? path : `/${path}`}`, {
        method: options.method ?? 'GET',
        signal,
        credentials: 'same-origin',
        headers: { Accept: 'application/json', ...(hasBody ? { 'Content-Type': 'application/json' } : {}), ...(key ? { 'Idempotency-Key': key } : {}) },
        body,
      });
    const response = await (async (): Promise<Response> => {
      for (let attempt = 0; ; attempt += 1) {
        const last = !key || attempt >= WRITE_RETRIES;
        try {
          const answer = await send();
          if (last || !TRY_AGAIN.has(answer.status)) return answer;
        } catch (cause) {
          if (options.signal?.aborted || signal?.aborted) throw cause;
          if (last) throw new ApiError({ status: 0, code: 'network_error', message: 'The server could not be reached.', cause });
        }
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
    })();
    const answer = await readJson(response);
    if (!response.ok) throw errorFromBody(response.status, answer.ok ? answer.value : undefined);
    if (!answer.ok) {
      throw new ApiError({ status: response.status, code: 'invalid_response', message: 'The server sent a reply that is not JSON.' });
    }
    return answer.value as T;
  }

  return {
    request,
    get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => request<T>(path, { ...options, method: 'GET' }),
    post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) => request<T>(path, { ...options, method: 'POST', body }),
  };
}

/** The client every app uses by default: same-origin '/api' through the gateway (see configureApiClient). */
export const apiClient: ApiClient = createApiClient();
