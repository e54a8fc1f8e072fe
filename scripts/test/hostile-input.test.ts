import { request as httpRequest } from 'node:http';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTHORIZATION_MATRIX } from './authorization-matrix';
import { callApi, listing, SERVICES, signIn, startSystem, type RunningSystem } from './system';

const ADMIN_EMAIL = 'admin@fuzz.test';
const RUNS_PER_ROUTE = 12;
/** Low, so the test reaches it; the sign-in limit is svc-auth's own (30 mails per client address an hour). */
const LIVE_MAX_PER_IP = 4;
const SIGN_IN_MAILS_PER_CLIENT = 30;

/** Keys that have bitten APIs before: query operators, prototype pollution, the contracts' own names. */
const hostileKey = fc.oneof(
  fc.constantFrom(
    '$where',
    '\udc00',
    '$gt',
    '$ne',
    '$regex',
    '$set',
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'ids',
    'status',
    'email',
    'name',
    'slug',
    'filter',
    'page',
    'pageSize',
    'q',
    'url',
    'code',
    'alt',
  ),
  fc.string({ maxLength: 12 }),
);
const hostileScalar = fc.oneof(
  fc.string({ maxLength: 60, unit: 'binary' }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '1e309',
    'NaN',
    'true',
    '[]',
    '{}',
    '<script>alert(1)</script>',
    'javascript:alert(1)',
    '../../etc/passwd',
    '%00',
    '\u0000',
    '\uFFFF',
    // Text that is not well-formed Unicode: lone halves of a surrogate pair, as JSON can carry them.
    '\ud800',
    'vegan \udfff tacos',
    '😀'.repeat(3) + '\ud83d',
    '😀'.repeat(50),
    'a'.repeat(5_000),
  ),
);
const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, hostileScalar, fc.array(tie('value'), { maxLength: 5 }), fc.dictionary(hostileKey, tie('value'), { maxKeys: 5 })),
})).value;
/** A JSON body (any shape, `$` and `__proto__` keys), or raw text that is not JSON at all, or a body too big to take. */
const hostileBody = fc.oneof(
  fc.record({ kind: fc.constant('json' as const), value: fc.oneof(fc.dictionary(hostileKey, hostileValue, { maxKeys: 6 }), hostileValue) }),
  fc.record({ kind: fc.constant('raw' as const), value: fc.oneof(fc.string({ maxLength: 80 }), fc.constantFrom('{', '{"a":', '{"__proto__":{"admin":true}}', '[1,2,', 'null', '"x"')) }),
  fc.record({ kind: fc.constant('raw' as const), value: fc.constant(`{"name":"${'x'.repeat(300_000)}"}`) }),
);
/**
 * Percent-encodes any text, a lone half of a surrogate pair too (encodeURIComponent throws on it):
 * such a half goes as the three bytes a careless encoder writes for it, which are not UTF-8.
 */
const encodeAny = (text: string) =>
  text
    .split(/(\p{Surrogate})/u)
    .map((part) =>
      /^\p{Surrogate}$/u.test(part)
        ? `%${[0xe0 | (part.charCodeAt(0) >> 12), 0x80 | ((part.charCodeAt(0) >> 6) & 0x3f), 0x80 | (part.charCodeAt(0) & 0x3f)].map((b) => b.toString(16).toUpperCase()).join('%')}`
        : encodeURIComponent(part),
    )
    .join('');
const hostileQuery = fc
  .array(fc.tuple(fc.oneof(hostileKey, fc.constantFrom('filter[$ne]', '__proto__[admin]', 'page[]', 'constructor[prototype][x]')), hostileScalar.map(String)), { maxLength: 4 })
  .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${encodeAny(k)}=${encodeAny(v)}`).join('&')}` : ''));
const hostileSegment = fc.oneof(
  fc.string({ minLength: 1, maxLength: 40, unit: 'binary' }).map(encodeAny),
  fc.constantFrom('..', '%2e%2e', '%2F', '$where', '__proto__', 'constructor', '0'.repeat(24), 'f'.repeat(24), 'z'.repeat(24), 'f'.repeat(500), '-1', 'null', '%00', '%ZZ'),
);

