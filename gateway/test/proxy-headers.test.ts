import { request as httpRequest } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import { requestContext } from '@mealprep/service-kit';
import { serve, silentLogger, TEST_IDENTITY_SECRET, testBroker } from '@mealprep/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway } from '../src/app';
import { loadGatewayConfig } from '../src/config';
import { createUpstream, proxyTo } from '../src/proxy/upstream-proxy';
// @ts-expect-error plain ESM helper without types
import { freePort } from '../../scripts/lib/net.mjs';

/** Calls of the echo whose head has reached the service, counted before their body is read. */
let echoesArrived = 0;

/** svc-catalog's stand-in: healthy, a list, and an echo of what reached it. */
function fakeCatalog() {
  const app = express();
  app.use('/echo', (_req, _res, next) => {
    echoesArrived += 1;
    next();
  });
  app.use(express.text({ type: '*/*' }));
  app.get('/healthz', (_req, res) => res.json({ status: 'ok' }));
  app.get('/services', (_req, res) => res.json({ items: [], total: 0, page: 1, pageSize: 6, pageCount: 0 }));
  app.all('/echo', (req, res) => res.json({ method: req.method, headers: req.headers, body: req.body }));
  app.all('/hang', () => undefined); // never answers
  // Starts a long answer and breaks off halfway.
  app.get('/half', (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '100000' });
    res.write('y'.repeat(50_000), () => setTimeout(() => res.socket?.destroy(), 20));
  });
  app.use((_req, res) => res.status(404).json({ error: { code: 'not_found', message: 'no' } }));
  return app;
}

