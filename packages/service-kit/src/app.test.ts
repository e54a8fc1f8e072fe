import { serve, silentLogger } from '@mealprep/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApp, requireRole, route } from './app';
import { AppError, parseInput } from './errors';
import { signClientAddress, signIdentity } from './identity';

const secret = 'k'.repeat(40);

describe('service app', () => {
  let ready = true;
  let http: Awaited<ReturnType<typeof serve>>;

  beforeAll(async () => {
    const app = createApp({
      logger: silentLogger,
      identitySecret: secret,
      readiness: () => ({ database: true, broker: ready }),
      mount: (app) => {
        app.get('/boom', () => {
          throw new Error('secret internals');
        });
        app.get(
          '/gone',
          route(async () => {
            throw AppError.notFound('No such thing.');
          }),
        );
        app.post(
          '/echo',
          route(async (req, res) => {
            res.json(parseInput(z.strictObject({ name: z.string().min(2) }), req.body, 'body'));
          }),
        );
        app.get('/me', (req, res) => res.json({ identity: req.identity }));
        app.get('/ip', (req, res) => res.json({ ip: req.ip }));
        app.get('/admin-only', requireRole('admin'), (_req, res) => res.json({ ok: true }));
      },
    });
    http = await serve(app);
  });
  afterAll(() => http.close());

  it('when a dependency is down, then /readyz is 503 and says which, while /healthz stays 200', async () => {
    ready = false;
    const response = await fetch(`${http.url}/readyz`);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: 'not ready', checks: { database: true, broker: false } });
    expect((await fetch(`${http.url}/healthz`)).status).toBe(200);
    ready = true;
    expect((await fetch(`${http.url}/readyz`)).status).toBe(200);
  });

  it('when a handler fails unexpectedly, then the reply is a 500 in the error shape without internals', async () => {
    const response = await fetch(`${http.url}/boom`, { headers: { 'x-request-id': 'req-123' } });
    expect(response.status).toBe(500);
    const body = await response.json();
    expect(body).toEqual({ error: { code: 'internal', message: 'Something went wrong on our side.', requestId: 'req-123' } });
  });

  it('when something is not found, or no route matches, then the reply is a 404 in the same shape', async () => {
    const gone = await fetch(`${http.url}/gone`);
    expect(gone.status).toBe(404);
    expect((await gone.json()).error).toMatchObject({ code: 'not_found', message: 'No such thing.' });
    expect((await fetch(`${http.url}/nothing`)).status).toBe(404);
  });

  it('when the body is invalid JSON, has unknown fields or bad values, then it is a 400 naming the field', async () => {
    const post = (body: string) => fetch(`${http.url}/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    const notJson = await post('{"name":');
    expect(notJson.status).toBe(400);
    expect((await notJson.json()).error.message).toBe('The request body is not valid JSON.');
    const short = await post('{"name":"a"}');
    expect(short.status).toBe(400);
    expect((await short.json()).error.details[0].path).toBe('name');
    expect((await post('{"name":"ab","admin":true}')).status).toBe(400);
    expect(await (await post('{"name":"ab"}')).json()).toEqual({ name: 'ab' });
  });

  it("when a caller names an address in X-Forwarded-For, then the service ignores it: only the address the gateway signed counts, else the connection's", async () => {
    const ip = async (headers: Record<string, string>) => ((await (await fetch(`${http.url}/ip`, { headers })).json()) as { ip: string }).ip;
    expect(await ip({})).toBe('127.0.0.1');
    expect(await ip({ 'x-forwarded-for': '203.0.113.7' })).toBe('127.0.0.1');
    expect(await ip({ forwarded: 'for=203.0.113.7', 'x-real-ip': '203.0.113.7' })).toBe('127.0.0.1');
    expect(await ip(signClientAddress('198.51.100.4', secret))).toBe('198.51.100.4');
    expect(await ip({ ...signClientAddress('2001:db8::1', secret), 'x-forwarded-for': '203.0.113.7' })).toBe('2001:db8::1');
    expect(await ip(signClientAddress('198.51.100.4', 'o'.repeat(40)))).toBe('127.0.0.1');
    expect(await ip(signClientAddress('198.51.100.4', secret, Date.now() - 120_000))).toBe('127.0.0.1');
  });

  it('when a caller sends a signed identity, then routes see it; roles are enforced in the service', async () => {
    const admin = signIdentity({ userId: 'a', email: 'a@example.com', roles: ['admin'] }, secret);
    const user = signIdentity({ userId: 'u', email: 'u@example.com', roles: [] }, secret);
    expect((await (await fetch(`${http.url}/me`, { headers: admin })).json()).identity.userId).toBe('a');
    expect((await (await fetch(`${http.url}/me`)).json()).identity).toBeNull();
    expect((await fetch(`${http.url}/admin-only`)).status).toBe(401);
    expect((await fetch(`${http.url}/admin-only`, { headers: user })).status).toBe(403);
    expect((await fetch(`${http.url}/admin-only`, { headers: admin })).status).toBe(200);
  });
});
