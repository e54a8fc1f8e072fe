import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './testing/processes';
import { peerFetch } from './peer-fetch';

function instance(name: string): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    if (req.url === '/break') return void res.socket?.destroy();
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

  it('when none can be reached or every connection breaks, then the call fails', async () => {
    await expect(peerFetch(gone, '/who')).rejects.toThrow();
    await expect(peerFetch(`${a.url},${b.url}`, '/break')).rejects.toThrow();
  });
});