/** A raw HTTP/1.1 call: fetch will not send Expect or the hop-by-hop headers a proxy or an old client does. */
function rawCall(url: string, method: string, headers: Record<string, string>, body?: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Every header that belongs to one hop, Expect, and one the Connection header names. */
const HOP_HEADERS = {
  expect: '100-continue',
  connection: 'keep-alive, x-named-hop',
  'x-named-hop': 'dropped',
  'keep-alive': 'timeout=5',
  te: 'trailers',
  // Sent chunked (a Trailer needs that), so Transfer-Encoding is one of them too.
  'transfer-encoding': 'chunked',
  trailer: 'x-checksum',
  upgrade: 'websocket',
  'proxy-authorization': 'Basic Zm9vOmJhcg==',
  'proxy-connection': 'keep-alive',
  'x-kept': 'kept',
};

describe('headers of one hop, and what marks the catalogue down', () => {
  let staticRoot: string;
  let catalog: Awaited<ReturnType<typeof serve>>;
  let site: Awaited<ReturnType<typeof serve>>;
  let mq: Awaited<ReturnType<typeof testBroker>>;
  let gateway: ReturnType<typeof createGateway>;

  beforeAll(async () => {
    staticRoot = mkdtempSync(path.join(tmpdir(), 'mealprep-gateway-hops-'));
    mkdirSync(path.join(staticRoot, 'shell', 'dist'), { recursive: true });
    writeFileSync(path.join(staticRoot, 'shell', 'dist', 'index.html'), '<html><head><!--runtime-config--></head><body></body></html>');
    catalog = await serve(fakeCatalog());
    mq = await testBroker('gateway-hops');
    gateway = createGateway(
      loadGatewayConfig({
        IDENTITY_SECRET: TEST_IDENTITY_SECRET,
        STATIC_ROOT: staticRoot,
        CATALOG_URL: catalog.url,
        AUTH_URL: catalog.url,
        MEDIA_URL: catalog.url,
        CHECKER_URL: catalog.url,
        AMQP_URL: process.env.AMQP_URL || 'amqp://guest:guest@127.0.0.1:5672',
        AMQP_PREFIX: mq.prefix,
      }),
      silentLogger,
    );
    await gateway.start();
    site = await serve(gateway.app);
  });

  afterAll(async () => {
    await site?.close();
    await gateway?.close();
    await mq?.destroy();
    await catalog?.close();
    rmSync(staticRoot, { recursive: true, force: true });
  });

  it('when a client sends Expect: 100-continue and hop-by-hop headers on reads and writes, then every call is answered by the service without them, and the catalogue is not marked down', async () => {
    await expect.poll(() => gateway.catalogUp(), { timeout: 10_000 }).toBe(true);
    expect((await fetch(`${site.url}/api/catalog/services`)).status).toBe(200);
    for (const method of ['GET', 'POST', 'PATCH', 'DELETE']) {
      const body = method === 'GET' ? undefined : 'hello';
      const answer = await rawCall(`${site.url}/api/catalog/echo`, method, { ...HOP_HEADERS, ...(body ? { 'content-type': 'text/plain' } : {}) }, body);
      expect(answer.status, method).toBe(200);
      const seen = JSON.parse(answer.text) as { method: string; headers: Record<string, string>; body: unknown };
      expect(seen.method).toBe(method);
      // The body of a write arrives whole; a read has none.
      expect(seen.body).toBe(body);
      for (const name of ['expect', 'x-named-hop', 'keep-alive', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'proxy-authorization', 'proxy-connection'])
        expect(seen.headers[name], `${method} ${name}`).toBeUndefined();
      expect(seen.headers['x-kept']).toBe('kept');
      // Nothing was marked down.
      expect(gateway.catalogUp(), method).toBe(true);
    }
    // A service's own refusal (a 4xx) is an answer, not a failure.
    expect((await rawCall(`${site.url}/api/catalog/nothing-here`, 'POST', { expect: '100-continue', 'content-type': 'text/plain' }, 'x')).status).toBe(404);
    expect(gateway.catalogUp()).toBe(true);
  });
});

describe('proxyTo: only the service failing to connect or answer counts as its failure', () => {
  let upstream: Awaited<ReturnType<typeof serve>>;
  let front: Awaited<ReturnType<typeof serve>>;
  const failures: string[] = [];
  const settled: string[] = [];

  beforeAll(async () => {
    upstream = await serve(fakeCatalog());
    const refused = await freePort();
    const options = { timeoutMs: 500, connectTimeoutMs: 200 };
    const handlers = {
      up: proxyTo(createUpstream('catalog', upstream.url, options), { onFailure: () => failures.push('up') }),
      down: proxyTo(createUpstream('catalog', `http://127.0.0.1:${refused}`, options), { onFailure: () => failures.push('down') }),
    };
    const app = express();
    app.use(requestContext(silentLogger));
    for (const [name, handler] of Object.entries(handlers)) {
      app.use(`/${name}`, (req, res, next) => {
        // The handler's promise settles once it has answered or given up: the sentinel the tests wait for.
        void Promise.resolve(handler(req, res, next) as unknown).then(() => settled.push(`${name} ${req.method}`));
      });
    }
    front = await serve(app);
  });

  afterAll(async () => {
    await front?.close();
    await upstream?.close();
  });

  it('when the service cannot be reached, then the caller gets a 503 and it counts as a failure', async () => {
    const answer = await rawCall(`${front.url}/down/services`, 'GET', {});
    expect(answer.status).toBe(503);
    expect(failures).toEqual(['down']);
    failures.length = 0;
  });

  it('when the service takes a read or a write and never answers, then the caller gets a 504 and it counts as a failure', async () => {
    // A read may simply be asked again; a write may have been done, so the caller is told to check first.
    const read = await rawCall(`${front.url}/up/hang`, 'GET', {});
    expect([read.status, (JSON.parse(read.text) as { error: { message: string } }).error.message]).toEqual([504, 'The catalog service did not answer in time. Please try again in a moment.']);
    const write = await rawCall(`${front.url}/up/hang`, 'POST', { 'content-type': 'text/plain' }, 'a body read to its end');
    expect([write.status, (JSON.parse(write.text) as { error: { message: string } }).error.message]).toEqual([
      504,
      'The catalog service did not answer in time. What you asked may still have been done: please check before trying again.',
    ]);
    expect(failures).toEqual(['up', 'up']);
    failures.length = 0;
  });

  it('when a browser gives up halfway through sending a body, then the service is not marked down', async () => {
    const count = settled.length;
    const arrived = echoesArrived;
    const req = httpRequest(`${front.url}/up/echo`, { method: 'POST', headers: { 'content-type': 'text/plain', 'content-length': '100000' }, agent: false });
    const closed = new Promise<void>((resolve) => {
      req.on('error', () => resolve());
      req.on('close', () => resolve());
    });
    req.write('x'.repeat(1_000));
    // It gives up once the call has reached the service, a hundredth of its body sent.
    try {
      await expect.poll(() => echoesArrived).toBe(arrived + 1);
    } finally {
      req.destroy();
      await closed;
    }
    await expect.poll(() => settled.length).toBe(count + 1);
    expect(failures).toEqual([]);
    // The service still answers others.
    expect((await rawCall(`${front.url}/up/services`, 'GET', {})).status).toBe(200);
  });

  it('when the service breaks off an answer halfway, then the caller’s answer is cut short too (never passed off as whole) and it counts as a failure', async () => {
    const count = settled.length;
    const received = await new Promise<{ bytes: number; complete: boolean }>((resolve) => {
      let bytes = 0;
      const req = httpRequest(`${front.url}/up/half`, { agent: false }, (answer) => {
        answer.on('data', (chunk: Buffer) => (bytes += chunk.length));
        answer.on('close', () => resolve({ bytes, complete: answer.complete }));
      });
      req.on('error', () => resolve({ bytes, complete: false }));
      req.end();
    });
    expect(received.complete).toBe(false);
    expect(received.bytes).toBeLessThan(100_000);
    await expect.poll(() => settled.length).toBe(count + 1);
    expect(failures).toEqual(['up']);
    failures.length = 0;
  });
});