const cookieText = fc.string({ maxLength: 60, unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)) });
/**
 * Cookie headers no browser of this site sends: the session cookie with a value that is not a
 * session's token (junk, a real token bent by one character, huge, `%`-escaped), given twice, or
 * lost among other cookies. `token` is a real session's: only bent copies of it are used.
 */
const hostileCookie = (token: string) =>
  fc.oneof(
    cookieText.map((value) => `mealprep_session=${value}`),
    fc
      .constantFrom(
        `${token}x`,
        token.slice(1),
        token.toUpperCase() === token ? token.toLowerCase() : token.toUpperCase(),
        `%${token}`,
        `"${token}"`,
        'a'.repeat(7_000),
        'A'.repeat(128),
        '',
        '=',
        '%00',
      )
      .map((value) => `mealprep_session=${value}`),
    fc.tuple(cookieText, cookieText).map(([a, b]) => `mealprep_session=${a}; mealprep_session=${b}`),
    fc.tuple(cookieText, cookieText).map(([name, value]) => `${name}=${value}; theme=dark; ${name}`),
  );

/** What `String.replace` reads in a replacement string, and text around it. */
const dollarText = fc
  .array(fc.oneof(fc.constantFrom('$&', '$`', "$'", '$$', '$1', '$0', '$<a>', '$', '$$&', "</title>$'", '"$`'), fc.string({ maxLength: 6 })), { minLength: 1, maxLength: 5 })
  .map((parts) => `${parts.join(' ')} end`);
/** A text of each kind an owner writes; every one holds at least one `$` pattern (the ZIP code is five digits since near-me: no text to hold one). */
const dollarTexts = fc.record({
  name: dollarText.map((t) => `$& ${t}`.slice(0, 100)),
  tagline: dollarText.map((t) => `$\` ${t}`.slice(0, 140)),
  description: dollarText.map((t) => `$' ${t}`),
  phone: fc.constantFrom('$&', '$`', "$'", '$$', '$1').map((p) => `${p} 0100`),
  path: fc.constantFrom('$&', "$'", '$$', '$1', '$`').map((p) => `menu/${p}`),
  label: dollarText,
  street: dollarText.map((t) => `Main St $1 ${t}`.slice(0, 180)),
  city: dollarText.map((t) => `$$ ${t}`.slice(0, 90)),
  ownerName: dollarText.map((t) => t.slice(0, 100)),
});

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const count = (text: string, part: string) => text.split(part).length - 1;

/**
 * Headers that belong to one hop, and Expect, as an old client or a proxy sends them. A Trailer
 * needs a chunked body, so it comes with Transfer-Encoding.
 */
const hopHeaders = fc
  .record(
    {
      expect: fc.constantFrom('100-continue', '100-Continue'),
      connection: fc.constantFrom('keep-alive', 'close', 'keep-alive, x-hop', 'te, x-hop', 'x-mealprep-client', 'cookie'),
      'x-hop': fc.constant('named by Connection'),
      'keep-alive': fc.constantFrom('timeout=5', 'timeout=5, max=100'),
      te: fc.constantFrom('trailers', 'gzip'),
      trailer: fc.constant('x-checksum'),
      upgrade: fc.constantFrom('h2c', 'websocket'),
      'proxy-authorization': fc.constant('Basic Zm9vOmJhcg=='),
      'proxy-connection': fc.constant('keep-alive'),
    },
    { requiredKeys: ['expect'] },
  )
  .map((headers): Record<string, string> => ('trailer' in headers ? { ...headers, 'transfer-encoding': 'chunked' } : headers));

