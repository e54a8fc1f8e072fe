import { demoArticles, demoServices } from '@mealprep/demo-data';
import { PUBLIC_ROUTES, matchPublicRoute } from '@mealprep/mfe-public/route-table';
import { urlOfEveryRoute } from '@mealprep/mfe-public/route-urls';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { useBrowserPage } from '../browser';

/**
 * The public route table against the running site. For one URL of every route, the page the
 * browser renders itself (the renderer paused: the gateway serves its page for the browser) names
 * in its head exactly the scripts and styles the browser then loads (the shell's own, its entry
 * and the chunks the entry loads, and the public remote's) and the API reads it then makes, none
 * missing and none extra. Every sitemap URL is served rendered with its heading, title,
 * description, canonical and, for lists and details, its structured data; a slug of each route
 * that names nothing is a 404 with the not-found page.
 */
const siteUrl = inject('siteUrl');
const renderer = inject('renderer');

/** One URL of every route of the table, of the demo catalogue, and a search. */
const PAGES = [
  ...urlOfEveryRoute({
    stateSlug: 'texas',
    citySlug: 'austin',
    mealTypeSlug: 'keto',
    serviceSlug: demoServices().find((s) => s.status === 'published')!.slug,
    place: '78701',
    slug: demoArticles()[0]!.slug,
    formId: 'abc123',
  }),
  '/find-service?q=keto',
];

/** Routes whose pages carry structured data (lists of services or articles, a service, an article). */
const WITH_STRUCTURED_DATA = new Set([
  '/state/:stateSlug',
  '/state/:stateSlug/:citySlug',
  '/meal-type/:mealTypeSlug',
  '/services-by-name',
  '/services-that-ship',
  '/service/:serviceSlug',
  '/articles',
  '/articles/:slug',
]);

/** An attribute of a tag, as the head writes it (double quotes). */
const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/** What a page's head names ahead: the scripts it loads, its stylesheets, and its hints (scripts, styles and API reads). */
function namedAhead(html: string): string[] {
  const head = html.slice(0, html.indexOf('</head>'));
  const named = [...head.matchAll(/<(?:link|script)\b[^>]*>/g)].flatMap(([tag]) => {
    if (tag.startsWith('<script')) return attribute(tag, 'src') ?? [];
    return ['prefetch', 'preload', 'stylesheet'].includes(attribute(tag, 'rel') ?? '') ? (attribute(tag, 'href') ?? []) : [];
  });
  return named
    .map((href) => href.replace(/&amp;/g, '&'))
    .filter(isWatched)
    .sort();
}

/**
 * The requests the comparison is about: every script and style of the site's own, the shell's
 * (at the root: its entry and every chunk it loads) and the public remote's (not its manifest),
 * and the public API's reads (not images, not the live stream, not the session).
 */
function isWatched(pathAndQuery: string): boolean {
  return (
    /^\/[^/?]+\.(?:js|css)$/.test(pathAndQuery) ||
    /^\/remotes\/public\/releases\/[0-9a-f]{12}\/[^?]+\.(?:js|css)$/.test(pathAndQuery) ||
    /^\/api\/(?:catalog|media)\/(?!images\/|photos\/)/.test(pathAndQuery)
  );
}

