import { randomUUID } from 'node:crypto';
import { INSIGHT_METRICS, type ListingInsights, type SiteInsights } from '@mealprep/contracts';
import { demoServices } from '@mealprep/demo-data';
import { signClientAddress } from '@mealprep/service-kit';
import { silentLogger, TEST_IDENTITY_SECRET } from '@mealprep/service-kit/testing';
import { describe, expect, it } from 'vitest';
import { countWrites, hitId, InsightTally } from '../src/domain/insights/insight-tally';
import { daysEndingOn, forgetOldHits } from '../src/domain/insights/insights';
import { as, useCatalog } from './harness';

const NOW = new Date('2026-11-01T12:00:00Z');
const TODAY = '2026-11-01';
const demo = demoServices(NOW);
const published = demo.filter((s) => s.status === 'published');
const admin = () => as('boss', ['admin'], 'boss@staff.example.org');
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

describe('listing insights', () => {
  const catalog = useCatalog('catalog-insights', { demo: NOW, now: NOW });

  const send = catalog.send;
  /** A visitor: an address (as the gateway signs it) and a browser. */
  const visitor = (ip: string, userAgent = CHROME, identity: Record<string, string> = {}) => ({ ...signClientAddress(ip, TEST_IDENTITY_SECRET), 'user-agent': userAgent, ...identity });
  const report = (who: Record<string, string>, body: unknown) => send('POST', '/insights/events', who, body);
  const insightsOf = async (id: string, days = 30) => (await send('GET', `/services/${id}/insights?days=${days}`, admin())).body as unknown as ListingInsights;
  const site = async () => (await send('GET', '/admin/insights?days=30', admin())).body as unknown as SiteInsights;

  it('when visitors view a listing and follow its links, then each address is counted once a day per listing, whatever its browser; bots and admins are not', async () => {
    const listing = published[0]!;
    const a = visitor('203.0.113.1');
    expect((await report(a, { metric: 'views', serviceIds: [listing.id] })).body).toEqual({ counted: 1 });
    await report(a, { metric: 'views', serviceIds: [listing.id] });
    await report(visitor('203.0.113.1', FIREFOX), { metric: 'views', serviceIds: [listing.id] });
    await report(visitor('203.0.113.2'), { metric: 'views', serviceIds: [listing.id] });
    await report(a, { metric: 'website', serviceIds: [listing.id] });
    await report(a, { metric: 'phone', serviceIds: [listing.id] });
    await report(visitor('203.0.113.2'), { metric: 'email', serviceIds: [listing.id] });
    expect((await report(visitor('66.249.66.1', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'), { metric: 'views', serviceIds: [listing.id] })).body).toEqual({
      counted: 0,
    });
    expect((await report(visitor('203.0.113.9', CHROME, admin()), { metric: 'views', serviceIds: [listing.id] })).body).toEqual({ counted: 0 });
    expect((await report(visitor('203.0.113.9', ''), { metric: 'views', serviceIds: [listing.id] })).body).toEqual({ counted: 0 });

    await expect.poll(async () => (await insightsOf(listing.id)).totals, { timeout: 5_000 }).toEqual({ views: 2, website: 1, phone: 1, email: 1, near: 0, search: 0, leads: 0 });
    const insights = await insightsOf(listing.id);
    expect(insights.days).toHaveLength(30);
    expect(insights.days.at(-1)).toMatchObject({ day: TODAY, views: 2 });
    expect(insights.days[0]!.day).toBe(daysEndingOn(NOW, 30)[0]);
    expect(insights.previousTotals.views).toBe(0);
    expect((await insightsOf(listing.id, 90)).days).toHaveLength(90);
  });

  it('when results pages show listings and a search finds nothing, then appearances are counted per listing and the empty search for the site', async () => {
    const shown = published.slice(1, 4).map((s) => s.id);
    await report(visitor('198.51.100.7'), { metric: 'search', serviceIds: shown });
    await report(visitor('198.51.100.7'), { metric: 'near', serviceIds: [shown[0]!, shown[0]!] });
    await report(visitor('198.51.100.7'), { metric: 'empty-search', term: '  Vegan   TACOS ' });
    await report(visitor('198.51.100.8'), { metric: 'empty-search', term: 'vegan tacos' });
    await report(visitor('198.51.100.8'), { metric: 'views', serviceIds: [shown[1]!] });
    await expect.poll(async () => (await insightsOf(shown[0]!)).totals, { timeout: 5_000 }).toMatchObject({ search: 1, near: 1 });
    await expect.poll(async () => (await site()).emptySearches, { timeout: 5_000 }).toEqual([{ term: 'vegan tacos', count: 2 }]);
    const top = (await site()).mostViewed;
    expect(top[0]).toMatchObject({ serviceId: published[0]!.id, name: published[0]!.name, views: 2 });
    expect(top.map((t) => t.serviceId)).toContain(shown[1]);
  });

  it('when a batch is delivered again, even days later or to the instance that takes over, then nothing in it counts twice; a batch older than the hits kept is not taken', async () => {
    const listing = published[5]!;
    const dayOfListing = async (day: string) => (await insightsOf(listing.id)).days.find((d) => d.day === day);
    const hits = ['a', 'b', 'c'].map((v) => ({ day: '2026-10-30', metric: 'views' as const, key: listing.id, visitor: v.repeat(32) }));
    await catalog.tally.add(hits);
    await catalog.tally.add([...hits, { ...hits[0]!, metric: 'website' as const }]);
    expect(await dayOfListing('2026-10-30')).toMatchObject({ views: 3, website: 1 });

    // Another instance takes over: it knows what was counted from the ledgers alone.
    const next = new InsightTally({ store: catalog.insights, logger: silentLogger, now: () => NOW, turnMs: 20 });
    await next.add([...hits, { ...hits[0]!, visitor: 'd'.repeat(32) }]);
    expect(await dayOfListing('2026-10-30')).toMatchObject({ views: 4, website: 1 });

    // The consumer starts again (as after a reconnect), and the batch comes again through the broker,
    // followed by a marker batch of another listing: once the marker is counted, the batch was handled.
    catalog.tally.reset();
    const marker = published[9]!;
    await catalog.publish('insights.hits.batch', { hits });
    await catalog.publish('insights.hits.batch', { hits: [{ day: '2026-10-30', metric: 'website', key: marker.id, visitor: 'f'.repeat(32) }] });
    await expect.poll(async () => (await insightsOf(marker.id)).totals.website, { timeout: 5_000 }).toBe(1);
    expect(await dayOfListing('2026-10-30')).toMatchObject({ views: 4, website: 1 });

    // Hits of days before those kept are forgotten, and a batch of such a day is not taken.
    const later = () => new Date('2026-11-04T12:00:00Z');
    await forgetOldHits({ insights: catalog.insights, now: later });
    await new InsightTally({ store: catalog.insights, logger: silentLogger, now: later, turnMs: 20 }).add(hits);
    await catalog.publish('insights.hits.batch', { hits: [{ ...hits[0]!, day: '2026-10-20', visitor: 'e'.repeat(32) }] });
    await catalog.publish('insights.hits.batch', { hits: [{ day: '2026-10-30', metric: 'phone', key: marker.id, visitor: 'f'.repeat(32) }] });
    await expect.poll(async () => (await insightsOf(marker.id)).totals.phone, { timeout: 5_000 }).toBe(1);
    expect((await dayOfListing('2026-10-20'))?.views).toBe(0);
    expect(await dayOfListing('2026-10-30')).toMatchObject({ views: 4, website: 1 });
  });

  it('when a turn stopped after storing its ledger (a crash), then the next consumer adds its counts once, however often it is finished', async () => {
    const listing = published[10]!;
    const hits = ['1', '2'].map((v) => ({ day: '2026-10-31', metric: 'views' as const, key: listing.id, visitor: v.repeat(32) }));
    const seq = Math.max(Date.now() * 1_000, ...(await catalog.insights.ledgers()).map((l) => l.seq)) + 1;
    const ledger = { seq, day: '2026-10-31', hits: hits.map(hitId), writes: countWrites(hits), done: false };
    expect(ledger.writes.map((w) => w.doc)).toEqual(['month', 'site']);
    await catalog.insights.insertLedger(ledger);
    // Half of it had been added when the instance died: the listing's month, not the site's day.
    await catalog.insights.applyLedger({ ...ledger, writes: ledger.writes.slice(0, 1) });
    await new InsightTally({ store: catalog.insights, logger: silentLogger, now: () => NOW, turnMs: 20 }).add(hits);
    await catalog.insights.applyLedger(ledger);
    expect((await insightsOf(listing.id)).days.find((d) => d.day === '2026-10-31')).toMatchObject({ views: 2 });
    expect((await site()).mostViewed.find((v) => v.serviceId === listing.id)?.views).toBe(2);
    expect((await catalog.insights.ledgers()).find((l) => l.seq === ledger.seq)?.done).toBe(true);
    catalog.tally.reset();
  });

  it('when an owner asks, then they see their own listing only, without their own visits; visitors and other owners are refused', async () => {
    const listing = published[6]!;
    // The listing becomes chef's: its contact e-mail is theirs, and they claim it.
    const chef = as('chef', [], 'chef@chef-kitchen.com');
    expect((await send('PATCH', `/services/${listing.id}`, admin(), { contact: { email: 'chef@chef-kitchen.com', phone: '', website: '' } })).status).toBe(200);
    expect((await send('POST', `/services/${listing.id}/claims`, chef, {})).body).toMatchObject({ status: 'granted' });
    expect((await report(visitor('192.0.2.77', CHROME, chef), { metric: 'views', serviceIds: [listing.id, published[8]!.id] })).body).toEqual({ counted: 1 });
    await report(visitor('192.0.2.78'), { metric: 'views', serviceIds: [listing.id] });
    await expect.poll(async () => ((await send('GET', `/services/${listing.id}/insights`, chef)).body as unknown as ListingInsights).totals?.views, { timeout: 5_000 }).toBe(1);
    expect((await send('GET', `/services/${listing.id}/insights`, {})).status).toBe(401);
    expect((await send('GET', `/services/${listing.id}/insights`, as('stranger'))).status).toBe(404);
    expect((await send('GET', '/admin/insights', as('stranger'))).status).toBe(403);
    expect((await send('GET', `/services/${listing.id}/insights`, admin())).status).toBe(200);
    expect((await send('GET', `/services/${listing.id}/insights/chart`, as('stranger'))).status).toBe(404);
  });

  it('when the chart is asked for, then it is an SVG of the count and period asked, in the theme asked', async () => {
    const listing = published[0]!;
    const response = await fetch(`${catalog.url}/services/${listing.id}/insights/chart?days=90&metric=website&theme=dark`, { headers: admin() });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    const svg = await response.text();
    expect(svg).toContain('Website clicks per day');
    expect(svg).toContain('1 in all over 90 days');
    expect(svg).toContain('#34d399');
    for (const bad of ['?metric=likes', '?theme=blue', '?days=7', '?x=1']) {
      expect((await fetch(`${catalog.url}/services/${listing.id}/insights/chart${bad}`, { headers: admin() })).status).toBe(400);
    }
  });

  it('when reports are forged (unknown or draft listings, dates, 10,000 listings, bad kinds), then a clear 400 and nothing is counted', async () => {
    const listing = published[7]!;
    const who = visitor('192.0.2.50');
    const unknown = await report(who, { metric: 'views', serviceIds: [listing.id, 'f'.repeat(24)] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error?.message).toBe(`Unknown listing: ${'f'.repeat(24)}. Nothing was counted.`);
    const pending = demo.find((s) => s.status === 'pending')!;
    expect((await report(who, { metric: 'views', serviceIds: [pending.id] })).status).toBe(400);
    for (const body of [
      { metric: 'views', serviceIds: [listing.id], day: '2030-01-01' },
      { metric: 'views', serviceIds: Array.from({ length: 10_000 }, () => listing.id) },
      { metric: 'likes', serviceIds: [listing.id] },
      // Quote requests are counted where they arrive, never from a page's report.
      { metric: 'leads', serviceIds: [listing.id] },
      { metric: 'views', serviceIds: [] },
      { metric: 'empty-search', term: 'x'.repeat(101) },
      { metric: 'views', serviceIds: [{ $ne: null }] },
      'not json',
    ]) {
      expect([400, 413]).toContain((await report(who, body)).status);
    }
    expect((await send('GET', `/services/${listing.id}/insights?days=7`, admin())).status).toBe(400);
    // A good report after them is counted: what they would have counted would have come before it.
    const marker = published[11]!;
    expect((await report(who, { metric: 'email', serviceIds: [marker.id] })).body).toEqual({ counted: 1 });
    await expect.poll(async () => (await insightsOf(marker.id)).totals.email, { timeout: 5_000 }).toBe(1);
    expect((await insightsOf(listing.id)).totals).toEqual({ views: 0, website: 0, phone: 0, email: 0, near: 0, search: 0, leads: 0 });
  });

  it('when a report holds text that is not well-formed (a lone surrogate), then it is refused at the contract; a bad hit on the broker is set aside and the rest of its batch counts', async () => {
    const who = visitor('192.0.2.60');
    for (const term of ['\ud800', 'vegan \udfff tacos', 'a\ud83d']) {
      const refused = await report(who, { metric: 'empty-search', term });
      expect(refused.status).toBe(400);
      expect(refused.body.error?.message).toContain('must be well-formed text');
    }
    // A key that is not well-formed is refused by every route, whatever its schema says of it.
    expect((await send('POST', '/insights/events', who, { metric: 'views', serviceIds: [published[12]!.id], '\udc00': 1 })).status).toBe(400);

    // An older or faulty sender's batch: one hit whose text cannot be stored among good ones.
    const listing = published[12]!;
    const good = ['1', '2'].map((v) => ({ day: TODAY, metric: 'views' as const, key: listing.id, visitor: v.repeat(32) }));
    await catalog.publishEnvelope({
      id: randomUUID(),
      type: 'insights.hits.batch',
      occurredAt: NOW.toISOString(),
      source: 'svc-catalog',
      payload: { hits: [good[0], { day: TODAY, metric: 'empty-search', key: 'x\ud800', visitor: '3'.repeat(32) }, good[1], { nonsense: true }] },
    });
    await expect.poll(async () => (await insightsOf(listing.id)).totals.views, { timeout: 5_000 }).toBe(2);
    // The consumer goes on counting: a report sent after it counts too.
    expect((await report(visitor('192.0.2.61'), { metric: 'website', serviceIds: [listing.id] })).body).toEqual({ counted: 1 });
    await expect.poll(async () => (await insightsOf(listing.id)).totals.website, { timeout: 5_000 }).toBe(1);
  });

  it('when one address reports a listing with 20 browsers, or from 20 addresses of one IPv6 /64, then it counts once', async () => {
    const listing = published[13]!;
    for (let i = 0; i < 20; i += 1) {
      expect((await report(visitor('192.0.2.70', `Mozilla/5.0 (X11; Linux x86_64) Firefox/${100 + i}.0`), { metric: 'views', serviceIds: [listing.id] })).status).toBe(202);
      expect((await report(visitor(`2001:db8:1:2::${(i + 1).toString(16)}`, CHROME), { metric: 'views', serviceIds: [listing.id] })).status).toBe(202);
    }
    // Behind them, a visitor of another address and another /64: once it is counted, so is all before it.
    await report(visitor('2001:db8:1:3::1'), { metric: 'website', serviceIds: [listing.id] });
    await expect.poll(async () => (await insightsOf(listing.id)).totals.website, { timeout: 5_000 }).toBe(1);
    expect((await insightsOf(listing.id)).totals.views).toBe(2);
  });

  it('when one client searches for nothing in a flood of different texts, then the day keeps at most 10 of its texts and the site at most 200: the stored day stays small', async () => {
    const flooder = visitor('192.0.2.80');
    for (let i = 0; i < 30; i += 1) expect((await report(flooder, { metric: 'empty-search', term: `junk ${i} ${'z'.repeat(80)}` })).status).toBe(202);
    await report(visitor('192.0.2.81'), { metric: 'empty-search', term: 'marker one' });
    await expect.poll(async () => (await site()).emptySearches.some((s) => s.term === 'marker one'), { timeout: 5_000 }).toBe(true);
    const day = async () => (await catalog.db.connection.collection('insight_site_days').findOne({ _id: `site|${TODAY}` as never })) as { empty: Record<string, number> } | null;
    expect(Object.keys((await day())!.empty).filter((k) => k.startsWith('junk')).length).toBe(10);

    // 250 addresses, a text each: the site keeps the first 200 texts of the day, and a text it keeps goes on counting.
    for (let i = 0; i < 250; i += 1) await report(visitor(`198.18.${Math.floor(i / 200)}.${i % 200}`), { metric: 'empty-search', term: `many ${i}` });
    await report(visitor('192.0.2.82'), { metric: 'empty-search', term: 'marker one' });
    await expect.poll(async () => (await site()).emptySearches.find((s) => s.term === 'marker one')?.count, { timeout: 10_000 }).toBe(2);
    const stored = (await day())!;
    expect(Object.keys(stored.empty)).toHaveLength(200);
    expect(Buffer.byteLength(JSON.stringify(stored))).toBeLessThan(64 * 1024);
  });

  it('when one visitor reports more hits in a day than a person makes, then what it adds stops at its bound, in memory, in the ledgers and after a restart', async () => {
    const bounds = { hitsPerVisitorDay: 25 };
    const tally = new InsightTally({ store: catalog.insights, logger: silentLogger, now: () => NOW, turnMs: 20, bounds });
    const listings = published.slice(14, 24);
    const flood = INSIGHT_METRICS.flatMap((metric) => listings.map((l) => ({ day: TODAY, metric, key: l.id, visitor: '9'.repeat(32) })));
    expect(flood.length).toBeGreaterThan(25);
    await tally.add(flood.slice(0, 40));
    await tally.add(flood);
    const counted = async () => {
      let n = 0;
      for (const l of listings) n += Object.values((await insightsOf(l.id)).totals).reduce((a, b) => a + b, 0);
      return n;
    };
    expect(await counted()).toBe(25);
    const mine = (await catalog.insights.ledgers()).flatMap((l) => l.hits).filter((id) => id.endsWith('9'.repeat(32)));
    expect(mine).toHaveLength(25);
    // Another consumer takes over: it knows the visitor's day from the ledgers alone.
    await new InsightTally({ store: catalog.insights, logger: silentLogger, now: () => NOW, turnMs: 20, bounds }).add(flood.slice(40));
    expect(await counted()).toBe(25);
    catalog.tally.reset();
  });
});
