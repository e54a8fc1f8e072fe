import fc from 'fast-check';
import { baseDomain, CheckFailure, checkWebsite, websiteUrl, type Page } from './check-website';
import { fakeSites, OPEN_PAGE } from '../testing/fakes';

const page = (body: string, over: Partial<Page> = {}): Page => ({ httpStatus: 200, body, finalUrl: 'https://greenbox.example/', ...over });
const SITE = 'https://greenbox.example/';

describe('the website a listing gives', () => {
  it('a bare host name is checked over https', () => {
    expect(String(websiteUrl('  greenbox.example/menu '))).toBe('https://greenbox.example/menu');
    expect(String(websiteUrl('http://greenbox.example'))).toBe('http://greenbox.example/');
  });

  it('nothing, another scheme, or text that is no address cannot be checked: an error flagged "blocked" that says why, and nothing is fetched', async () => {
    const sites = fakeSites({});
    for (const [website, message] of [
      ['   ', 'No website is listed.'],
      ['ftp://greenbox.example/', 'Only http and https websites are checked (this one is ftp).'],
      ['javascript:alert(1)', 'Only http and https websites are checked (this one is javascript).'],
      ['http://', 'The website is not a web address.'],
      ['green box meals', 'The website is not a web address.'],
    ] as const) {
      expect(websiteUrl(website)).toMatchObject({ status: 'error', message, flag: 'blocked' });
      expect(await checkWebsite(website, sites.options)).toMatchObject({ status: 'error', errorMessage: message, flags: ['blocked'], suggestedAction: 'review', attempts: 0, httpStatus: null });
    }
    expect(sites.asked).toEqual([]);
  });
});

describe('the base domain of a host (what "moved to another domain" compares)', () => {
  it('is the last two labels, three under a country code second level (co.uk, com.au); case, a final dot and IP addresses kept apart', () => {
    expect(baseDomain('www.shop.greenbox.com')).toBe('greenbox.com');
    expect(baseDomain('GreenBox.COM.')).toBe('greenbox.com');
    expect(baseDomain('www.greenbox.co.uk')).toBe('greenbox.co.uk');
    expect(baseDomain('shop.greenbox.com.au')).toBe('greenbox.com.au');
    expect(baseDomain('greenbox.example')).toBe('greenbox.example');
    expect(baseDomain('203.0.113.10')).toBe('203.0.113.10');
  });
});

