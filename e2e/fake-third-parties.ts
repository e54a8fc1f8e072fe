import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/**
 * Stand-ins for the four third-party scripts the site loads (spec §1 and §7), served from one HTTP
 * server on another origin than the site. Each script reports what the page asked of it as a "hit"
 * (POST /hit, kept in memory); tests read them with GET /hits and clear them with POST /reset.
 *
 * Contracts, as the shell uses them (shell/src/features/analytics/scripts/*):
 * - /product.js (PostHog-style): finds the stub `window.posthog` (an array with `_i` holding
 *   `[key, options, name]` per init call and `[method, ...args]` entries for other calls), replaces
 *   it with its own object, runs each init, then replays the queued calls in order.
 *   `init(key, options)` records {kind:'init', key, options}; `capture('$pageview', props)` records
 *   {kind:'pageview', properties}; any other capture records {kind:'event', event, properties}.
 * - /site.js (Fathom-style): records {kind:'site-load', siteId} from its own `data-site`.
 * - /marketing.js?company_id=ID (Klaviyo `_learnq`-style): 200 ms after it runs it "reports ready"
 *   by replacing the array `window._learnq` with an object whose push runs a command at once, and
 *   runs what was queued, in order. `['track', 'View', {url, pathname}]` records
 *   {kind:'view', scriptId: ID, url, pathname}. It records nothing by itself.
 * - /embed.js (Paperform-style): ~300 ms after it runs, fills every `div[data-paperform-id]` that
 *   has no form yet with `<iframe title="Form {id}" srcdoc=…>` and records {kind:'embed', formId}.
 *
 * Every hit also carries `pageId`, a random id shared by the scripts of one page load (exposed as
 * `window.__fakeThirdPartyPageId`), so a test can tell its own page's hits from any other's. A
 * script sends its hits one after another, so they arrive in the order they were made.
 */

export type Hit =
  | { kind: 'init'; pageId: string; key: string; options: Record<string, unknown> }
  | { kind: 'pageview'; pageId: string; properties: { $current_url?: string; pathname?: string; [name: string]: unknown } }
  | { kind: 'event'; pageId: string; event: string; properties?: Record<string, unknown> }
  | { kind: 'site-load'; pageId: string; siteId: string | null }
  | { kind: 'view'; pageId: string; scriptId: string | null; url: string; pathname?: string }
  | { kind: 'embed'; pageId: string; formId: string };

export interface FakeThirdParties {
  url: string;
  hits(): Hit[];
  reset(): void;
  close(): Promise<void>;
}

/** Shared by the scripts: the page id and an in-order sender of hits to the script's own origin. */
const PRELUDE = String.raw`
  var script = document.currentScript;
  var scriptUrl = new URL(script.src);
  window.__fakeThirdPartyPageId = window.__fakeThirdPartyPageId || Math.random().toString(36).slice(2);
  var pageId = window.__fakeThirdPartyPageId;
  var chain = Promise.resolve();
  function send(hit) {
    hit.pageId = pageId;
    var body = JSON.stringify(hit);
    chain = chain.then(function () {
      return fetch(scriptUrl.origin + '/hit', { method: 'POST', body: body, headers: { 'content-type': 'text/plain' }, keepalive: true });
    }).catch(function () {});
  }
`;

const PRODUCT_JS = String.raw`(function () {${PRELUDE}
  var stub = window.posthog || [];
  var client = {
    __loaded: true,
    init: function (key, options) { send({ kind: 'init', key: key, options: options || {} }); },
    capture: function (event, properties) {
      if (event === '$pageview') send({ kind: 'pageview', properties: properties || {} });
      else send({ kind: 'event', event: event, properties: properties });
    },
    register: function () {}, identify: function () {}, reset: function () {},
    opt_in_capturing: function () {}, opt_out_capturing: function () {}
  };
  window.posthog = client;
  (stub._i || []).forEach(function (args) { client.init(args[0], args[1]); });
  Array.prototype.slice.call(stub).forEach(function (call) {
    if (client[call[0]]) client[call[0]].apply(client, call.slice(1));
  });
})();
`;

const SITE_JS = String.raw`(function () {${PRELUDE}
  send({ kind: 'site-load', siteId: script.getAttribute('data-site') });
})();
`;

const MARKETING_JS = String.raw`(function () {${PRELUDE}
  var scriptId = scriptUrl.searchParams.get('company_id');
  function run(command) {
    if (command && command[0] === 'track' && command[1] === 'View') {
      send({ kind: 'view', scriptId: scriptId, url: command[2].url, pathname: command[2].pathname });
    }
  }
  setTimeout(function () {
    var queued = Array.isArray(window._learnq) ? window._learnq.slice() : [];
    window._learnq = { ready: true, push: function (command) { run(command); return 1; } };
    queued.forEach(run);
  }, 200);
})();
`;

