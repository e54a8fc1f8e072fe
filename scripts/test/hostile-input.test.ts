import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTHORIZATION_MATRIX } from './authorization-matrix';
import { callApi, listing, SERVICES, signIn, startSystem, type RunningSystem } from './system';

const ADMIN_EMAIL = 'admin@fuzz.test';
const RUNS_PER_ROUTE = 12;

/** Keys that have bitten APIs before: query operators, prototype pollution, the contracts' own names. */
const hostileKey = fc.oneof(
  fc.constantFrom('$where', '$gt', '$ne', '$regex', '$set', '__proto__', 'constructor', 'prototype', 'toString', 'ids', 'status', 'email', 'name', 'slug', 'filter', 'page', 'pageSize', 'q', 'url', 'code', 'alt'),
  fc.string({ maxLength: 12 }),
);
const hostileScalar = fc.oneof(
  fc.string({ maxLength: 60, unit: 'binary' }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom('', ' ', '0', '-1', '1e309', 'NaN', 'true', '[]', '{}', '<script>alert(1)</script>', 'javascript:alert(1)', '../../etc/passwd', '%00', '\u0000', '\uFFFF', '😀'.repeat(50), 'a'.repeat(5_000)),
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
const hostileQuery = fc
  .array(fc.tuple(fc.oneof(hostileKey, fc.constantFrom('filter[$ne]', '__proto__[admin]', 'page[]', 'constructor[prototype][x]')), hostileScalar.map(String)), { maxLength: 4 })
  .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')}` : ''));
const hostileSegment = fc.oneof(
  fc.string({ minLength: 1, maxLength: 40, unit: 'binary' }).map(encodeURIComponent),
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
    fc.constantFrom(`${token}x`, token.slice(1), token.toUpperCase() === token ? token.toLowerCase() : token.toUpperCase(), `%${token}`, `"${token}"`, 'a'.repeat(7_000), 'A'.repeat(128), '', '=', '%00').map((value) => `mealprep_session=${value}`),
    fc.tuple(cookieText, cookieText).map(([a, b]) => `mealprep_session=${a}; mealprep_session=${b}`),
    fc.tuple(cookieText, cookieText).map(([name, value]) => `${name}=${value}; theme=dark; ${name}`),
  );

/**
 * Generated hostile input (fast-check) on every route of the authorization matrix, through the
 * gateway of a running system, as a visitor and as an admin: no answer is a 5xx, no process
 * exits, and nothing stored changes.
 */
describe('hostile input on every route', () => {
  let system: RunningSystem;
  let admin: string;

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
    system = await startSystem({ ADMIN_EMAILS: ADMIN_EMAIL, CHECK_HOSTS: 'nothing.test=127.0.0.1' });
    admin = await signIn(system, ADMIN_EMAIL);
    const owner = await signIn(system, 'owner@fuzz.test');
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
            const pathname = `${row.path.replace(/\{\w+\}/g, segment)}${query}`;
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

  it('when hostile cookie headers reach every route and the live stream, then each caller is a visitor: the matrix\'s visitor answer or a refusal, never a 5xx, and nothing stored changes', async () => {
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
});
