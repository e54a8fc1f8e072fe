import { createResolver } from '@mealprep/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkOptions, type CheckSettings } from '../src/data-access/website-pages';
import { checkWebsite } from '../src/domain/check-website';
import { closedPort, HOSTILE_PAGES, startFakeSites } from './fake-sites';

let sites: Awaited<ReturnType<typeof startFakeSites>>;
let base: CheckSettings;

beforeAll(async () => {
  sites = await startFakeSites();
  base = {
    allowHosts: ['127.0.0.1', 'fresh-fork.test', 'elsewhere.test'],
    // No query ever leaves the machine: these names are all there is.
    resolve: createResolver([
      ['fresh-fork.test', '127.0.0.1'],
      ['elsewhere.test', '127.0.0.1'],
      ['sneaky.example.com', '10.1.2.3'],
      ['loopback.example.com', '127.0.0.1'],
      ['mapped.example.com', '::ffff:127.0.0.1'],
      ['compatible.example.com', '::7f00:1'],
      ['metadata.example.com', '169.254.169.254'],
      ['cgnat.example.com', '100.64.0.1'],
    ]),
    userAgent: 'MealPrepDirectory-LinkChecker/1.0 (+http://127.0.0.1)',
    timeoutMs: 3_000,
    maxBytes: 1024 * 1024,
    maxRedirects: 10,
    retryDelaysMs: [100, 200],
  };
});
afterAll(() => sites.close());

const check = (url: string, settings: Partial<CheckSettings> = {}) => checkWebsite(url, checkOptions({ ...base, ...settings }));

