import type { z } from 'zod';
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
}

export interface ApiClient {
  request<S extends z.ZodType>(path: string, schema: S, options?: RequestOptions): Promise<z.infer<S>>;
  get<S extends z.ZodType>(path: string, schema: S, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<z.infer<S>>;
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

export function createApiClient({ baseUrl = '/api', fetch: fetchImpl }: ApiClientOptions = {}): ApiClient {
  const base = baseUrl.replace(/\/+$/, '');

  async function request<S extends z.ZodType>(path: string, schema: S, options: RequestOptions = {}) {
    const doFetch = fetchImpl ?? globalThis.fetch.bind(globalThis);
    const hasBody = options.body !== undefined;
    let response: Response;
    try {
      response = await doFetch(`${base}${path.startsWith('/') ? path : `/${path}`}`, {
        method: options.method ?? 'GET',
        signal: options.signal,
        credentials: 'same-origin',
        headers: { Accept: 'application/json', ...(hasBody ? { 'Content-Type': 'application/json' } : {}) },
        body: hasBody ? JSON.stringify(options.body) : undefined,
      });
    } catch (cause) {
      if (options.signal?.aborted) throw cause;
      throw new ApiError({ status: 0, code: 'network_error', message: 'The server could not be reached.', cause });
    }

    const body = await readJson(response);
    if (!response.ok) throw errorFromBody(response.status, body.ok ? body.value : undefined);
    if (!body.ok) {
      throw new ApiError({ status: response.status, code: 'invalid_response', message: 'The server sent a reply that is not JSON.' });
    }
    const parsed = schema.safeParse(body.value);
    if (!parsed.success) {
      throw new ApiError({
        status: response.status,
        code: 'invalid_response',
        message: 'The server sent a reply in an unexpected shape.',
        cause: parsed.error,
      });
    }
    return parsed.data as z.infer<S>;
  }

  return {
    request,
    get: (path, schema, options) => request(path, schema, { ...options, method: 'GET' }),
  };
}

/** The client every app uses by default: same-origin '/api' through the gateway. */
export const apiClient: ApiClient = createApiClient();