const EMBED_JS = String.raw`(function () {${PRELUDE}
  function escape(text) {
    return String(text).replace(/[&<>"]/g, function (c) { return { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]; });
  }
  setTimeout(function () {
    document.querySelectorAll('div[data-paperform-id]').forEach(function (div) {
      if (div.querySelector('iframe')) return;
      var id = div.getAttribute('data-paperform-id');
      var frame = document.createElement('iframe');
      frame.title = 'Form ' + id;
      frame.style.width = '100%';
      frame.style.minHeight = '320px';
      frame.style.border = '0';
      frame.srcdoc = '<!doctype html><meta charset="utf-8"><h1>Form ' + escape(id) + '</h1>' +
        '<form><label>Email <input type="email" name="email"></label> <button type="submit">Submit</button></form>';
      div.appendChild(frame);
      send({ kind: 'embed', formId: id });
    });
  }, 300);
})();
`;

const SCRIPTS: Record<string, string> = {
  '/product.js': PRODUCT_JS,
  '/site.js': SITE_JS,
  '/marketing.js': MARKETING_JS,
  '/embed.js': EMBED_JS,
};

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

function reply(res: ServerResponse, status: number, type: string, body = '') {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
  res.end(body);
}

/**
 * The stock-photo service (Unsplash's API shape) under /stock: /stock/search/photos,
 * /stock/photos/{id}, and the pictures at /stock/img/{name}.png. Pages of 20; three pages in all.
 */
function stockPhotoAnswer(pathname: string, search: URLSearchParams, origin: string, picture: Buffer): { type: string; body: string | Buffer } | null {
  const photo = (id: string) => ({
    id,
    urls: { regular: `${origin}/stock/img/${id}.png`, small: `${origin}/stock/img/${id}.png` },
    alt_description: `Stock photo ${id}`,
    user: { name: 'Sam Shutter', username: 'samshutter' },
  });
  if (pathname === '/stock/search/photos') {
    const page = Number(search.get('page') ?? '1');
    return { type: 'application/json', body: JSON.stringify({ total_pages: 3, results: Array.from({ length: 20 }, (_, i) => photo(`stockp${page}n${i}`)) }) };
  }
  const byId = /^\/stock\/photos\/([A-Za-z0-9_-]+)$/.exec(pathname);
  if (byId) return { type: 'application/json', body: JSON.stringify(photo(byId[1]!)) };
  if (/^\/stock\/img\/[A-Za-z0-9_-]+\.png$/.test(pathname)) return { type: 'image/png', body: picture };
  return null;
}

export async function startFakeThirdParties(): Promise<FakeThirdParties> {
  let recorded: Hit[] = [];
  const picture = await sharp({ create: { width: 1200, height: 675, channels: 3, background: '#2f855a' } })
    .png()
    .toBuffer();

  const server = createServer((req, res) => {
    // The scripts run on the site's origin, so everything here is cross-origin.
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-methods', 'GET, POST, OPTIONS');
    res.setHeader('access-control-allow-headers', 'content-type');
    const { pathname, searchParams } = new URL(req.url ?? '/', 'http://127.0.0.1');
    const stock = req.method === 'GET' ? stockPhotoAnswer(pathname, searchParams, `http://127.0.0.1:${(server.address() as AddressInfo).port}`, picture) : null;
    if (stock) {
      res.writeHead(200, { 'content-type': stock.type });
      res.end(stock.body);
      return;
    }

    if (req.method === 'OPTIONS') return reply(res, 204, 'text/plain');
    if (req.method === 'GET' && SCRIPTS[pathname]) return reply(res, 200, 'text/javascript; charset=utf-8', SCRIPTS[pathname]);
    if (req.method === 'GET' && pathname === '/hits') return reply(res, 200, 'application/json', JSON.stringify(recorded));
    if (req.method === 'POST' && pathname === '/reset') {
      recorded = [];
      return reply(res, 204, 'text/plain');
    }
    if (req.method === 'POST' && pathname === '/hit') {
      readBody(req)
        .then((body) => {
          recorded.push(JSON.parse(body) as Hit);
          reply(res, 204, 'text/plain');
        })
        .catch(() => reply(res, 400, 'text/plain', 'bad hit'));
      return;
    }
    reply(res, 404, 'text/plain', 'not found');
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        hits: () => [...recorded],
        reset: () => {
          recorded = [];
        },
        close: () =>
          new Promise<void>((done, fail) => {
            server.closeAllConnections();
            server.close((error) => (error ? fail(error) : done()));
          }),
      });
    });
  });
}
