import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import { serve, silentLogger, TEST_IDENTITY_SECRET } from '@mealprep/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway } from '../src/app';
import { loadGatewayConfig } from '../src/config';

const UPSTREAM_TIMEOUT_MS = 300;
/**
 * How long the stand-in svc-catalog takes to answer: well past the gateway's usual wait, which
 * undici's coarse timers (about half a second a tick) may end up to a second late.
 */
const SLOW_MS = 3_000;
const ADMIN_COOKIE = 'mealprep_session=admin-session-token';

/**
 * An admin's import or bulk change of many listings is answered when it is done; the gateway
 * waits for it longer than for one ordinary request, which still gets a 504 when it is late.
 */
describe('imports and bulk changes through the gateway', () => {
  let staticRoot: string;
  let catalog: Awaited<ReturnType<typeof serve>>;
  let auth: Awaited<ReturnType<typeof serve>>;
  let site: Awaited<ReturnType<typeof serve>>;
  let gateway: ReturnType<typeof createGateway>;

  beforeAll(async () => {
    staticRoot = mkdtempSync(path.join(tmpdir(), 'mealprep-gateway-many-'));
    mkdirSync(path.join(staticRoot, 'shell', 'dist'), { recursive: true });
    writeFileSync(path.join(staticRoot, 'shell', 'dist', 'index.html'), '<html><head><!--runtime-config--></head><body></body></html>');
    const slow = express();
    slow.use((_req, res) => void setTimeout(() => res.json({ done: true }), SLOW_MS));
    catalog = await serve(slow);
    const fakeAuth = express();
    fakeAuth.use(express.json());
    fakeAuth.post('/internal/sessions/resolve', (req, res) => {
      res.json({ identity: req.body?.token === 'admin-session-token' ? { userId: 'boss', email: 'boss@example.com', roles: ['admin'] } : null });
    });
    auth = await serve(fakeAuth);
    gateway = createGateway(
      loadGatewayConfig({
        IDENTITY_SECRET: TEST_IDENTITY_SECRET,
        STATIC_ROOT: staticRoot,
        CATALOG_URL: catalog.url,
        AUTH_URL: auth.url,
        MEDIA_URL: catalog.url,
        CHECKER_URL: catalog.url,
        UPSTREAM_TIMEOUT_MS: String(UPSTREAM_TIMEOUT_MS),
      }),
      silentLogger,
    );
    site = await serve(gateway.app);
  });
  afterAll(async () => {
    await site?.close();
    await gateway?.close();
    await auth?.close();
    await catalog?.close();
    rmSync(staticRoot, { recursive: true, force: true });
  });

  const post = async (pathname: string) => {
    const response = await fetch(`${site.url}${pathname}`, { method: 'POST', headers: { cookie: ADMIN_COOKIE, 'content-type': 'application/json' }, body: '{}' });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it('when an import or a bulk change takes longer than an ordinary request may, then the admin still gets its answer', async () => {
    const paths = ['/api/catalog/admin/import/services', '/api/catalog/admin/import/articles', '/api/catalog/admin/services/bulk/status', '/api/catalog/admin/services/bulk/delete'];
    const answers = await Promise.all(paths.map(async (pathname) => [pathname, await post(pathname)]));
    expect(answers).toEqual(paths.map((pathname) => [pathname, { status: 200, body: { done: true } }]));
  });

  it('when any other call is as late, then it is a 504 as before', async () => {
    expect((await post('/api/catalog/admin/services/abc/feature')).status).toBe(504);
  });
});
