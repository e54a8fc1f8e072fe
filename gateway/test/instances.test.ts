import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { requestContext } from '@mealprep/service-kit';
import { serve, silentLogger } from '@mealprep/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUpstream, proxyTo, type Upstream } from '../src/proxy/upstream-proxy';

/** One instance of a service's stand-in, which can be stopped and started again on its port. */
class Instance {
  server: Server | null = null;
  port = 0;
  readonly seen: string[] = [];

  constructor(readonly name: string) {}

  private app() {
    const app = express();
    app.use(express.text({ type: '*/*' }));
    app.get('/healthz', (_req, res) => res.json({ status: 'ok' }));
    app.get('/who', (_req, res) => {
      this.seen.push('GET /who');
      res.json({ instance: this.name });
    });
    app.post('/orders', (req, res) => {
      this.seen.push(`POST /orders ${String(req.body)}`);
      res.status(201).json({ instance: this.name });
    });
    // Takes the request, then its connection breaks before any answer (a process killed mid-request).
    app.all('/break', (req, res) => {
      this.seen.push(`${req.method} /break`);
      res.socket?.destroy();
    });
    return app;
  }

  async start(): Promise<void> {
    const server = createServer(this.app());
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', () => resolve()));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }
}

describe('the gateway with several instances of a service', () => {
  const a = new Instance('a');
  const b = new Instance('b');
  let upstream: Upstream;
  let front: Awaited<ReturnType<typeof serve>>;

  beforeAll(async () => {
    await a.start();
    await b.start();
    upstream = createUpstream('catalog', [a.url, b.url], { timeoutMs: 2_000, connectTimeoutMs: 300 });
    upstream.pool.start();
    const app = express();
    app.use(requestContext(silentLogger));
    app.use(proxyTo(upstream));
    front = await serve(app);
    for (const deadline = Date.now() + 5_000; !upstream.pool.instances.every((i) => i.health.up);) {
      if (Date.now() > deadline) throw new Error('the instances did not answer their probes');
      await new Promise((r) => setTimeout(r, 50));
    }
  });

  afterAll(async () => {
    await front?.close();
    await upstream?.pool.close();
    await a.stop();
    await b.stop();
  });

  const call = async (method: string, path: string, body?: string) => {
    const answer = await fetch(`${front.url}${path}`, { method, ...(body ? { body, headers: { 'content-type': 'text/plain' } } : {}) });
    return { status: answer.status, body: (await answer.json()) as { instance?: string; error?: { code: string; message: string } }, retryAfter: answer.headers.get('retry-after') };
  };

  it('when both answer, then reads are taken by each in turn', async () => {
    const who = [];
    for (let i = 0; i < 6; i += 1) who.push((await call('GET', '/who')).body.instance);
    expect(who.filter((w) => w === 'a')).toHaveLength(3);
    expect(who.filter((w) => w === 'b')).toHaveLength(3);
  });

  it('when one stops, then no read fails: it is taken out, and back in once it answers again', async () => {
    await a.stop();
    const statuses = [];
    for (let i = 0; i < 20; i += 1) statuses.push((await call('GET', '/who')).status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(upstream.pool.instances[0]!.health.up).toBe(false);
    // Writes meanwhile go to the instance that answers.
    expect((await call('POST', '/orders', 'first')).body.instance).toBe('b');

    await a.start();
    await expect.poll(() => upstream.pool.instances[0]!.health.up, { timeout: 3_000 }).toBe(true);
    const who = new Set<string | undefined>();
    for (let i = 0; i < 4; i += 1) who.add((await call('GET', '/who')).body.instance);
    expect([...who].sort()).toEqual(['a', 'b']);
  });

  it("when an instance's connection breaks before it answers, then a read goes to the other instance, and a write is not sent again: a 503 the caller may retry", async () => {
    a.seen.length = 0;
    b.seen.length = 0;
    expect((await call('GET', '/break')).status).toBe(503);
    // The read went to both (once each): the first broke, so it was sent to the other, which broke too.
    expect([...a.seen, ...b.seen]).toEqual(['GET /break', 'GET /break']);

    await expect.poll(() => upstream.pool.instances.every((i) => i.health.up), { timeout: 3_000 }).toBe(true);
    a.seen.length = 0;
    b.seen.length = 0;
    const write = await call('POST', '/break', 'once');
    expect(write.status).toBe(503);
    expect(write.body.error).toEqual({ code: 'service_unavailable', message: 'The catalog service is unavailable. Please try again in a moment.', service: 'catalog', requestId: expect.any(String) });
    expect(write.retryAfter).toBe('1');
    // Sent to one instance only: it may have acted on it.
    expect([...a.seen, ...b.seen]).toEqual(['POST /break']);
  });
});
