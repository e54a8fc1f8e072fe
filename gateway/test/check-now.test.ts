import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import { createResolver } from '@mealprep/service-kit';
import { serve, silentLogger, TEST_IDENTITY_SECRET, testBroker, testDatabase, testOutbox } from '@mealprep/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkerRepositories, createCheckerApp, ensureCheckerIndexes, type CheckerDeps } from '../../svc-checker/src/app';
import { subscribeCatalogEvents } from '../../svc-checker/src/entry-points/mq/catalog-events';
import { startFakeSites } from '../../svc-checker/test/fake-sites';
import { createGateway } from '../src/app';
import { checkNowTimeoutMs, loadGatewayConfig } from '../src/config';

/**
 * What svc-checker and the gateway both read: one check's budget, well past the slow site's 1.5 s
 * even when the test's process is slowed by others; the gateway's usual wait is far shorter.
 */
const CHECK_TIMEOUT_MS = 5_000;
const UPSTREAM_TIMEOUT_MS = 500;
const ADMIN_COOKIE = 'mealprep_session=admin-session-token';
const id = (n: number) => `65b0000000000000000000${String(n).padStart(2, '0')}`;

/** svc-auth's stand-in: the one session it knows is an admin's. */
function fakeAuth() {
  const app = express();
  app.use(express.json());
  app.post('/internal/sessions/resolve', (req, res) => {
    res.json({ identity: req.body?.token === 'admin-session-token' ? { userId: 'boss', email: 'boss@example.com', roles: ['admin'] } : null });
  });
  return app;
}

describe('"check now" through the gateway, against a site that answers slowly', () => {
  let staticRoot: string;
  let db: Awaited<ReturnType<typeof testDatabase>>;
  let mq: Awaited<ReturnType<typeof testBroker>>;
  let sites: Awaited<ReturnType<typeof startFakeSites>>;
  let checker: Awaited<ReturnType<typeof serve>>;
  let auth: Awaited<ReturnType<typeof serve>>;
  let site: Awaited<ReturnType<typeof serve>>;
  let gateway: ReturnType<typeof createGateway>;

  beforeAll(async () => {
    staticRoot = mkdtempSync(path.join(tmpdir(), 'mealprep-gateway-check-now-'));
    mkdirSync(path.join(staticRoot, 'shell', 'dist'), { recursive: true });
    writeFileSync(path.join(staticRoot, 'shell', 'dist', 'index.html'), '<html><head><!--runtime-config--></head><body></body></html>');
    db = await testDatabase('gateway-check-now');
    mq = await testBroker('gateway-check-now');
    sites = await startFakeSites();
    const deps: CheckerDeps = {
      logger: silentLogger,
      connection: db.connection,
      broker: mq.broker,
      identitySecret: TEST_IDENTITY_SECRET,
      jobRetryDelaysMs: [200],
      check: { allowHosts: ['127.0.0.1'], resolve: createResolver([]), userAgent: 'test-checker', timeoutMs: CHECK_TIMEOUT_MS, maxBytes: 1024 * 1024, maxRedirects: 10, retryDelaysMs: [] },
    };
    const repositories = checkerRepositories(db.connection, testOutbox(db.connection));
    await ensureCheckerIndexes(repositories);
    await subscribeCatalogEvents({ broker: mq.broker, ...repositories, identitySecret: TEST_IDENTITY_SECRET, logger: silentLogger });
    checker = await serve(createCheckerApp(deps));
    auth = await serve(fakeAuth());
    gateway = createGateway(
      loadGatewayConfig({
        IDENTITY_SECRET: TEST_IDENTITY_SECRET,
        STATIC_ROOT: staticRoot,
        CATALOG_URL: checker.url,
        AUTH_URL: auth.url,
        MEDIA_URL: checker.url,
        CHECKER_URL: checker.url,
        UPSTREAM_TIMEOUT_MS: String(UPSTREAM_TIMEOUT_MS),
        CHECK_TIMEOUT_MS: String(CHECK_TIMEOUT_MS),
      }),
      silentLogger,
    );
    site = await serve(gateway.app);
    const service = (n: number, name: string, website: string) =>
      mq.broker.publish('catalog.service.created', { serviceId: id(n), slug: name.toLowerCase().replace(/ /g, '-'), status: 'published', name, website, version: 1 });
    await service(1, 'Slow Skillet', `${sites.url}/slow?ms=1500`);
    await service(2, 'Hanging Hearth', `${sites.url}/hang`);
  });

  afterAll(async () => {
    await site?.close();
    await gateway?.close();
    await auth?.close();
    await checker?.close();
    await sites?.close();
    await mq?.destroy();
    await db?.drop();
    rmSync(staticRoot, { recursive: true, force: true });
  });

  const call = async (method: string, pathname: string) => {
    const started = Date.now();
    const response = await fetch(`${site.url}${pathname}`, { method, headers: { cookie: ADMIN_COOKIE } });
    return { status: response.status, body: (await response.json()) as Record<string, unknown>, ms: Date.now() - started };
  };
  const stored = async (name: string) => {
    const { body } = await call('GET', '/api/checker/admin/checks?filter=all');
    return (body.items as Array<{ serviceName: string; status: string | null }>).find((c) => c.serviceName === name)?.status ?? null;
  };

  it("when the site answers after the gateway's usual wait but within the check budget, then the admin gets the result, not a 504", async () => {
    await expect.poll(async () => (await call('GET', '/api/checker/admin/checks/status')).body.totalServices, { timeout: 10_000 }).toBe(2);
    const answer = await call('POST', `/api/checker/admin/checks/services/${id(1)}/check`);
    expect(answer.ms).toBeGreaterThan(UPSTREAM_TIMEOUT_MS);
    expect(answer).toMatchObject({ status: 200, body: { result: { status: 'accessible' }, suggestedAction: null } });
    expect(await stored('Slow Skillet')).toBe('accessible');
  });

  it('when the site never answers, then the check uses its whole budget and the admin still gets its result (unreachable)', async () => {
    const answer = await call('POST', `/api/checker/admin/checks/services/${id(2)}/check`);
    expect(answer.ms).toBeGreaterThanOrEqual(CHECK_TIMEOUT_MS);
    expect(answer).toMatchObject({ status: 200, body: { result: { status: 'unreachable' }, suggestedAction: 'review' } });
    expect(await stored('Hanging Hearth')).toBe('unreachable');
  });

  it('when the settings change, then "check now" waits the check budget plus a margin, and never less than any other call', () => {
    expect(checkNowTimeoutMs({ UPSTREAM_TIMEOUT_MS: 15_000, CHECK_TIMEOUT_MS: 20_000 })).toBe(30_000);
    expect(checkNowTimeoutMs({ UPSTREAM_TIMEOUT_MS: 60_000, CHECK_TIMEOUT_MS: 20_000 })).toBe(60_000);
    expect(
      checkNowTimeoutMs(
        loadGatewayConfig({
          IDENTITY_SECRET: TEST_IDENTITY_SECRET,
          CATALOG_URL: 'http://127.0.0.1:1',
          AUTH_URL: 'http://127.0.0.1:1',
          MEDIA_URL: 'http://127.0.0.1:1',
          CHECKER_URL: 'http://127.0.0.1:1',
        }),
      ),
    ).toBeGreaterThan(20_000);
  });
});
