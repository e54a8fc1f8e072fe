import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import { verifyClientAddress } from '@mealprep/service-kit';
import { serve, silentLogger, TEST_IDENTITY_SECRET, testPublishedBrand } from '@mealprep/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway } from '../src/app';
import { loadGatewayConfig } from '../src/config';
// @ts-expect-error plain ESM helper without types
import { freePort } from '../../scripts/lib/net.mjs';
import { writePublicRelease } from './public-release';

function fakeCatalog() {
  const app = express();
  app.use(express.text({ type: '*/*' }));
  app.get('/brand', (_req, res) => res.json(testPublishedBrand));
  app.all(/.*/, (req, res) => {
    if (req.path === '/slow') return; // never answers
    res.setHeader('x-upstream', 'catalog');
    res.status(req.path === '/missing' ? 404 : 200).json({ method: req.method, url: req.url, headers: req.headers, body: req.body });
  });
  return app;
}

describe('gateway', () => {
  let staticRoot: string;
  let catalog: Awaited<ReturnType<typeof serve>>;
  let site: Awaited<ReturnType<typeof serve>>;
  let gateway: ReturnType<typeof createGateway>;

  beforeAll(async () => {
    staticRoot = mkdtempSync(path.join(tmpdir(), 'mealprep-gateway-'));
    mkdirSync(path.join(staticRoot, 'shell', 'dist', 'static'), { recursive: true });
    mkdirSync(path.join(staticRoot, 'mfe-public', 'dist'), { recursive: true });
    writeFileSync(path.join(staticRoot, 'shell', 'dist', 'index.html'), '<html><head><!--runtime-config--></head><body>shell</body></html>');
    writeFileSync(path.join(staticRoot, 'shell', 'dist', 'static', 'main.0123abcd.js'), 'console.log(1)');
    writeFileSync(path.join(staticRoot, 'shell', 'dist', 'static', 'main.0123abcd.js.br'), 'brotli bytes');
    writeFileSync(path.join(staticRoot, 'shell', 'dist', 'static', 'main.0123abcd.js.gz'), 'gzip bytes');
    writeFileSync(path.join(staticRoot, 'mfe-public', 'dist', 'mf-manifest.json'), '{"name":"public"}');
    writePublicRelease(staticRoot);
    catalog = await serve(fakeCatalog());
    const down = await freePort();
    const config = loadGatewayConfig({
      IDENTITY_SECRET: TEST_IDENTITY_SECRET,
      PORT: '0',
      STATIC_ROOT: staticRoot,
      CATALOG_URL: catalog.url,
      AUTH_URL: `http://127.0.0.1:${down}`,
      MEDIA_URL: `http://127.0.0.1:${down}`,
      CHECKER_URL: `http://127.0.0.1:${down}`,
      UPSTREAM_TIMEOUT_MS: '500',
      REMOTE_PUBLIC_URL: 'https://cdn.example.com/public/mf-manifest.json',
    });
    gateway = createGateway(config, silentLogger);
    site = await serve(gateway.app);
  });

  afterAll(async () => {
    await site?.close();
    await gateway?.close();
    await catalog?.close();
    rmSync(staticRoot, { recursive: true, force: true });
  });

  it('when a browser calls /api/catalog, then the request reaches the catalog with path, query, body and a request id', async () => {
    const response = await fetch(`${site.url}/api/catalog/regions/new-york?x=1`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', 'x-request-id': 'abc-1' },
      body: 'hello',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-upstream')).toBe('catalog');
    const seen = (await response.json()) as { method: string; url: string; body: string; headers: Record<string, string> };
    expect(seen).toMatchObject({ method: 'POST', url: '/regions/new-york?x=1', body: 'hello' });
    expect(seen.headers['x-request-id']).toBe('abc-1');
    expect(response.headers.get('x-request-id')).toBe('abc-1');
  });

  it('when a caller forges identity or forwarding headers, then the service never sees them: it gets the address the gateway signed', async () => {
    const response = await fetch(`${site.url}/api/catalog/me`, {
      headers: { 'x-mealprep-identity': 'forged', 'x-mealprep-identity-sig': 'forged', 'x-forwarded-for': '1.2.3.4', forwarded: 'for=1.2.3.4', 'x-real-ip': '1.2.3.4', 'x-mealprep-client': 'forged' },
    });
    const seen = (await response.json()) as { headers: Record<string, string> };
    expect(seen.headers['x-mealprep-identity']).toBeUndefined();
    expect(seen.headers['x-mealprep-identity-sig']).toBeUndefined();
    expect(JSON.stringify(seen.headers)).not.toContain('1.2.3.4');
    expect(verifyClientAddress(seen.headers, TEST_IDENTITY_SECRET)).toBe('127.0.0.1');
  });

  it('when the service answers an error, then its status and body pass through unchanged', async () => {
    expect((await fetch(`${site.url}/api/catalog/missing`)).status).toBe(404);
  });

  it('when a service is down, then the answer is a 503 JSON naming it within a second', async () => {
    const started = Date.now();
    const response = await fetch(`${site.url}/api/auth/session`);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(response.status).toBe(503);
    const body = (await response.json()) as { error: { code: string; service: string; message: string } };
    expect(body.error).toMatchObject({ code: 'service_unavailable', service: 'auth', message: 'The auth service is unavailable. Please try again in a moment.' });
  });

  it('when a service hangs, then the gateway gives up with a 504 instead of waiting forever', async () => {
    const response = await fetch(`${site.url}/api/catalog/slow`);
    expect(response.status).toBe(504);
    expect(((await response.json()) as { error: { service: string } }).error.service).toBe('catalog');
  });

  it('when an unknown API is called, then it is a JSON 404, not the shell page', async () => {
    const response = await fetch(`${site.url}/api/nothing/here`);
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('not_found');
  });

  it('when a browser opens a client route, then it gets the shell page with the runtime config embedded (404 status for unknown paths)', async () => {
    for (const [route, status] of [
      ['/', 200],
      ['/about', 200],
      ['/no/such/page', 404],
      ['/meal-type/..%2F..', 404],
    ] as const) {
      const response = await fetch(`${site.url}${route}`);
      expect(response.status).toBe(status);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      const html = await response.text();
      const json = /<script type="application\/json" id="runtime-config">(.*?)<\/script>/.exec(html)?.[1];
      expect(JSON.parse(json ?? 'null')).toMatchObject({
        apiBase: '/api',
        remotes: { public: 'https://cdn.example.com/public/mf-manifest.json', dashboard: '/remotes/dashboard/release.json' },
      });
    }
    expect(((await (await fetch(`${site.url}/runtime-config.json`)).json()) as { siteName: string }).siteName).toBe('Meal Prep Directory');
  });

  it('when assets are fetched, then hashed files are cached for a year and manifests are always revalidated with CORS', async () => {
    const asset = await fetch(`${site.url}/static/main.0123abcd.js`);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const manifest = await fetch(`${site.url}/remotes/public/mf-manifest.json`);
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    expect(manifest.headers.get('access-control-allow-origin')).toBe('*');
    expect(manifest.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await fetch(`${site.url}/remotes/public/missing.js`)).status).toBe(404);
    expect((await fetch(`${site.url}/static/missing.js`)).status).toBe(404);
  });

  it('when a browser accepts brotli or gzip, then it gets the copy the build compressed, with the right type', async () => {
    const get = (encoding: string) => fetch(`${site.url}/static/main.0123abcd.js`, { headers: { 'accept-encoding': encoding } });
    // fetch would decode a real encoding, so read the raw headers and length only.
    const br = await get('gzip, deflate, br');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(br.headers.get('cache-control')).toContain('immutable');
    expect(br.headers.get('vary')).toContain('accept-encoding');
    await br.body?.cancel();
    const gz = await get('gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    await gz.body?.cancel();
    const plain = await get('identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe('console.log(1)');
    expect((await fetch(`${site.url}/static/..%2f..%2fetc/passwd.js`)).status).toBe(404);
  });

  it('when a file of a remote is missing, then the answer is a plain 404 that names no folder of the server', async () => {
    for (const missing of [
      '/remotes/public/missing.js',
      '/remotes/public/remoteEntry.js',
      '/remotes/dashboard/mf-manifest.json',
      '/remotes/public/',
      '/remotes/public/..%2f..%2fetc%2fpasswd',
      '/remotes/public/a%00b.js',
    ]) {
      const answer = await fetch(`${site.url}${missing}`, { redirect: 'manual' });
      expect(answer.status, missing).toBe(404);
      const text = await answer.text();
      for (const leak of [staticRoot, tmpdir(), 'ENOENT', 'dist']) expect(text, missing).not.toContain(leak);
      expect((JSON.parse(text) as { error: { code: string } }).error.code, missing).toBe('not_found');
    }
    // What is there is still served.
    expect(await (await fetch(`${site.url}/remotes/public/mf-manifest.json`)).text()).toBe('{"name":"public"}');
  });

  it('when the machine scrapes /metrics, then it gets the gateway request counts; through a proxy, or the /metrics or health probes of a service through /api, there is nothing', async () => {
    await (await fetch(`${site.url}/api/catalog/regions/texas`)).arrayBuffer();
    const local = await fetch(`${site.url}/metrics`);
    expect(local.status).toBe(200);
    const text = await local.text();
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/api\/catalog",status="200"\} \d+/);
    expect(text).toContain('live_clients 0');
    expect((await fetch(`${site.url}/metrics`, { headers: { 'x-forwarded-for': '203.0.113.9' } })).status).toBe(404);
    const proxied = await fetch(`${site.url}/api/catalog/metrics`);
    expect(proxied.status).toBe(404);
    expect(proxied.headers.get('x-upstream')).toBeNull();
    expect((await fetch(`${site.url}/api/catalog//METRICS`)).status).toBe(404);
    // Health probes are the machine's too: the gateway probes the service directly.
    for (const probe of ['healthz', 'readyz', 'READYZ/', 'healthz%2F']) {
      const answer = await fetch(`${site.url}/api/catalog/${probe}`);
      expect(answer.status, probe).toBe(404);
      expect(answer.headers.get('x-upstream'), probe).toBeNull();
    }
  });
});
