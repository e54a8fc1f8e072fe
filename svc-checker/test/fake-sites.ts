import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const PAGE = (title: string) => `<!doctype html><html><head><title>${title}</title></head><body><h1>${title}</h1><p>Weekly meal plans, cooked fresh and delivered on Sundays.</p></body></html>`;

const MIB = 1024 * 1024;
const fill = (unit: string, size = MIB) => unit.repeat(Math.ceil(size / unit.length)).slice(0, size);

/** Pages of exactly 1 MiB (the default read cap) made to make a careless HTML reader backtrack or nest without end. */
export const HOSTILE_PAGES: Record<string, () => string> = {
  'script-openers': () => fill('<script'),
  'style-openers': () => fill('<style'),
  'comment-openers': () => fill('<!--'),
  'unclosed-tags': () => fill('<a href=x '),
  'nested-tags': () => fill('<div>'),
  'nested-then-stray-closers': () => fill('<b>', MIB / 2) + fill('</i>', MIB / 2),
  'huge-attribute': () => `<p title="${fill('x', MIB - '<p title="">hi</p>'.length)}">hi</p>`,
};

/**
 * Websites of every kind a check meets, on 127.0.0.1: by path, `/ok`, `/blank`, `/empty`, `/500`,
 * `/404`, `/flaky` (500 then 200), `/slow?ms=`, `/hang`, `/drip`, `/huge`, `/parked`,
 * `/redirect/{n}` (n hops to /ok), `/loop`, `/to?url=` (a redirect to any address), `/hostile/{kind}`
 * (HOSTILE_PAGES). Counts hits per path.
 * On a free port unless one is given.
 */
export async function startFakeSites(listenPort = 0): Promise<{ url: string; port: number; hits: Map<string, number>; close: () => Promise<void> }> {
  const hits = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    hits.set(url.pathname, (hits.get(url.pathname) ?? 0) + 1);
    const html = (status: number, body: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      res.end(body);
    };
    const path = url.pathname;
    if (path === '/ok' || path === '/') return html(200, PAGE('Fresh Fork Kitchen'));
    if (path === '/blank') return html(200, '<html><head><title>x</title><script>var a = "lots of script text that is not visible";</script></head><body> </body></html>');
    if (path === '/empty') return html(200, '');
    if (path === '/500') return html(500, 'down');
    if (path === '/404') return html(404, 'missing');
    if (path === '/flaky') return (hits.get(path) ?? 0) <= 1 ? html(503, 'busy') : html(200, PAGE('Back again'));
    if (path === '/slow') return void setTimeout(() => html(200, PAGE('Slow but fine')), Number(url.searchParams.get('ms') ?? 2000));
    if (path === '/hang') return; // never answers
    if (path === '/drip') {
      res.writeHead(200, { 'content-type': 'text/html' });
      const timer = setInterval(() => res.write('<p>.</p>'), 200);
      res.on('close', () => clearInterval(timer));
      return;
    }
    if (path === '/huge') {
      res.writeHead(200, { 'content-type': 'text/html' });
      const chunk = `<p>${'meal prep '.repeat(6_500)}</p>`;
      let sent = 0;
      const pump = () => {
        while (sent < 10 * 1024 * 1024) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      res.on('error', () => undefined);
      return pump();
    }
    if (path === '/parked')
      return html(200, '<html><body><h1>freshforkkitchen.com</h1><p>This domain is for sale! Make an offer today.</p><script src="https://sedoparking.com/x.js"></script></body></html>');
    const kind = path.startsWith('/hostile/') ? path.slice('/hostile/'.length) : '';
    if (Object.hasOwn(HOSTILE_PAGES, kind)) return html(200, HOSTILE_PAGES[kind]!());
    const hop = /^\/redirect\/(\d+)$/.exec(path);
    if (hop) {
      const n = Number(hop[1]);
      res.writeHead(302, { location: n <= 1 ? '/ok' : `/redirect/${n - 1}` });
      return void res.end();
    }
    if (path === '/loop') {
      res.writeHead(301, { location: '/loop' });
      return void res.end();
    }
    if (path === '/to') {
      res.writeHead(302, { location: url.searchParams.get('url') ?? '/' });
      return void res.end();
    }
    html(404, 'no such page');
  });
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface MixedSite {
  website: string;
  kind: string;
  /** The status its check should end with. */
  expected: 'accessible' | 'blank' | 'unreachable' | 'error';
}

/**
 * `count` websites on the fake server in a fixed mix of every kind a real run meets: in each 20,
 * 8 fast pages, 2 slow ones (`slowMs`), 1 that never answers, 2 answering 500, 2 redirect chains,
 * 1 parked page, 1 refused connection, 1 404, 1 blank page and 1 more fast page. Each website is its
 * own address (`?site=n`).
 */
export function siteMix(count: number, sites: { url: string }, refusedPort: number, slowMs: number): MixedSite[] {
  const kinds: Array<[string, MixedSite['expected'], (n: number) => string]> = [
    ...Array.from({ length: 8 }, () => ['fast', 'accessible', (n: number) => `${sites.url}/ok?site=${n}`] as [string, MixedSite['expected'], (n: number) => string]),
    ['slow', 'accessible', (n) => `${sites.url}/slow?ms=${slowMs}&site=${n}`],
    ['slow', 'accessible', (n) => `${sites.url}/slow?ms=${slowMs}&site=${n}`],
    ['hanging', 'unreachable', (n) => `${sites.url}/hang?site=${n}`],
    ['500', 'error', (n) => `${sites.url}/500?site=${n}`],
    ['500', 'error', (n) => `${sites.url}/500?site=${n}`],
    ['redirect chain', 'accessible', (n) => `${sites.url}/redirect/3?site=${n}`],
    ['redirect chain', 'accessible', (n) => `${sites.url}/redirect/5?site=${n}`],
    ['parked', 'accessible', (n) => `${sites.url}/parked?site=${n}`],
    ['refused', 'unreachable', (n) => `http://127.0.0.1:${refusedPort}/?site=${n}`],
    ['404', 'error', (n) => `${sites.url}/404?site=${n}`],
    ['blank', 'blank', (n) => `${sites.url}/blank?site=${n}`],
    ['fast', 'accessible', (n) => `${sites.url}/ok?site=${n}`],
  ];
  return Array.from({ length: count }, (_, n) => {
    const [kind, expected, website] = kinds[n % kinds.length]!;
    return { website: website(n), kind, expected };
  });
}
