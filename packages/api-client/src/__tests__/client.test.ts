import type { GeoRegion, GeoRegionList } from '@mealprep/contracts';
import { IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_REUSED_MESSAGE } from '@mealprep/contracts/browser';
import { ApiError, createApiClient, isApiError, newIdempotencyKey, shouldRetry, WRITE_RETRIES } from '../index';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

const newYork = { slug: 'new-york', name: 'New York', countryCode: 'US', type: 'state' };

describe('api client', () => {
  it('when the reply is JSON, then it is returned as the named type from /api', async () => {
    const fetch = vi.fn(async () => jsonResponse(200, { items: [newYork] }));
    const client = createApiClient({ fetch });
    await expect(client.get<GeoRegionList>('/catalog/regions')).resolves.toEqual({ items: [newYork] });
    expect(fetch).toHaveBeenCalledWith('/api/catalog/regions', expect.objectContaining({ method: 'GET' }));
  });

  it('when the reply is an error body, then an ApiError carries its status, code, message and service', async () => {
    const client = createApiClient({
      fetch: async () =>
        jsonResponse(503, {
          error: { code: 'service_unavailable', message: 'The catalog service is unavailable.', service: 'catalog' },
        }),
    });
    const error = await client.get<GeoRegionList>('/catalog/regions').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 503,
      code: 'service_unavailable',
      message: 'The catalog service is unavailable.',
      service: 'catalog',
    });
  });

  it('when a 404 comes back, then the error says not_found and is not retried', async () => {
    const client = createApiClient({
      fetch: async () => jsonResponse(404, { error: { code: 'not_found', message: 'No such region.' } }),
    });
    const error = await client.get<GeoRegion>('/catalog/regions/atlantis').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 404, code: 'not_found', message: 'No such region.' });
    expect(shouldRetry(0, error)).toBe(false);
  });

  it('when a success body is JSON, then it is trusted as is: the browser does not validate our own API', async () => {
    const client = createApiClient({ fetch: async () => jsonResponse(200, { items: [{ slug: 'x' }] }) });
    await expect(client.get<GeoRegionList>('/catalog/regions')).resolves.toEqual({ items: [{ slug: 'x' }] });
  });

  it('when posting, then the body is sent as JSON with POST', async () => {
    const fetch = vi.fn(async () => jsonResponse(200, { received: true }));
    const client = createApiClient({ fetch });
    await expect(client.post<{ received: true }>('/catalog/services/abc/report-still-open')).resolves.toEqual({ received: true });
    expect(fetch).toHaveBeenCalledWith('/api/catalog/services/abc/report-still-open', expect.objectContaining({ method: 'POST', body: undefined }));
    await client.post('/things', { name: 'x' });
    expect(fetch).toHaveBeenLastCalledWith('/api/things', expect.objectContaining({ method: 'POST', body: '{"name":"x"}', headers: expect.objectContaining({ 'Content-Type': 'application/json' }) }));
  });

  it('when an error body is not in the contract shape, then a generic http_error is thrown', async () => {
    const client = createApiClient({ fetch: async () => jsonResponse(500, { error: { code: 42 } }) });
    await expect(client.get('/catalog/regions')).rejects.toMatchObject({ status: 500, code: 'http_error' });
  });

  it('when a body is not JSON, then it is rejected as invalid_response', async () => {
    const client = createApiClient({ fetch: async () => jsonResponse(200, '<html>oops</html>') });
    await expect(client.get<GeoRegionList>('/catalog/regions')).rejects.toMatchObject({ code: 'invalid_response' });
  });

  it('when an error reply has no error body, then a generic http_error with the status is thrown', async () => {
    const client = createApiClient({ fetch: async () => new Response('Bad gateway', { status: 502 }) });
    const error = await client.get<GeoRegionList>('/catalog/regions').catch((e: unknown) => e);
    expect(isApiError(error)).toBe(true);
    expect(error).toMatchObject({ status: 502, code: 'http_error' });
    expect(shouldRetry(0, error)).toBe(true);
    expect(shouldRetry(1, error)).toBe(false);
  });

  it('when the network fails, then a network_error ApiError is thrown', async () => {
    const client = createApiClient({
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await expect(client.get<GeoRegionList>('/catalog/regions')).rejects.toMatchObject({
      status: 0,
      code: 'network_error',
    });
  });

  describe('a write with an Idempotency-Key', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    const keyOf = (init: RequestInit | undefined) => (init?.headers as Record<string, string>)['Idempotency-Key'];

    it('when its connection breaks and then the site answers, then it is sent again with the same key and the answer is returned', async () => {
      const fetch = vi
        .fn<(url: RequestInfo | URL, init?: RequestInit) => Promise<Response>>()
        .mockRejectedValueOnce(new TypeError('Failed to fetch'))
        .mockResolvedValueOnce(jsonResponse(503, { error: { code: 'service_unavailable', message: 'Please try again in a moment.' } }))
        .mockResolvedValueOnce(jsonResponse(200, { tagline: 'Saved' }));
      const client = createApiClient({ fetch });
      const key = newIdempotencyKey();
      const saving = client.request('/catalog/services/1', { method: 'PATCH', body: { tagline: 'Saved' }, idempotencyKey: key });
      await vi.runAllTimersAsync();
      await expect(saving).resolves.toEqual({ tagline: 'Saved' });
      expect(fetch).toHaveBeenCalledTimes(3);
      expect(fetch.mock.calls.map(([, init]) => keyOf(init))).toEqual([key, key, key]);
      expect(key).toMatch(/^[0-9a-f]{32}$/);
      expect(newIdempotencyKey()).not.toBe(key);
    });

    it('when the site keeps asking to try again, then after the retries its message is shown; a refusal (409) is never sent again', async () => {
      const busy = vi.fn(async () => jsonResponse(502, { error: { code: 'gateway_failed', message: 'The site could not finish this request. Please try again in a moment.' } }));
      const saving = createApiClient({ fetch: busy }).request('/catalog/services/1', { method: 'PATCH', body: {}, idempotencyKey: newIdempotencyKey() });
      const outcome = expect(saving).rejects.toMatchObject({ status: 502, message: 'The site could not finish this request. Please try again in a moment.' });
      await vi.runAllTimersAsync();
      await outcome;
      expect(busy).toHaveBeenCalledTimes(WRITE_RETRIES + 1);

      const refused = vi.fn(async () => jsonResponse(409, { error: { code: 'changed_meanwhile', message: 'Changed meanwhile.' } }));
      await expect(createApiClient({ fetch: refused }).request('/x', { method: 'PATCH', body: {}, idempotencyKey: newIdempotencyKey() })).rejects.toMatchObject({ status: 409 });
      expect(refused).toHaveBeenCalledTimes(1);
    });

    it('when the page changes its form while a save waits to be sent again, then the save is sent again as it was first sent (its key names that body), and a refused key is shown, not sent again', async () => {
      const fetch = vi
        .fn<(url: RequestInfo | URL, init?: RequestInit) => Promise<Response>>()
        .mockRejectedValueOnce(new TypeError('Failed to fetch'))
        .mockResolvedValueOnce(jsonResponse(200, { tagline: 'Saved' }));
      const changes = { tagline: 'Saved' };
      const key = newIdempotencyKey();
      const saving = createApiClient({ fetch }).request('/catalog/services/1', { method: 'PATCH', body: changes, idempotencyKey: key });
      expect(fetch).toHaveBeenCalledTimes(1);
      changes.tagline = 'Typed after pressing Save';
      await vi.runAllTimersAsync();
      await expect(saving).resolves.toEqual({ tagline: 'Saved' });
      expect(fetch.mock.calls.map(([, init]) => [keyOf(init), init?.body])).toEqual([
        [key, '{"tagline":"Saved"}'],
        [key, '{"tagline":"Saved"}'],
      ]);

      const reused = vi.fn(async () => jsonResponse(422, { error: { code: IDEMPOTENCY_KEY_REUSED, message: IDEMPOTENCY_KEY_REUSED_MESSAGE } }));
      await expect(createApiClient({ fetch: reused }).request('/x', { method: 'PATCH', body: {}, idempotencyKey: key })).rejects.toMatchObject({
        status: 422,
        code: IDEMPOTENCY_KEY_REUSED,
        message: IDEMPOTENCY_KEY_REUSED_MESSAGE,
      });
      expect(reused).toHaveBeenCalledTimes(1);
    });

    it('when a write has no key, then a failure is not sent again', async () => {
      const fetch = vi.fn(async () => jsonResponse(503, { error: { code: 'service_unavailable', message: 'Please try again in a moment.' } }));
      await expect(createApiClient({ fetch }).request('/x', { method: 'POST', body: {} })).rejects.toMatchObject({ status: 503 });
      expect(fetch).toHaveBeenCalledTimes(1);
    });
  });
});