describe('the public route table against the running site', () => {
  const browser = useBrowserPage();
  let paused = false;
  const pause = (on: boolean) => {
    process.kill(renderer.pid, on ? 'SIGSTOP' : 'SIGCONT');
    paused = on;
  };
  afterAll(() => {
    if (paused) pause(false);
  });

  it("when the browser renders a page of each route itself, then its head named exactly the shell's and the remote's files and the API reads it then made", { timeout: 240_000 }, async () => {
    expect(PUBLIC_ROUTES.filter((route) => !PAGES.some((p) => matchPublicRoute(p.split('?')[0]!)?.route === route)).map((route) => route.path)).toEqual([]);
    const { page } = browser;
    const mismatches: string[] = [];
    const failed: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    });
    pause(true);
    try {
      for (const [n, p] of PAGES.entries()) {
        const made: string[] = [];
        // Reads only: a page's view is reported by a POST of its own, which nothing preloads.
        const watch = (request: { url: () => string; method: () => string }) => {
          const url = new URL(request.url());
          if (request.method() === 'GET' && url.origin === siteUrl && isWatched(`${url.pathname}${url.search}`)) made.push(`${url.pathname}${url.search}`);
        };
        page.on('request', watch);
        // A query of its own: never a page the gateway kept; the reads name the page's own query string, which it does not use.
        const url = `${p}${p.includes('?') ? '&' : '?'}sweep=${n}`;
        const response = await page.goto(`${siteUrl}${url}`, { waitUntil: 'networkidle' });
        const html = (await response?.text()) ?? '';
        page.off('request', watch);
        expect([p, html.includes('<div id="root"></div>')]).toEqual([p, true]);
        const named = namedAhead(html);
        const asked = [...new Set(made)].sort();
        if (JSON.stringify(named) !== JSON.stringify(asked)) mismatches.push(`${p}\n  named: ${named.join(' ')}\n  asked: ${asked.join(' ')}`);
      }
    } finally {
      pause(false);
    }
    // Resumed, the renderer works off what waited for it; then it renders pages again.
    await expect.poll(async () => (await fetch(`${siteUrl}/about?resumed=${Date.now()}`)).headers.get('x-rendered-release'), { timeout: 30_000, interval: 250 }).toBeTruthy();
    expect(mismatches).toEqual([]);
    expect(failed).toEqual([]);
    expect(browser.consoleErrors).toEqual([]);
  });

  it(
    'when every sitemap URL is read as a crawler reads it, then each is rendered with its heading, title, description, canonical and (lists and details) structured data',
    { timeout: 240_000 },
    async () => {
      const sitemap = await (await fetch(`${siteUrl}/sitemap.xml`)).text();
      const urls = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!));
      expect(urls.length).toBeGreaterThan(100);
      const problems: string[] = [];
      for (const url of urls) {
        const p = url.pathname;
        const route = matchPublicRoute(p)?.route;
        const answer = await fetch(`${siteUrl}${p}`, { headers: { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' } });
        const html = await answer.text();
        const missing = [
          answer.status === 200 ? null : `status ${answer.status}`,
          answer.headers.get('x-rendered-release') ? null : 'not rendered',
          /<h1[^>]*>[^<]+/.test(html) ? null : 'heading',
          /<title>[^<]+<\/title>/.test(html) ? null : 'title',
          /<meta name="description" content="[^"]+"/.test(html) ? null : 'description',
          html.includes(`<link rel="canonical" href="${url.href}">`) ? null : 'canonical',
          route && WITH_STRUCTURED_DATA.has(route.path) && !html.includes('<script type="application/ld+json">') ? 'structured data' : null,
        ].filter(Boolean);
        if (!route) missing.push('no route');
        if (missing.length > 0) problems.push(`${p}: ${missing.join(', ')}`);
      }
      expect(problems).toEqual([]);
    },
  );

  it('when a slug of each route names nothing, then the answer is a 404 with the not-found page, marked noindex', async () => {
    const unknown = PUBLIC_ROUTES.filter((route) => route.params && Object.values(route.params).includes('slug')).map((route) => route.path.replace(/:(\w+)/g, 'no-such-thing-here'));
    expect(unknown.length).toBeGreaterThanOrEqual(5);
    for (const p of unknown) {
      const answer = await fetch(`${siteUrl}${p}`);
      const html = await answer.text();
      expect([p, answer.status, html.includes('<meta name="robots" content="noindex')]).toEqual([p, 404, true]);
      expect(html, p).toMatch(/not found|no such|There is no/i);
    }
  });
});
