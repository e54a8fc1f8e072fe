import type { GeoRegion, GeoRegionList } from '@mealprep/contracts';
import { ApiError, createApiClient, isApiError, shouldRetry } from '../index';

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
});
