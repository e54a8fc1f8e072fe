import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTHORIZATION_MATRIX, CALLERS, type Caller, type Outcome } from './authorization-matrix';
import { startSystem, type RunningSystem } from './system';

const EMAILS: Record<Exclude<Caller, 'visitor'>, string> = {
  user: 'someone@matrix.test',
  owner: 'owner-a@matrix.test',
  otherOwner: 'owner-b@matrix.test',
  admin: 'admin@matrix.test',
};

const listing = (name: string, slug: string) => ({
  name,
  slug,
  tagline: 'Breakfasts that keep',
  description: 'Fresh breakfast boxes every Monday.',
  mealTypes: ['keto'],
  deliveryMethods: { localDelivery: true, pickup: false, shipsDomestically: false, shipsInternationally: false },
  contact: { email: `hello@${slug}.example.com`, phone: '555-0100', website: `https://${slug}.example.com`, socialLinks: [] },
  locations: [{ label: '', address: { line1: '1 Main St', city: 'Austin', region: 'Texas', postalCode: '78701', countryCode: 'US' }, isPrimary: true }],
  media: { logoImageId: null },
  metadata: { ownerName: 'Sam Sunrise', yearsInBusiness: '1-2 years', termsAccepted: true, submittedVia: 'dashboard' },
});

/** Every cell of `authorization-matrix.ts`, called through the gateway of a running system. */
describe('authorization matrix through the gateway', () => {
  let system: RunningSystem;
  const cookies: Partial<Record<Caller, string>> = {};
  const values: Record<string, string> = { missing: '0'.repeat(24) };

  const call = async (caller: Caller, method: string, pathname: string, body?: unknown) => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 20_000);
    try {
      const answer = await fetch(`${system.gateway.url}${pathname}`, {
        method,
        signal: controller.signal,
        headers: { ...(cookies[caller] ? { cookie: cookies[caller] } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = answer.headers.get('content-type')?.startsWith('text/event-stream') ? '' : await answer.text();
      return { status: answer.status, text, setCookie: answer.headers.get('set-cookie') };
    } finally {
      clearTimeout(timer);
      controller.abort();
    }
  };

  /** Signs in by the e-mailed code, as a person would, and keeps the session cookie. */
  async function signIn(caller: Exclude<Caller, 'visitor'>) {
    const email = EMAILS[caller];
    expect((await call('visitor', 'POST', '/api/auth/login/request', { email })).status).toBeLessThan(300);
    const outbox = path.join(system.dataDir, 'outbox');
    let code: string | undefined;
    for (const deadline = Date.now() + 15_000; !code && Date.now() < deadline; await new Promise((r) => setTimeout(r, 200))) {
      const mail = readdirSync(outbox, { withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => readFileSync(path.join(outbox, entry.name), 'utf8'))
        .find((text) => text.includes(email));
      code = mail ? /sign-in page: (\d{6})/.exec(mail)?.[1] : undefined;
    }
    if (!code) throw new Error(`no sign-in code reached ${email}`);
    const answer = await call('visitor', 'POST', '/api/auth/login/code', { email, code });
    expect(answer.status, answer.text).toBeLessThan(300);
    cookies[caller] = answer.setCookie!.split(';')[0]!;
  }

  beforeAll(async () => {
    system = await startSystem({ ADMIN_EMAILS: EMAILS.admin, CHECK_HOSTS: 'nothing.test=127.0.0.1' });
    for (const caller of ['user', 'owner', 'otherOwner', 'admin'] as const) await signIn(caller);
    const own = await call('owner', 'POST', '/api/catalog/services', listing('Matrix Kitchen A', 'matrix-kitchen-a'));
    expect(own.status, own.text).toBe(201);
    values.own = (JSON.parse(own.text) as { id: string }).id;
    expect((await call('otherOwner', 'POST', '/api/catalog/services', listing('Matrix Kitchen B', 'matrix-kitchen-b'))).status).toBe(201);
    const services = JSON.parse((await call('visitor', 'GET', '/api/catalog/services')).text) as { items: Array<{ id: string; slug: string }> };
    values.demoService = services.items[0]!.id;
    values.demoSlug = services.items[0]!.slug;
    const banners = JSON.parse((await call('visitor', 'GET', '/api/media/banners')).text) as { items: Array<{ id: string }> };
    values.image = banners.items[0]!.id;
    const articles = JSON.parse((await call('visitor', 'GET', '/api/catalog/articles')).text) as { items: Array<{ id: string; slug: string }> };
    values.article = articles.items[0]!.id;
    values.articleSlug = articles.items[0]!.slug;
    values.mealType = (JSON.parse((await call('visitor', 'GET', '/api/catalog/meal-types')).text) as { items: Array<{ slug: string }> }).items[0]!.slug;
    values.region = (JSON.parse((await call('visitor', 'GET', '/api/catalog/regions')).text) as { items: Array<{ slug: string }> }).items[0]!.slug;
    for (const [name, value] of Object.entries(values)) expect(value, name).toBeTruthy();
  }, 300_000);
  afterAll(async () => system?.stop(), 120_000);

  it('when every caller calls every route, then each answer is the one the matrix gives (no cell differs)', async () => {
    const seen = (status: number, expected: Outcome): Outcome | number => {
      if (expected === 'allow') return status !== 401 && status !== 403 && status < 500 ? 'allow' : status;
      return status;
    };
    const differences: string[] = [];
    let cells = 0;
    for (const row of AUTHORIZATION_MATRIX) {
      const pathname = row.path.replace(/\{(\w+)\}/g, (_, name: string) => values[name]!);
      const body = row.body ?? (row.method === 'GET' ? undefined : {});
      for (const [i, caller] of CALLERS.entries()) {
        const answer = await call(caller, row.method, pathname, body);
        const outcome = seen(answer.status, row.expect[i]!);
        cells += 1;
        if (outcome !== row.expect[i]) differences.push(`${row.method} ${row.path} as ${caller}: expected ${row.expect[i]}, got ${answer.status} ${answer.text.slice(0, 120)}`);
      }
    }
    expect(differences).toEqual([]);
    expect(cells).toBe(AUTHORIZATION_MATRIX.length * CALLERS.length);
  }, 300_000);
});
