import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import { verifyIdentity } from '@mealprep/service-kit';
import { serve, silentLogger, TEST_IDENTITY_SECRET, testBroker, testDatabase, testOutbox } from '@mealprep/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authRepositories, createAuthApp, ensureAuthIndexes } from '../../svc-auth/src/app';
import { TEST_MAIL_SITE } from '../../svc-auth/src/testing/fakes';
import { createMailer } from '../../svc-auth/src/mail/mailer';
import { signInParts, startMailCatcher } from '../../svc-auth/test/mail-catcher';
import { createGateway } from '../src/app';
import { loadGatewayConfig } from '../src/config';

const SITE = 'http://meals.test:8080';

/** Echoes who the gateway said is calling, and counts writes that got through. */
function echoCatalog() {
  const app = express();
  let writes = 0;
  app.all(/.*/, (req, res) => {
    if (req.method !== 'GET') writes += 1;
    res.json({ identity: verifyIdentity(req.headers, TEST_IDENTITY_SECRET), writes, cookie: req.headers.cookie ?? null });
  });
  return app;
}

describe('gateway: sessions, identity and cross-site writes', () => {
  let staticRoot: string;
  let db: Awaited<ReturnType<typeof testDatabase>>;
  let mq: Awaited<ReturnType<typeof testBroker>>;
  let smtp: Awaited<ReturnType<typeof startMailCatcher>>;
  let auth: Awaited<ReturnType<typeof serve>>;
  let catalog: Awaited<ReturnType<typeof serve>>;
  let site: Awaited<ReturnType<typeof serve>>;
  let gateway: ReturnType<typeof createGateway>;
  let resolveCalls = 0;

  beforeAll(async () => {
    staticRoot = mkdtempSync(path.join(tmpdir(), 'mealprep-gateway-sessions-'));
    mkdirSync(path.join(staticRoot, 'shell', 'dist'), { recursive: true });
    writeFileSync(path.join(staticRoot, 'shell', 'dist', 'index.html'), '<html><head><!--runtime-config--></head><body></body></html>');
    db = await testDatabase('gateway-sessions');
    mq = await testBroker('gateway-sessions', 'svc-auth');
    smtp = await startMailCatcher();
    await ensureAuthIndexes(authRepositories(db.connection, testOutbox(db.connection, mq.broker)));
    const authApp = createAuthApp({
      logger: silentLogger,
      connection: db.connection,
      broker: mq.broker,
      identitySecret: TEST_IDENTITY_SECRET,
      siteUrl: SITE,
      adminEmails: ['admin@example.com'],
      mailer: createMailer({ smtpUrl: smtp.url, from: 'x <x@example.com>', outbox: '/nonexistent', logger: silentLogger, site: () => TEST_MAIL_SITE }),
    });
    const counting = express();
    counting.use((req, _res, next) => {
      if (req.path === '/internal/sessions/resolve') resolveCalls += 1;
      next();
    });
    counting.use(authApp);
    auth = await serve(counting);
    catalog = await serve(echoCatalog());
    const config = loadGatewayConfig({
      IDENTITY_SECRET: TEST_IDENTITY_SECRET,
      STATIC_ROOT: staticRoot,
      SITE_URL: SITE,
      CATALOG_URL: catalog.url,
      AUTH_URL: auth.url,
      MEDIA_URL: catalog.url,
      CHECKER_URL: catalog.url,
      AMQP_URL: process.env.AMQP_URL || 'amqp://guest:guest@127.0.0.1:5672',
      AMQP_PREFIX: mq.prefix,
    });
    gateway = createGateway(config, silentLogger);
    await gateway.start();
    site = await serve(gateway.app);
  });

  afterAll(async () => {
    await site?.close();
    await gateway?.close();
    await catalog?.close();
    await auth?.close();
    await smtp?.close();
    await mq?.destroy();
    await db?.drop();
    rmSync(staticRoot, { recursive: true, force: true });
  });

  const call = (p: string, init: RequestInit & { headers?: Record<string, string> } = {}) => fetch(`${site.url}${p}`, { ...init, headers: { 'content-type': 'application/json', ...init.headers } });

  /** Signs in through the gateway with the e-mailed code; returns the Cookie header. */
  async function signIn(email: string): Promise<string> {
    const started = Date.now();
    expect((await call('/api/auth/login/request', { method: 'POST', body: JSON.stringify({ email }), headers: { origin: SITE } })).status).toBe(202);
    const { code } = signInParts(await smtp.next(email, started));
    const response = await call('/api/auth/login/code', { method: 'POST', body: JSON.stringify({ email, code }), headers: { origin: SITE } });
    expect(response.status).toBe(200);
    return (response.headers.get('set-cookie') ?? '').split(';')[0]!;
  }

  const identityAt = async (cookie?: string) => ((await (await call('/api/catalog/anything', { headers: cookie ? { cookie } : {} })).json()) as { identity: unknown }).identity;

  it('when a signed-in browser calls a service, then the service gets a signed identity; the cookie is resolved once per 30 s', async () => {
    const cookie = await signIn('owner@example.com');
    const before = resolveCalls;
    expect(await identityAt(cookie)).toMatchObject({ email: 'owner@example.com', roles: [] });
    // Services other than svc-auth never see the session cookie, only the signed identity.
    expect(((await (await call('/api/catalog/anything', { headers: { cookie } })).json()) as { cookie: unknown }).cookie).toBeNull();
    for (let i = 0; i < 5; i += 1) await identityAt(cookie);
    expect(resolveCalls - before).toBe(1);
    expect(await identityAt()).toBeNull();
    expect(await identityAt('mealprep_session=not-a-real-session-token-000000')).toBeNull();
    const me = (await (await call('/api/auth/me', { headers: { cookie } })).json()) as { user: { email: string } };
    expect(me.user.email).toBe('owner@example.com');
  });

  it('when a browser signs in and logs out through the gateway, then the cookie is HttpOnly, SameSite=Lax, for the whole site and 90 days (not Secure on http), logging out clears it, and both answers carry the security headers', async () => {
    const email = 'headers@example.com';
    const started = Date.now();
    expect((await call('/api/auth/login/request', { method: 'POST', body: JSON.stringify({ email }), headers: { origin: SITE } })).status).toBe(202);
    const { code } = signInParts(await smtp.next(email, started));
    const signedIn = await call('/api/auth/login/code', { method: 'POST', body: JSON.stringify({ email, code }), headers: { origin: SITE } });
    const out = await call('/api/auth/logout', { method: 'POST', headers: { cookie: (signedIn.headers.get('set-cookie') ?? '').split(';')[0]!, origin: SITE } });
    const attributes = (answer: Response) => (answer.headers.get('set-cookie') ?? '').split(';').map((part) => part.trim().toLowerCase());
    expect(attributes(signedIn)[0]).toMatch(/^mealprep_session=[a-z0-9_-]{22,}$/);
    expect(attributes(signedIn).slice(1).sort()).toEqual(['httponly', 'max-age=7776000', 'path=/', 'samesite=lax', expect.stringMatching(/^expires=/)].sort());
    expect(attributes(out)[0]).toBe('mealprep_session=');
    expect(attributes(out)).toContain('httponly');
    expect(attributes(out).find((part) => part.startsWith('expires='))).toBe('expires=thu, 01 jan 1970 00:00:00 gmt');
    for (const answer of [signedIn, out]) {
      expect(answer.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(answer.headers.get('strict-transport-security')).toBeNull();
      expect(answer.headers.get('cache-control') ?? '').toMatch(/no-store/);
    }
  });

  it('when the user logs out, then the very next request is anonymous, and the session cannot come back', async () => {
    const cookie = await signIn('leaver@example.com');
    expect(await identityAt(cookie)).not.toBeNull();
    const out = await call('/api/auth/logout', { method: 'POST', headers: { cookie, origin: SITE } });
    expect(out.status).toBe(204);
    expect(await identityAt(cookie)).toBeNull();
    expect(((await (await call('/api/auth/me', { headers: { cookie } })).json()) as { user: unknown }).user).toBeNull();
  });

  it('when a session ends elsewhere (another gateway instance), then the logout event drops it here too', async () => {
    const cookie = await signIn('elsewhere@example.com');
    expect(await identityAt(cookie)).not.toBeNull();
    // Straight to svc-auth, not through this gateway: only the event can tell it.
    expect((await fetch(`${auth.url}/logout`, { method: 'POST', headers: { cookie } })).status).toBe(204);
    const deadline = Date.now() + 3_000;
    while ((await identityAt(cookie)) !== null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(await identityAt(cookie)).toBeNull();
  });

  it('when a page on another site posts to the API, then it is refused and nothing reaches the service', async () => {
    const cookie = await signIn('victim@example.com');
    // With the cookie: anonymous GETs may be answered by the edge cache.
    const writes = async () => ((await (await call('/api/catalog/count', { headers: { cookie } })).json()) as { writes: number }).writes;
    const before = await writes();
    for (const headers of [{ origin: 'https://evil.example' }, { origin: 'null' }, { 'sec-fetch-site': 'cross-site' }, { origin: 'http://meals.test:8081' }] as Array<Record<string, string>>) {
      const response = await call('/api/catalog/services/x/report-still-open', { method: 'POST', body: '{}', headers: { cookie, ...headers } });
      expect(response.status).toBe(403);
      expect(((await response.json()) as { error: { message: string } }).error.message).toBe('Cross-site requests are not allowed.');
    }
    const logout = await call('/api/auth/logout', { method: 'POST', headers: { cookie, origin: 'https://evil.example' } });
    expect(logout.status).toBe(403);
    expect(await identityAt(cookie)).not.toBeNull();
    expect(await writes()).toBe(before);
    const own = await call('/api/catalog/services/x/report-still-open', { method: 'POST', body: '{}', headers: { cookie, origin: SITE } });
    expect(own.status).toBe(200);
    expect(await writes()).toBe(before + 1);
  });

  it('when a caller forges an identity or internal header, or calls an internal route, then it gets nothing', async () => {
    const forged = await call('/api/catalog/anything', { headers: { 'x-mealprep-identity': 'e30', 'x-mealprep-identity-sig': 'abc', 'x-mealprep-internal': 'internal.1.abc' } });
    expect(((await forged.json()) as { identity: unknown }).identity).toBeNull();
    for (const p of ['/api/auth/internal/sessions/resolve', '/api/auth/%69nternal/sessions/resolve', '/api/auth//internal/sessions/resolve', '/api/auth/INTERNAL/sessions/resolve']) {
      const response = await call(p, { method: 'POST', body: JSON.stringify({ token: 'a'.repeat(43) }), headers: { origin: SITE } });
      expect(response.status, p).toBe(404);
    }
  });

  it('when an admin of ADMIN_EMAILS signs in, then services see the admin role and is-admin says true', async () => {
    const cookie = await signIn('admin@example.com');
    expect(await identityAt(cookie)).toMatchObject({ email: 'admin@example.com', roles: ['admin'] });
    expect(await (await call('/api/auth/admin/is-admin', { headers: { cookie } })).json()).toEqual({ isAdmin: true });
    expect(await (await call('/api/auth/admin/is-admin')).json()).toEqual({ isAdmin: false });
  });
});
