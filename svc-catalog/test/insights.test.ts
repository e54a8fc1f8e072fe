import type { ListingInsights, SiteInsights } from '@mealprep/contracts';
import { demoServices } from '@mealprep/demo-data';
import { signClientAddress } from '@mealprep/service-kit';
import { silentLogger, TEST_IDENTITY_SECRET } from '@mealprep/service-kit/testing';
import { describe, expect, it } from 'vitest';
import { countWrites, hitId, InsightTally } from '../src/domain/insight-tally';
import { daysEndingOn, forgetOldHits } from '../src/domain/insights';
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

  it('when visitors view a listing and follow its links, then each is counted once a day per listing; bots and admins are not', async () => {
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

    await expect.poll(async () => (await insightsOf(listing.id)).totals, { timeout: 5_000 }).toEqual({ views: 3, website: 1, phone: 1, email: 1, near: 0, search: 0 });
    const insights = await insightsOf(listing.id);
    expect(insights.days).toHaveLength(30);
    expect(insights.days.at(-1)).toMatchObject({ day: TODAY, views: 3 });
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
    expect(top[0]).toMatchObject({ serviceId: published[0]!.id, name: published[0]!.name, views: 3 });
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
    expect((await insightsOf(listing.id)).totals).toEqual({ views: 0, website: 0, phone: 0, email: 0, near: 0, search: 0 });
  });
});