/** Claims about the client's address that only a trusted proxy may make (none is trusted by default). */
const forgedAddress = fc.oneof(
  fc.ipV4(),
  fc.ipV6(),
  fc.tuple(fc.ipV4(), fc.ipV4()).map(([a, b]) => `${a}, ${b}`),
  fc.constantFrom('unknown', '127.0.0.1', '::1', '10.0.0.1', 'not an address', '1.1.1.1, 127.0.0.1'),
);
const forgedAddressHeaders = fc.record({ 'x-forwarded-for': forgedAddress, forwarded: forgedAddress.map((a) => `for="${a}"`), 'x-real-ip': forgedAddress }, { requiredKeys: ['x-forwarded-for'] });

/** One HTTP/1.1 call with exactly these headers (fetch refuses Expect and the hop-by-hop ones); a live stream is not read. */
function rawCall(url: string, method: string, headers: Record<string, string>, body?: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve) => {
    const req = httpRequest(url, { method, headers, agent: false, timeout: 20_000 }, (res) => {
      if (String(res.headers['content-type']).startsWith('text/event-stream')) {
        res.destroy();
        return resolve({ status: res.statusCode ?? 0, text: '' });
      }
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      res.on('error', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('timeout', () => req.destroy(new Error('no answer in 20 s')));
    req.on('error', (err) => resolve({ status: 0, text: String(err) }));
    req.end(body);
  });
}

/**
 * Generated hostile input (fast-check) on every route of the authorization matrix, through the
 * gateway of a running system, as a visitor and as an admin: no answer is a 5xx, no process
 * exits, and nothing stored changes.
 */
describe('hostile input on every route', () => {
  let system: RunningSystem;
  let admin: string;
  let owner: string;

  /** What is stored and shown: services, articles, banners and media as the admin screens list them. */
  async function stored(): Promise<Record<string, unknown[]>> {
    const read = async (pathname: string) => {
      const answer = await callApi(system.gateway.url, admin, 'GET', pathname);
      expect(answer.status, pathname).toBe(200);
      return JSON.parse(answer.text) as { items: Array<Record<string, unknown>> };
    };
    // In a fixed order: lists sort by recent activity, which a refused call may not change but a read may.
    const sorted = (items: unknown[]) => items.map((item) => JSON.stringify(item)).sort();
    return {
      services: sorted((await read('/api/catalog/admin/services?pageSize=100')).items.map((s) => [s.id, s.name, s.slug, s.status, s.featured])),
      articles: sorted((await read('/api/catalog/admin/articles')).items.map((a) => [a.id, a.slug, a.status, a.title])),
      banners: sorted((await read('/api/media/admin/banners')).items),
      media: sorted((await read('/api/media/admin/media')).items),
    };
  }

  beforeAll(async () => {
    system = await startSystem({ ADMIN_EMAILS: ADMIN_EMAIL, CHECK_HOSTS: 'nothing.test=127.0.0.1', LIVE_MAX_PER_IP: String(LIVE_MAX_PER_IP) });
    admin = await signIn(system, ADMIN_EMAIL);
    owner = await signIn(system, 'owner@fuzz.test');
    const created = await callApi(system.gateway.url, owner, 'POST', '/api/catalog/services', listing('Fuzz Kitchen', 'fuzz-kitchen'));
    if (created.status !== 201) throw new Error(`could not list a service: ${created.status} ${created.text}`);
  }, 300_000);
  afterAll(async () => system?.stop(), 120_000);

  it('when generated bodies, queries and path values reach every route as a visitor and as an admin, then no answer is a 5xx, every process lives, and nothing stored changes', async () => {
    // The admin list is answered from an index rebuilt after each change: wait for the new listing to be in it.
    await expect.poll(async () => JSON.stringify((await stored()).services), { timeout: 20_000 }).toContain('fuzz-kitchen');
    const before = await stored();
    const serverErrors: string[] = [];
    let calls = 0;
    // Signing out would end the admin's session, and a sign-in request sends mail: both are left out.
    const rows = AUTHORIZATION_MATRIX.filter((row) => !/\/api\/(live|auth\/(logout|login\/request))$/.test(row.path));
    for (const row of rows) {
      for (const cookie of [undefined, admin]) {
        await fc.assert(
          fc.asyncProperty(hostileBody, hostileQuery, hostileSegment, async (body, query, segment) => {
            const pathname = `${row.path.replace(/\{\w+\}/g, () => segment)}${query}`;
            const sent = row.method === 'GET' ? undefined : body.value;
            const answer = await callApi(system.gateway.url, cookie, row.method, pathname, sent, { raw: body.kind === 'raw' });
            calls += 1;
            if (answer.status >= 500) serverErrors.push(`${row.method} ${pathname.slice(0, 200)} ${JSON.stringify(sent)?.slice(0, 200)} → ${answer.status} ${answer.text.slice(0, 200)}`);
            return true;
          }),
          { numRuns: RUNS_PER_ROUTE, seed: 20261123 },
        );
      }
    }
    expect(serverErrors).toEqual([]);
    expect(calls).toBe(rows.length * 2 * RUNS_PER_ROUTE);
    expect([...SERVICES.map((name) => system.services[name].child.exitCode), system.gateway.child.exitCode]).toEqual([null, null, null, null, null]);
    for (const name of SERVICES) expect((await fetch(`${system.services[name].url}/readyz`)).status, name).toBe(200);
    expect(await stored()).toEqual(before);
  }, 600_000);

  it("when hostile cookie headers reach every route and the live stream, then each caller is a visitor: the matrix's visitor answer or a refusal, never a 5xx, and nothing stored changes", async () => {
    const before = await stored();
    const token = /mealprep_session=([^;]+)/.exec(admin)![1]!;
    const problems: string[] = [];
    let calls = 0;
    // A sign-in request with a valid address sends mail: only its empty body is sent here, as to every write.
    for (const row of AUTHORIZATION_MATRIX) {
      await fc.assert(
        fc.asyncProperty(hostileCookie(token), async (cookie) => {
          const answer = await callApi(system.gateway.url, cookie, row.method, row.path.replace(/\{\w+\}/g, 'f'.repeat(24)), row.method === 'GET' ? undefined : {});
          calls += 1;
          const visitor = row.expect[0];
          // Where a visitor is refused, so is this caller (a 431 or 400 for a header it cannot read is a refusal too).
          const refused = answer.status === visitor || answer.status === 431 || answer.status === 400;
          if (answer.status >= 500 || (visitor !== 'allow' && !refused)) problems.push(`${row.method} ${row.path} with cookie ${cookie.slice(0, 80)} → ${answer.status} ${answer.text.slice(0, 120)}`);
          return true;
        }),
        { numRuns: 6, seed: 20261124 },
      );
    }
    expect(problems).toEqual([]);
    expect(calls).toBe(AUTHORIZATION_MATRIX.length * 6);
    expect([...SERVICES.map((name) => system.services[name].child.exitCode), system.gateway.child.exitCode]).toEqual([null, null, null, null, null]);
    // The admin's own session still works: no bent copy of its token touched it.
    expect((await callApi(system.gateway.url, admin, 'GET', '/api/auth/admin/is-admin')).text).toBe('{"isAdmin":true}');
    expect(await stored()).toEqual(before);
  }, 300_000);
  it("when an owner's listing holds $&, $`, $', $$, $1 and more in every text it has, then the published page shows each once and literally: title, meta, JSON-LD, main.js once", async () => {
    const problems: string[] = [];
    let n = 0;
    await fc.assert(
      fc.asyncProperty(dollarTexts, async (texts) => {
        n += 1;
        const slug = `dollar-${n}-${Date.now().toString(36)}`;
        const sent = {
          ...listing(`Dollar ${texts.name}`, slug),
          tagline: `Tagline ${texts.tagline}`,
          description: `Description ${texts.description}`,
          contact: { email: `hello@${slug}.example.com`, phone: `555 ${texts.phone}`, website: `https://${slug}.example.com/${texts.path}`, socialLinks: [] },
          locations: [
            {
              label: `Label ${texts.label}`,
              address: { line1: `1 ${texts.street}`, city: `City ${texts.city}`, region: 'Texas', postalCode: '78701', countryCode: 'US' },
              isPrimary: true,
            },
          ],
          metadata: { ...listing('x', slug).metadata, ownerName: `Owner ${texts.ownerName}` },
        };
        const created = await callApi(system.gateway.url, owner, 'POST', '/api/catalog/services', sent);
        if (created.status !== 201) return void problems.push(`create ${slug} → ${created.status} ${created.text.slice(0, 200)}`);
        const { id } = JSON.parse(created.text) as { id: string };
        expect((await callApi(system.gateway.url, owner, 'POST', `/api/catalog/services/${id}/submit`, {})).status).toBeLessThan(300);
        expect((await callApi(system.gateway.url, admin, 'PATCH', `/api/catalog/admin/services/${id}/status`, { status: 'published' })).status).toBe(200);
        // What the owner typed, as stored (trimmed) and as the page must show it.
        const shown = (text: string) => text.trim();
        const title = `${shown(sent.name)} | Meal Prep Directory`;
        let html = '';
        await expect
          .poll(
            async () => {
              const page = await fetch(`${system.gateway.url}/service/${slug}`);
              html = await page.text();
              return page.status;
            },
            { timeout: 15_000 },
          )
          .toBe(200);
        const scripts = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)];
        const check = (what: string, ok: boolean) => void (ok || problems.push(`${slug}: ${what}`));
        check('starts with the doctype', /^<!doctype html>/i.test(html));
        check("one <title>, the listing's", count(html, '<title>') === 1 && html.includes(`<title>${escapeHtml(title)}</title>`));
        check('meta description is the tagline', count(html, '<meta name="description"') === 1 && html.includes(`<meta name="description" content="${escapeHtml(shown(sent.tagline))}">`));
        check('og:title', html.includes(`<meta property="og:title" content="${escapeHtml(title)}">`));
        check('main.js once', [...html.matchAll(/<script[^>]*\ssrc="\/main\.[^"]*\.js"/g)].length === 1);
        check('runtime config once', count(html, 'id="runtime-config"') === 1);
        check('one head', count(html, '</head>') === 1);
        check("the page's JSON-LD: one script, the listing and its breadcrumbs", scripts.length === 1);
        let jsonLd: Record<string, unknown> = {};
        try {
          const things = [JSON.parse(scripts[0]?.[1] ?? '')].flat() as Array<Record<string, unknown>>;
          jsonLd = things.find((thing) => thing['@type'] === 'FoodEstablishment') ?? {};
        } catch {
          check('JSON-LD parses', false);
        }
        const address = (jsonLd.address ?? {}) as Record<string, unknown>;
        check('JSON-LD name', jsonLd.name === shown(sent.name));
        check('JSON-LD description', jsonLd.description === shown(sent.description));
        check('JSON-LD telephone', jsonLd.telephone === shown(sent.contact.phone));
        check('JSON-LD website', JSON.stringify(jsonLd.sameAs) === JSON.stringify([shown(sent.contact.website)]));
        check(
          'JSON-LD street, city, postal code',
          address.streetAddress === shown(sent.locations[0]!.address.line1) &&
            address.addressLocality === shown(sent.locations[0]!.address.city) &&
            address.postalCode === shown(sent.locations[0]!.address.postalCode),
        );
        return true;
      }),
      { numRuns: 6, seed: 20261125 },
    );
    expect(problems).toEqual([]);
  }, 300_000);

  it('when Expect and hop-by-hop headers reach every route and the live stream, as a visitor and as an admin, then no answer is a 5xx and the catalogue is never marked down', async () => {
    const problems: string[] = [];
    let calls = 0;
    // A read of a catalogue list through the gateway.
    const list = () => fetch(`${system.gateway.url}/api/catalog/regions`).then(async (answer) => (await answer.arrayBuffer(), answer.status));
    const rows = AUTHORIZATION_MATRIX.filter((row) => !/\/api\/auth\/(logout|login\/request)$/.test(row.path));
    for (const row of rows) {
      for (const cookie of [undefined, admin]) {
        await fc.assert(
          fc.asyncProperty(hopHeaders, async (headers) => {
            const body = row.method === 'GET' ? undefined : '{}';
            const answer = await rawCall(
              `${system.gateway.url}${row.path.replace(/\{\w+\}/g, () => 'f'.repeat(24))}`,
              row.method,
              { ...headers, ...(cookie ? { cookie } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
              body,
            );
            calls += 1;
            if (answer.status === 0 || answer.status >= 500) problems.push(`${row.method} ${row.path} ${JSON.stringify(headers)} → ${answer.status} ${answer.text.slice(0, 160)}`);
            // Right after it, the catalogue is still up for everyone (a 503 here: it was marked down).
            const after = await list();
            if (after !== 200) problems.push(`after ${row.method} ${row.path} ${JSON.stringify(headers)}: the catalogue list → ${after}`);
            return true;
          }),
          { numRuns: 3, seed: 20261126 },
        );
      }
    }
    expect(problems).toEqual([]);
    expect(calls).toBe(rows.length * 2 * 3);
    expect([...SERVICES.map((name) => system.services[name].child.exitCode), system.gateway.child.exitCode]).toEqual([null, null, null, null, null]);
  }, 600_000);

  it('when a client forges X-Forwarded-For (and Forwarded, X-Real-IP) on every call, then it never gets more live streams or sign-in mails than one client may', async () => {
    const liveClients = async () => Number(/^live_clients (\d+)$/m.exec(await (await fetch(`${system.gateway.url}/metrics`)).text())?.[1]);
    await fc.assert(
      fc.asyncProperty(fc.array(forgedAddressHeaders, { minLength: LIVE_MAX_PER_IP + 3, maxLength: LIVE_MAX_PER_IP + 6 }), async (forged) => {
        await expect.poll(liveClients).toBe(0);
        const controllers = forged.map(() => new AbortController());
        try {
          const statuses = await Promise.all(forged.map((headers, i) => fetch(`${system.gateway.url}/api/live`, { headers, signal: controllers[i]!.signal }).then((a) => a.status)));
          expect(statuses.filter((status) => status === 200)).toHaveLength(LIVE_MAX_PER_IP);
          expect(statuses.filter((status) => status !== 200).every((status) => status === 429)).toBe(true);
        } finally {
          for (const controller of controllers) controller.abort();
        }
        await expect.poll(liveClients).toBe(0);
        return true;
      }),
      { numRuns: 3, seed: 20261127 },
    );

    // Every sign-in mail of this system so far was asked for from 127.0.0.1 (the sign-ins above); forged addresses add no room.
    const outbox = path.join(system.dataDir, 'outbox');
    const mails = () =>
      readdirSync(outbox)
        .filter((name) => name.endsWith('.eml'))
        .filter((name) => readFileSync(path.join(outbox, name), 'utf8').includes('Subject: Your sign-in link for Meal Prep Directory')).length;
    const sentBefore = mails();
    expect(sentBefore).toBeLessThan(SIGN_IN_MAILS_PER_CLIENT);
    const forged = fc.sample(forgedAddressHeaders, { numRuns: SIGN_IN_MAILS_PER_CLIENT + 3, seed: 20261128 });
    const statuses: number[] = [];
    for (const [i, headers] of forged.entries()) {
      const answer = await rawCall(`${system.gateway.url}/api/auth/login/request`, 'POST', { ...headers, 'content-type': 'application/json' }, JSON.stringify({ email: `forged${i}@fuzz.test` }));
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([...Array(SIGN_IN_MAILS_PER_CLIENT - sentBefore).fill(202), ...Array(forged.length - (SIGN_IN_MAILS_PER_CLIENT - sentBefore)).fill(429)]);
    expect(mails()).toBe(SIGN_IN_MAILS_PER_CLIENT);
  }, 300_000);
});
