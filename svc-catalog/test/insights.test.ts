import type { ListingInsights, SiteInsights } from '@mealprep/contracts';
import { demoServices } from '@mealprep/demo-data';
import { signClientAddress } from '@mealprep/service-kit';
import { TEST_IDENTITY_SECRET } from '@mealprep/service-kit/testing';
import { describe, expect, it } from 'vitest';
import { daysEndingOn, forgetOldHits, storeHits } from '../src/domain/insights';
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

  it('when a batch is delivered again, even days later, then nothing in it counts twice; a batch older than the hits kept is not taken', async () => {
    const listing = published[5]!;
    const hits = ['a', 'b', 'c'].map((v) => ({ day: '2026-10-30', metric: 'views' as const, key: listing.id, visitor: v.repeat(32) }));
    expect(await storeHits({ insights: catalog.insights, now: () => NOW }, hits)).toBe(3);
    expect(await storeHits({ insights: catalog.insights, now: () => NOW }, [...hits, { ...hits[0]!, metric: 'website' as const }])).toBe(1);
    expect((await insightsOf(listing.id)).days.find((d) => d.day === '2026-10-30')).toMatchObject({ views: 3, website: 1 });
    // The batch again through the broker, with one new visitor: only the new one counts.
    await catalog.publish('insights.hits.batch', { hits: [...hits, { ...hits[0]!, visitor: 'd'.repeat(32) }] });
    await expect.poll(async () => (await insightsOf(listing.id)).days.find((d) => d.day === '2026-10-30')?.views, { timeout: 5_000 }).toBe(4);
    // Hits of days before those kept are forgotten, and a batch of such a day is not taken.
    await forgetOldHits({ insights: catalog.insights, now: () => new Date('2026-11-04T12:00:00Z') });
    expect(await storeHits({ insights: catalog.insights, now: () => new Date('2026-11-04T12:00:00Z') }, hits)).toBe(0);
    await catalog.publish('insights.hits.batch', { hits: [{ ...hits[0]!, day: '2026-10-20', visitor: 'e'.repeat(32) }] });
    await new Promise((r) => setTimeout(r, 500));
    expect((await insightsOf(listing.id)).days.find((d) => d.day === '2026-10-20')?.views).toBe(0);
    expect((await insightsOf(listing.id)).days.find((d) => d.day === '2026-10-30')).toMatchObject({ views: 4, website: 1 });
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
    await new Promise((r) => setTimeout(r, 600));
    expect((await insightsOf(listing.id)).totals).toEqual({ views: 0, website: 0, phone: 0, email: 0, near: 0, search: 0 });
  });
});
