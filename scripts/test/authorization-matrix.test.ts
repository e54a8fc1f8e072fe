import type { LiveInvalidation } from '@mealprep/contracts';
import { Broker } from '@mealprep/service-kit';
import { silentLogger } from '@mealprep/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTHORIZATION_MATRIX, CALLERS, LIVE_CHANGES, LIVE_MATRIX, type Caller, type LiveChange, type Outcome } from './authorization-matrix';
import { callApi, listing, placeholderValues, signIn, startSystem, type RunningSystem } from './system';

const EMAILS: Record<Exclude<Caller, 'visitor'>, string> = {
  user: 'someone@matrix.test',
  owner: 'owner-a@matrix.test',
  otherOwner: 'owner-b@matrix.test',
  admin: 'admin@matrix.test',
};

/** A caller's open live stream: every frame it has heard. */
function listen(url: string, cookie: string | undefined) {
  const controller = new AbortController();
  const heard: LiveInvalidation[] = [];
  const opened = (async () => {
    const response = await fetch(url, { signal: controller.signal, headers: cookie ? { cookie } : {} });
    if (response.status !== 200 || !response.body) throw new Error(`live stream: ${response.status}`);
    return response.body.getReader();
  })();
  const reading = opened.then(async (reader) => {
    let buffer = '';
    const decoder = new TextDecoder();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = /^data: (.*)$/m.exec(frame)?.[1];
        if (/^event: invalidate$/m.test(frame) && data) heard.push(JSON.parse(data) as LiveInvalidation);
      }
    }
  });
  return {
    heard,
    opened,
    close: () => {
      controller.abort();
      return reading.catch(() => undefined);
    },
  };
}

