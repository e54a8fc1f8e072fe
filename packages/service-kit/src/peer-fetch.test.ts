import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './testing/processes';
import { peerFetch } from './peer-fetch';

function instance(name: string): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    if (req.url === '/break') return void res.socket?.destroy();
    if (req.url === '/nothing') return void res.writeHead(204, { 'x-from': name }).end();
    if (req.url === '/slow') return void setTimeout(() => res.end(name), 2_000).unref();
    if (req.url === '/echo') {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => res.writeHead(201, { 'content-type': 'application/json', 'set-cookie': ['a=1', 'b=2'] }).end(JSON.stringify({ method: req.method, signed: req.headers['x-signed'], body })));
      return;
    }
    res.end(name);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })));
}

describe('peerFetch: a peer service asked on one of its instances', () => {
  let a: { server: Server; url: string };
  let b: { server: Server; url: string };
  let gone: string;
  beforeAll(async () => {
    [a, b] = await Promise.all([instance('a'), instance('b')]);
    gone = `http://127.0.0.1:${await freePort()}`;
  });
  afterAll(() => {
    a.server.close();
    b.server.close();
  });

  it('when a peer has several instances, then they are asked in turn', async () => {
    const urls = `${a.url}, ${b.url}`;
    const answers = [];
    for (let i = 0; i < 4; i += 1) answers.push(await (await peerFetch(urls, '/who')).text());
    expect(answers.sort()).toEqual(['a', 'a', 'b', 'b']);
  });

  it('when one cannot be reached, then every call is answered by another', async () => {
    const urls = `${gone},${a.url}`;
    for (let i = 0; i < 4; i += 1) expect(await (await peerFetch(urls, '/who')).text()).toBe('a');
  });

  it('when a lookup is sent by POST with headers and a body, then they arrive, and the answer reads as fetch gives it (status, headers, JSON; none for a 204)', async () => {
    const answer = await peerFetch(a.url, '/echo', { method: 'POST', headers: { 'x-signed': 'yes', 'content-type': 'application/json' }, body: JSON.stringify({ ids: ['1'] }) });
    expect([answer.status, answer.ok, answer.headers.get('content-type'), answer.headers.get('set-cookie')]).toEqual([201, true, 'application/json', 'a=1, b=2']);
    expect(await answer.json()).toEqual({ method: 'POST', signed: 'yes', body: '{"ids":["1"]}' });
    const nothing = await peerFetch(a.url, '/nothing');
    expect([nothing.status, nothing.headers.get('x-from'), await nothing.text()]).toEqual([204, 'a', '']);
  });

  it('when the peer is slower than the deadline, then the call fails with a timeout', async () => {
    await expect(peerFetch(a.url, '/slow', { timeoutMs: 100 })).rejects.toMatchObject({ name: 'TimeoutError' });
    await expect(peerFetch(a.url, '/slow', { signal: AbortSignal.timeout(100) })).rejects.toMatchObject({ name: 'TimeoutError' });
  });

  it('when none can be reached or every connection breaks, then the call fails', async () => {
    await expect(peerFetch(gone, '/who')).rejects.toThrow();
    await expect(peerFetch(`${a.url},${b.url}`, '/break')).rejects.toThrow();
  });
});
