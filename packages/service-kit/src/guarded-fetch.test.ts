import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FetchRefused, guardedFetch, pinnedLookup, type GuardedFetchOptions } from './guarded-fetch';
import { createResolver } from './resolver';

let server: Server;
let port: number;
const hits: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    hits.push(`${req.headers.host}${url.pathname}`);
    if (url.pathname === '/to') return void res.writeHead(302, { location: url.searchParams.get('url') ?? '/' }).end();
    if (url.pathname === '/big') return void res.end('x'.repeat(5_000));
    if (url.pathname === '/hang') return;
    res.end(`hello from ${req.headers.host}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);

// Only these names exist; none of them is known to DNS, so an answer proves the vetted address was used.
const resolve = createResolver([
  ['kitchen.test', '127.0.0.1'],
  ['*.kitchen.test', '127.0.0.1'],
  ['sneaky.example.com', '10.1.2.3'],
  ['loopback.example.com', '127.0.0.1'],
  ['compatible.example.com', '::7f00:1'],
]);
const options = (more: Partial<GuardedFetchOptions> = {}): GuardedFetchOptions => ({
  allowHosts: ['kitchen.test', 'www.kitchen.test'],
  resolve,
  headers: { 'user-agent': 'guarded-fetch-test' },
  timeoutMs: 3_000,
  maxBytes: 1_024,
  maxRedirects: 3,
  ...more,
});
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (err: unknown) => (err instanceof FetchRefused ? { kind: err.kind, message: err.message } : { error: String(err) }),
  );

describe('the guarded fetch', () => {
  it('when an allowed name resolves to the local server, then the page comes from the address vetted, under the name asked', async () => {
    const answer = await guardedFetch(`http://kitchen.test:${port}/menu`, options());
    expect(answer).toMatchObject({ status: 200, truncated: false });
    expect(answer.body.toString()).toBe(`hello from kitchen.test:${port}`);
    expect(answer.url.toString()).toBe(`http://kitchen.test:${port}/menu`);
  });

  it('when a redirect leads by name to another allowed host, then every hop is fetched and the final address is kept', async () => {
    const answer = await guardedFetch(`http://kitchen.test:${port}/to?url=${encodeURIComponent(`http://www.kitchen.test:${port}/landing`)}`, options());
    expect(answer.body.toString()).toBe(`hello from www.kitchen.test:${port}`);
    expect(answer.url.toString()).toBe(`http://www.kitchen.test:${port}/landing`);
  });

  it('when a name or a redirect hop leads to a private or IPv4-compatible address, then it is refused and that host is never asked', async () => {
    const before = hits.length;
    expect(await refusal(guardedFetch('https://sneaky.example.com/', options()))).toEqual({
      kind: 'resolves-private',
      message: 'Refused: sneaky.example.com resolves to a private address (10.1.2.3).',
    });
    expect(await refusal(guardedFetch('https://compatible.example.com/', options()))).toEqual({
      kind: 'resolves-private',
      message: 'Refused: compatible.example.com resolves to a private address (::7f00:1).',
    });
    const hop = refusal(guardedFetch(`http://kitchen.test:${port}/to?url=${encodeURIComponent('http://loopback.example.com/secret')}`, options()));
    expect(await hop).toEqual({ kind: 'resolves-private', message: 'Refused: loopback.example.com resolves to a private address (127.0.0.1).' });
    expect(hits.slice(before)).toEqual([`kitchen.test:${port}/to`]);
  });

  it('when the address has another scheme, credentials, another port, an internal or unknown name, or a private address, then nothing is fetched', async () => {
    const before = hits.length;
    const cases: Array<[string, string]> = [
      ['file:///etc/passwd', 'scheme'],
      [`http://user:pw@kitchen.test:${port}/`, 'credentials'],
      [`http://loopback.example.com:${port}/`, 'port'],
      ['http://printer.local/', 'internal-name'],
      ['http://intranet/', 'internal-name'],
      ['http://[::127.0.0.1]/', 'private-address'],
      ['http://[::ffff:7f00:1]/', 'private-address'],
      ['http://nowhere.example.org/', 'not-found'],
    ];
    for (const [url, kind] of cases) expect(await refusal(guardedFetch(url, options())), url).toMatchObject({ kind });
    expect(hits.length).toBe(before);
  });

  it('when a body is longer than the cap, then only the cap is read and the answer says it was cut', async () => {
    const answer = await guardedFetch(`http://kitchen.test:${port}/big`, options());
    expect(answer.body.length).toBe(1_024);
    expect(answer.truncated).toBe(true);
  });

  it('when redirects go on past the limit, then it is refused', async () => {
    const url = (n: number): string => (n === 0 ? `http://kitchen.test:${port}/end` : `http://kitchen.test:${port}/to?url=${encodeURIComponent(url(n - 1))}`);
    expect((await guardedFetch(url(3), options())).body.toString()).toBe(`hello from kitchen.test:${port}`);
    expect(await refusal(guardedFetch(url(4), options()))).toEqual({ kind: 'too-many-redirects', message: 'More than 3 redirects.' });
  });

  it('when the host never answers, then the fetch ends with a timeout within its budget', async () => {
    const started = Date.now();
    const error = await guardedFetch(`http://kitchen.test:${port}/hang`, options({ timeoutMs: 500 })).catch((err: unknown) => err as Error);
    expect(error).toMatchObject({ name: 'TimeoutError' });
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('when Node asks the pinned lookup for all addresses, then it answers with a list of the vetted ones; else with one', () => {
    const lookup = pinnedLookup([
      { address: '127.0.0.1', family: 4 },
      { address: '::1', family: 6 },
    ]);
    const answers: unknown[] = [];
    lookup('kitchen.test', { all: true }, (err, address) => answers.push([err, address]));
    lookup('kitchen.test', { family: 6, all: true }, (err, address) => answers.push([err, address]));
    lookup('kitchen.test', {}, (err, address, family) => answers.push([err, address, family]));
    expect(answers).toEqual([
      [
        null,
        [
          { address: '127.0.0.1', family: 4 },
          { address: '::1', family: 6 },
        ],
      ],
      [null, [{ address: '::1', family: 6 }]],
      [null, '127.0.0.1', 4],
    ]);
  });
});