describe('checking one website', () => {
  it('when the site answers with a page, then it is accessible and nothing is suggested', async () => {
    expect(await check(`${sites.url}/ok`)).toMatchObject({ status: 'accessible', httpStatus: 200, errorMessage: null, flags: [], suggestedAction: null, finalUrl: `${sites.url}/ok` });
  });

  it('when a page is empty or has almost no visible text, then it is blank and to review', async () => {
    expect(await check(`${sites.url}/empty`)).toMatchObject({ status: 'blank', httpStatus: 200, errorMessage: 'The page is empty.', suggestedAction: 'review' });
    expect(await check(`${sites.url}/blank`)).toMatchObject({ status: 'blank', errorMessage: 'The page has almost no text.' });
  });

  it('when the site answers 404, then it is an error with the code; a 500 is retried first, a 404 is not', async () => {
    expect(await check(`${sites.url}/404`)).toMatchObject({ status: 'error', httpStatus: 404, errorMessage: 'The site answered HTTP 404.', attempts: 1, suggestedAction: 'review' });
    expect(await check(`${sites.url}/500`)).toMatchObject({ status: 'error', httpStatus: 500, attempts: 3 });
    expect(await check(`${sites.url}/flaky`)).toMatchObject({ status: 'accessible', httpStatus: 200, attempts: 2 });
  });

  it('when redirects lead to the page, then the final URL is kept; past 10 redirects or in a loop, it is an error', async () => {
    expect(await check(`${sites.url}/redirect/10`)).toMatchObject({ status: 'accessible', finalUrl: `${sites.url}/ok` });
    expect(await check(`${sites.url}/redirect/11`)).toMatchObject({ status: 'error', errorMessage: 'More than 10 redirects.' });
    expect(await check(`${sites.url}/loop`)).toMatchObject({ status: 'error', errorMessage: 'More than 10 redirects.' });
  });

  it('when the site now lands on another base domain or shows a parking page, then it is flagged for review', async () => {
    const moved = await check(`http://fresh-fork.test:${sites.port}/to?url=${encodeURIComponent(`http://elsewhere.test:${sites.port}/ok`)}`);
    expect(moved).toMatchObject({ status: 'accessible', flags: ['moved-domain'], suggestedAction: 'review', errorMessage: 'The site now lands on elsewhere.test.' });
    expect(await check(`${sites.url}/parked`)).toMatchObject({ status: 'accessible', flags: ['parked'], suggestedAction: 'review' });
  });

  it('when nothing listens, the name is unknown, or the site hangs or drips, then it is unreachable within the time allowed', async () => {
    expect(await check(`http://127.0.0.1:${await closedPort()}/`)).toMatchObject({ status: 'unreachable', errorMessage: 'Connection refused.' });
    expect(await check('https://no-such-kitchen.example.org/')).toMatchObject({ status: 'unreachable', errorMessage: 'DNS: no-such-kitchen.example.org was not found.' });
    for (const path of ['/hang', '/drip']) {
      const started = Date.now();
      const result = await check(`${sites.url}${path}`, { timeoutMs: 1_500 });
      expect(result).toMatchObject({ status: 'unreachable', errorMessage: 'Timed out after 1.5 s.' });
      expect(Date.now() - started).toBeLessThan(2_500);
    }
  });

  it('when a page is 10 MB, then only the first 1 MB is read and the check ends normally', async () => {
    const result = await check(`${sites.url}/huge`);
    expect(result).toMatchObject({ status: 'accessible', httpStatus: 200 });
  });

  it('when the website is empty, not a URL, or not http(s), then the result says why and nothing is fetched', async () => {
    expect(await check('')).toMatchObject({ status: 'error', errorMessage: 'No website is listed.', flags: ['blocked'], suggestedAction: 'review' });
    expect(await check('http://')).toMatchObject({ status: 'error', errorMessage: 'The website is not a web address.' });
    for (const [url, scheme] of [
      ['javascript:alert(1)', 'javascript'],
      ['file:///etc/passwd', 'file'],
      ['ftp://files.example.com/menu.pdf', 'ftp'],
    ]) {
      expect(await check(url!)).toMatchObject({ status: 'error', errorMessage: `Only http and https websites are checked (this one is ${scheme}).` });
    }
  });

  it('when an address is private, internal or special (IPv4, IPv6, mapped, by name or by redirect), then it is refused without a request', async () => {
    const strict = { allowHosts: [] };
    const before = sites.hits.get('/ok') ?? 0;
    const refused = [
      [`${sites.url}/ok`, 'Refused: only ports 80 and 443 are checked'],
      ['http://127.0.0.1/', 'Refused: 127.0.0.1 is a private or special-purpose address.'],
      ['http://0x7f000001/', 'Refused: 127.0.0.1 is a private or special-purpose address.'],
      ['http://10.0.0.8/', 'Refused: 10.0.0.8 is a private or special-purpose address.'],
      ['http://[::1]/', 'Refused: ::1 is a private or special-purpose address.'],
      ['http://[::ffff:127.0.0.1]/', 'Refused: ::ffff:7f00:1 is a private or special-purpose address.'],
      ['http://[::127.0.0.1]/', 'Refused: ::7f00:1 is a private or special-purpose address.'],
      ['http://[0:0:0:0:0:ffff:7f00:0001]/', 'Refused: ::ffff:7f00:1 is a private or special-purpose address.'],
      ['http://[fd00::1]/', 'Refused: fd00::1 is a private or special-purpose address.'],
      ['http://localhost/', 'Refused: localhost is an internal host name.'],
      ['http://intranet/', 'Refused: intranet is an internal host name.'],
      ['http://printer.local/', 'Refused: printer.local is an internal host name.'],
      ['https://sneaky.example.com/', 'Refused: sneaky.example.com resolves to a private address (10.1.2.3).'],
      ['https://loopback.example.com/', 'Refused: loopback.example.com resolves to a private address (127.0.0.1).'],
      ['https://mapped.example.com/', 'Refused: mapped.example.com resolves to a private address (::ffff:127.0.0.1).'],
      ['https://compatible.example.com/', 'Refused: compatible.example.com resolves to a private address (::7f00:1).'],
      ['https://metadata.example.com/', 'Refused: metadata.example.com resolves to a private address (169.254.169.254).'],
      ['https://cgnat.example.com/', 'Refused: cgnat.example.com resolves to a private address (100.64.0.1).'],
      ['http://user:pw@fresh-fork.test/', 'Refused: the address carries a user name or password.'],
    ] as const;
    for (const [url, message] of refused) {
      const result = await check(url, strict);
      expect(result, url).toMatchObject({ status: 'error', flags: ['blocked'], suggestedAction: 'review' });
      expect(result.errorMessage, url).toContain(message);
    }
    // An allowed site that redirects into a private address is stopped at the hop.
    const hop = await check(`${sites.url}/to?url=${encodeURIComponent('http://169.254.169.254/latest/meta-data/')}`, { allowHosts: ['127.0.0.1'] });
    expect(hop).toMatchObject({ status: 'error', errorMessage: 'Refused: 169.254.169.254 is a private or special-purpose address.' });
    const toFile = await check(`${sites.url}/to?url=${encodeURIComponent('file:///etc/passwd')}`);
    expect(toFile).toMatchObject({ status: 'error', errorMessage: 'Refused: a redirect to a file address.' });
    expect(sites.hits.get('/ok') ?? 0).toBe(before);
  });

  it('when a page of 1 MiB is built to make an HTML reader backtrack or nest without end, then its check ends as blank well within the budget and never holds up the event loop', async () => {
    for (const kind of Object.keys(HOSTILE_PAGES)) {
      // The most CPU time this process spent between two ticks of a 5 ms timer: how long the event
      // loop was held at once by work of its own. Read from CPU time, not the clock, so time the
      // machine gave other processes (other test files run beside this one) is not counted as a stall.
      let longestBusy = 0;
      let lastCpu = process.cpuUsage();
      let onTick = () => {};
      const ticker = setInterval(() => {
        const spent = process.cpuUsage(lastCpu);
        lastCpu = process.cpuUsage();
        longestBusy = Math.max(longestBusy, (spent.user + spent.system) / 1000);
        onTick();
      }, 5);
      const started = performance.now();
      const result = await check(`http://fresh-fork.test:${sites.port}/hostile/${kind}`, { timeoutMs: 20_000 });
      const took = performance.now() - started;
      // The first tick after the check ends: a stall at its very end is measured too.
      await new Promise<void>((resolve) => (onTick = resolve));
      clearInterval(ticker);
      expect(result, kind).toMatchObject({ status: 'blank', httpStatus: 200, errorMessage: 'The page has almost no text.', attempts: 1 });
      expect(took, kind).toBeLessThan(2_000);
      expect(longestBusy, `${kind}: longest event-loop stall, CPU ms`).toBeLessThan(200);
    }
  });

  it('sends an honest user agent naming the site', async () => {
    let agent = '';
    const { createServer } = await import('node:http');
    const server = createServer((req, res) => {
      agent = String(req.headers['user-agent']);
      res.end('<p>Hello from a kitchen with a menu</p>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    await check(`http://127.0.0.1:${port}/`);
    server.close();
    expect(agent).toBe('MealPrepDirectory-LinkChecker/1.0 (+http://127.0.0.1)');
  });
});