/** Every cell of `authorization-matrix.ts`, called through the gateway of a running system. */
describe('authorization matrix through the gateway', () => {
  let system: RunningSystem;
  const cookies: Partial<Record<Caller, string>> = {};
  let values: Record<string, string>;
  const call = (caller: Caller, method: string, pathname: string, body?: unknown) => callApi(system.gateway.url, cookies[caller], method, pathname, body);

  beforeAll(async () => {
    system = await startSystem({ ADMIN_EMAILS: EMAILS.admin, CHECK_HOSTS: 'nothing.test=127.0.0.1' });
    for (const caller of ['user', 'owner', 'otherOwner', 'admin'] as const) cookies[caller] = await signIn(system, EMAILS[caller]);
    const own = await call('owner', 'POST', '/api/catalog/services', listing('Matrix Kitchen A', 'matrix-kitchen-a'));
    if (own.status !== 201) throw new Error(`owner A could not list a service: ${own.status} ${own.text}`);
    const other = await call('otherOwner', 'POST', '/api/catalog/services', listing('Matrix Kitchen B', 'matrix-kitchen-b'));
    if (other.status !== 201) throw new Error(`owner B could not list a service: ${other.status} ${other.text}`);
    values = await placeholderValues(system, (JSON.parse(own.text) as { id: string }).id);
  }, 300_000);
  afterAll(async () => system?.stop(), 120_000);

  it('when each kind of change is made, then every caller open on the live stream hears exactly what the live matrix gives (no cell differs)', async () => {
    const streams = CALLERS.map((caller) => listen(`${system.gateway.url}/api/live`, cookies[caller]));
    const announcer = new Broker({ url: system.rabbit.url, prefix: 'system', source: 'svc-catalog', logger: silentLogger });
    try {
      await Promise.all(streams.map((s) => s.opened));
      await announcer.connect();
      const admin = (method: string, pathname: string, body?: unknown) => call('admin', method, pathname, body);
      const banners = JSON.parse((await admin('GET', '/api/media/admin/banners')).text) as { items: Array<{ id: string }> };
      const slugOf: Partial<Record<LiveChange, string>> = { publishedServiceChanged: values.demoSlug, ownDraftChanged: 'matrix-kitchen-a' };
      const make: Record<LiveChange, () => Promise<unknown>> = {
        publishedServiceChanged: () => admin('POST', `/api/catalog/admin/services/${values.demoService}/feature`, { days: 3 }),
        ownDraftChanged: () => call('owner', 'PATCH', `/api/catalog/services/${values.own}`, { tagline: 'Heard by its owner and the admins' }),
        mealTypesSeeded: () => announcer.publish('catalog.meal-types.seeded', { count: 1 }),
        regionsSeeded: () => announcer.publish('catalog.regions.seeded', { count: 1 }),
        articleChanged: () => admin('PATCH', `/api/catalog/admin/articles/${values.article}/status`, { status: 'published' }),
        bannerChanged: () => admin('PATCH', `/api/media/admin/banners/${banners.items[0]!.id}`, { isActive: true }),
        leadForOwnChanged: async () => {
          const me = JSON.parse((await call('owner', 'GET', '/api/auth/me')).text) as { user: { id: string } };
          return announcer.publish('catalog.lead.changed', { leadId: `l-${'0'.repeat(24)}`, ownerUserId: me.user.id });
        },
      };
      const differences: string[] = [];
      for (const change of Object.keys(LIVE_CHANGES) as LiveChange[]) {
        for (const stream of streams) stream.heard.length = 0;
        const answer = (await make[change]()) as { status?: number; text?: string } | undefined;
        if (answer?.status !== undefined && answer.status >= 300) throw new Error(`${LIVE_CHANGES[change]}: ${answer.status} ${answer.text}`);
        const rows = LIVE_MATRIX.filter((row) => row.change === change);
        const heardBy = (i: number, topic: string) => streams[i]!.heard.some((f) => f.topics.includes(topic as never) && (slugOf[change] === undefined || f.slug === slugOf[change]));
        // Wait until every caller who should hear has heard (every change has a hearer, so the gateway
        // has then sent the change to every stream it was for).
        const allHeard = () => rows.every((row) => row.hears.every((should, i) => !should || heardBy(i, row.topic)));
        for (const deadline = Date.now() + 15_000; !allHeard() && Date.now() < deadline;) await new Promise((r) => setTimeout(r, 100));
        // Then a marker everybody hears (meal types are public; no other change touches that topic):
        // a stream's frames come in order, so once each stream has heard it, a frame of the change
        // for a caller who should not hear it would have come before.
        const markedAt = streams.map((stream) => stream.heard.length);
        await announcer.publish('catalog.meal-types.seeded', { count: 1 });
        const markerHeard = () => streams.every((stream, i) => stream.heard.slice(markedAt[i]).some((f) => f.topics.includes('meal-types')));
        for (const deadline = Date.now() + 15_000; !markerHeard() && Date.now() < deadline;) await new Promise((r) => setTimeout(r, 100));
        if (!markerHeard()) differences.push(`the marker after ${LIVE_CHANGES[change]} was not heard by every caller`);
        for (const row of rows) {
          for (const [i, caller] of CALLERS.entries()) {
            if (heardBy(i, row.topic) !== row.hears[i]) differences.push(`${row.topic} when ${LIVE_CHANGES[change]}, ${caller}: expected ${row.hears[i] ? 'to hear' : 'not to hear'} it`);
          }
        }
      }
      expect(differences).toEqual([]);

      // A stream belongs to its session: logging out ends it (the browser reconnects as a visitor).
      const leaver = await signIn(system, 'leaver@matrix.test');
      const ended = { done: false };
      const stream = listen(`${system.gateway.url}/api/live`, leaver);
      streams.push(stream);
      const reader = await stream.opened;
      void reader.closed.then(
        () => (ended.done = true),
        () => (ended.done = true),
      );
      expect((await callApi(system.gateway.url, leaver, 'POST', '/api/auth/logout', {})).status).toBe(204);
      await expect.poll(() => ended.done, { timeout: 10_000 }).toBe(true);
    } finally {
      await Promise.all(streams.map((s) => s.close()));
      await announcer.close();
    }
  }, 180_000);

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