describe('what a check finds', () => {
  it('a page with text is accessible, with nothing to review', async () => {
    const sites = fakeSites({ [SITE]: [page(OPEN_PAGE)] });
    expect(await checkWebsite('greenbox.example', sites.options)).toMatchObject({
      status: 'accessible',
      httpStatus: 200,
      errorMessage: null,
      flags: [],
      finalUrl: SITE,
      suggestedAction: null,
      attempts: 1,
    });
  });

  it('an empty page is blank ("The page is empty."), a page of scripts and styles only is blank ("almost no text"); both to review', async () => {
    const sites = fakeSites({
      [SITE]: [page('   ')],
      'https://scripts.example/': [
        page('<html><head><style>body{color:red}</style><script>document.write("Lots of text written by a script")</script></head><body> Hi </body></html>', { finalUrl: 'https://scripts.example/' }),
      ],
    });
    expect(await checkWebsite(SITE, sites.options)).toMatchObject({ status: 'blank', errorMessage: 'The page is empty.', suggestedAction: 'review' });
    expect(await checkWebsite('https://scripts.example/', sites.options)).toMatchObject({ status: 'blank', errorMessage: 'The page has almost no text.', suggestedAction: 'review' });
  });

  it('a page that shows only a picture is not blank', async () => {
    const sites = fakeSites({ [SITE]: [page('<html><body><img src="/menu.jpg"></body></html>')] });
    expect(await checkWebsite(SITE, sites.options)).toMatchObject({ status: 'accessible', suggestedAction: null });
  });

  it('a parked or for-sale page answers 200 but is flagged for review with a reason', async () => {
    const sites = fakeSites({ [SITE]: [page('<html><body><h1>greenbox.example</h1><p>This domain is for sale! Make an offer on this domain today.</p></body></html>')] });
    expect(await checkWebsite(SITE, sites.options)).toMatchObject({
      status: 'accessible',
      flags: ['parked'],
      suggestedAction: 'review',
      errorMessage: 'The page looks like a parked or for-sale domain.',
    });
  });

  it('a site that now lands on another base domain is flagged; landing on another host of the same domain is not', async () => {
    const sites = fakeSites({
      [SITE]: [page(OPEN_PAGE, { finalUrl: 'https://www.bigchain.example/promo' })],
      'https://old.greenbox.example/': [page(OPEN_PAGE, { finalUrl: 'https://www.greenbox.example/home' })],
    });
    expect(await checkWebsite(SITE, sites.options)).toMatchObject({
      status: 'accessible',
      flags: ['moved-domain'],
      errorMessage: 'The site now lands on www.bigchain.example.',
      suggestedAction: 'review',
      finalUrl: 'https://www.bigchain.example/promo',
    });
    expect(await checkWebsite('https://old.greenbox.example/', sites.options)).toMatchObject({ flags: [], suggestedAction: null });
  });

  it('a 404 is an error with its code, not tried again; a moved domain is kept as a flag beside it', async () => {
    const sites = fakeSites({ [SITE]: [page('Not found', { httpStatus: 404, finalUrl: 'https://elsewhere.example/404' })] });
    expect(await checkWebsite(SITE, sites.options)).toMatchObject({
      status: 'error',
      httpStatus: 404,
      errorMessage: 'The site answered HTTP 404.',
      flags: ['moved-domain'],
      suggestedAction: 'review',
      attempts: 1,
    });
  });

  it('a 503 is tried again and a site that recovers is accessible; one that keeps failing is an error after every retry', async () => {
    const sites = fakeSites({
      [SITE]: [page('busy', { httpStatus: 503 }), page(OPEN_PAGE)],
      'https://down.example/': [page('oops', { httpStatus: 500, finalUrl: 'https://down.example/' })],
    });
    expect(await checkWebsite(SITE, sites.options)).toMatchObject({ status: 'accessible', attempts: 2 });
    expect(await checkWebsite('https://down.example/', sites.options)).toMatchObject({ status: 'error', httpStatus: 500, attempts: 3 });
  });

  it('no retry is made when less than a second of the budget would be left after its wait', async () => {
    const sites = fakeSites({ [SITE]: [page('busy', { httpStatus: 429 })] });
    expect(await checkWebsite(SITE, { ...sites.options, timeoutMs: 1_500, retryDelaysMs: [600] })).toMatchObject({ status: 'error', httpStatus: 429, attempts: 1 });
  });

  it("a fetch that ends without a page keeps its reason: DNS or refused is unreachable, TLS is an error flagged 'tls'; neither is retried", async () => {
    const sites = fakeSites({
      [SITE]: [new CheckFailure('unreachable', 'DNS: the host was not found.')],
      'https://tls.example/': [new CheckFailure('error', 'TLS: certificate has expired', 'tls')],
    });
    expect(await checkWebsite(SITE, sites.options)).toMatchObject({
      status: 'unreachable',
      errorMessage: 'DNS: the host was not found.',
      flags: [],
      suggestedAction: 'review',
      attempts: 1,
      httpStatus: null,
    });
    expect(await checkWebsite('https://tls.example/', sites.options)).toMatchObject({ status: 'error', errorMessage: 'TLS: certificate has expired', flags: ['tls'], attempts: 1 });
  });

  it('a connection dropped before an answer is retried', async () => {
    const sites = fakeSites({ [SITE]: [new CheckFailure('unreachable', 'The connection was closed before an answer.', null, true), page(OPEN_PAGE)] });
    expect(await checkWebsite(SITE, sites.options)).toMatchObject({ status: 'accessible', attempts: 2 });
  });

  it('an unexpected failure of the fetch is an error naming it, never a throw', async () => {
    const sites = fakeSites({ [SITE]: [new TypeError('fetch failed: something odd')] });
    expect(await checkWebsite(SITE, sites.options)).toMatchObject({ status: 'error', errorMessage: 'TypeError: fetch failed: something odd', suggestedAction: 'review' });
  });

  it('a site that does not answer within the whole budget is unreachable, "Timed out after …"', async () => {
    const result = await checkWebsite(SITE, {
      timeoutMs: 50,
      retryDelaysMs: [0, 0],
      fetchPage: (_url, { signal }) => new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new Error('aborted')))),
    });
    expect(result).toMatchObject({ status: 'unreachable', errorMessage: 'Timed out after 0.05 s.', attempts: 1, suggestedAction: 'review' });
    expect(result.durationMs).toBeGreaterThanOrEqual(40);
  });

  it('whatever a listing holds as its website and whatever the page is, a check ends with one of the four statuses', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string(), fc.string(), fc.constantFrom(200, 301, 404, 500), async (website, body, httpStatus) => {
        const result = await checkWebsite(website, { timeoutMs: 5_000, retryDelaysMs: [], fetchPage: async (url) => ({ httpStatus, body, finalUrl: url.toString() }) });
        expect(['accessible', 'blank', 'error', 'unreachable']).toContain(result.status);
        if (result.status !== 'accessible') expect(result.suggestedAction).toBe('review');
      }),
      { numRuns: 300 },
    );
  });
});
