import { onTestFinished, vi } from 'vitest';
import type { InsightCounts, InsightHit } from '@mealprep/contracts';
import type { Broker, Logger } from '@mealprep/service-kit';
import type { InsightRepository } from '../../data-access/insight-repository';
import { InsightRecorder, listingInsights, siteInsights } from './insights';
import { listing, person, refusal, staff } from '../../testing/builders';
import { catalogOver, FakeServices } from '../../testing/fakes';

const NOW = new Date('2026-06-10T12:00:00.000Z');
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const logger = { info: () => {}, warn: () => {} } as unknown as Logger;

async function setUp(options: { maxWaiting?: number } = {}) {
  const seen = listing({ name: 'Green Fork Kitchen' });
  const annsOwn = listing({ name: 'Basil Box', ownerUserId: 'ann' });
  const closed = listing({ name: 'Closed Kitchen', status: 'closed' });
  const draft = listing({ name: 'Draft Kitchen', status: 'draft' });
  const catalog = await catalogOver(new FakeServices([seen, annsOwn, closed, draft]));
  const sent: InsightHit[][] = [];
  let failing = false;
  const broker = {
    publish: async (_type: string, payload: { hits: InsightHit[] }) => {
      if (failing) throw new Error('the broker is away');
      sent.push(payload.hits);
    },
  } as unknown as Broker;
  const insights = { saltOf: async (day: string) => `salt-of-${day}` } as unknown as InsightRepository;
  const recorder = new InsightRecorder({ broker, insights, catalog, logger, now: () => NOW, flushMs: 60_000, ...options });
  onTestFinished(() => recorder.close(0));
  const fail = (value: boolean) => (failing = value);
  return { recorder, sent, fail, seen, annsOwn, closed, draft };
}

const visitor = (ip = '203.0.113.9', userAgent = BROWSER, identity: ReturnType<typeof person> | null = null) => ({ ip, userAgent, identity });

describe("recording what visitors do on listings' pages", () => {
  it('when a visitor views public listings, then one hit per listing is sent for the day, keyed by a hash of their address', async () => {
    const { recorder, sent, seen, closed } = await setUp();
    expect(await recorder.report({ metric: 'views', serviceIds: [seen.id, closed.id, seen.id] }, visitor())).toBe(2);
    await recorder.flush();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.map((h) => [h.day, h.metric, h.key])).toEqual([
      ['2026-06-10', 'views', seen.id],
      ['2026-06-10', 'views', closed.id],
    ]);
    expect(sent[0]![0]!.visitor).toMatch(/^[0-9a-f]{32}$/);
  });

  it('when a crawler, a client without a user agent or an admin reports, then nothing is counted', async () => {
    const { recorder, seen } = await setUp();
    expect(await recorder.report({ metric: 'views', serviceIds: [seen.id] }, visitor('203.0.113.9', 'Googlebot/2.1 (+http://www.google.com/bot.html)'))).toBe(0);
    expect(await recorder.report({ metric: 'views', serviceIds: [seen.id] }, visitor('203.0.113.9', ''))).toBe(0);
    expect(await recorder.report({ metric: 'views', serviceIds: [seen.id] }, visitor('203.0.113.9', BROWSER, staff()))).toBe(0);
    expect(recorder.queued).toBe(0);
  });

  it('when an owner views their own listing among others, then their own is not counted', async () => {
    const { recorder, seen, annsOwn } = await setUp();
    expect(await recorder.report({ metric: 'website', serviceIds: [annsOwn.id, seen.id] }, visitor('203.0.113.9', BROWSER, person('ann')))).toBe(1);
    expect(await recorder.report({ metric: 'website', serviceIds: [annsOwn.id] }, visitor('203.0.113.10', BROWSER, person('bea')))).toBe(1);
  });

  it('when a report names a listing that is not public or does not exist, then the whole report is refused and nothing is counted', async () => {
    const { recorder, seen, draft } = await setUp();
    const error = await refusal(recorder.report({ metric: 'views', serviceIds: [seen.id, draft.id, 'f'.repeat(24)] }, visitor()));
    expect(error).toMatchObject({ status: 400, message: `Unknown listing: ${draft.id}, ${'f'.repeat(24)}. Nothing was counted.` });
    expect(recorder.queued).toBe(0);
  });

  it('when the same visitor reports the same listing again, with another browser or from another address of their IPv6 /64, then it is sent once', async () => {
    const { recorder, seen } = await setUp();
    await recorder.report({ metric: 'views', serviceIds: [seen.id] }, visitor('2001:db8:5:6::1'));
    await recorder.report({ metric: 'views', serviceIds: [seen.id] }, visitor('2001:db8:5:6::beef', 'Mozilla/5.0 (iPhone) Safari/605.1'));
    expect(recorder.queued).toBe(1);
    await recorder.report({ metric: 'views', serviceIds: [seen.id] }, visitor('2001:db8:5:7::1'));
    expect(recorder.queued).toBe(2);
  });

  it('when a visitor views a listing again after its view was sent, then what they do next is still sent (a send with nothing waiting stops nothing)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    onTestFinished(() => void vi.useRealTimers());
    const { recorder, sent, seen } = await setUp();
    const person = visitor('203.0.113.40');
    await recorder.report({ metric: 'views', serviceIds: [seen.id] }, person);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent.flat().map((h) => h.metric)).toEqual(['views']);
    // The page read again a while later: nothing new to send when its turn comes.
    expect(await recorder.report({ metric: 'views', serviceIds: [seen.id] }, person)).toBe(1);
    await vi.advanceTimersByTimeAsync(60_000);
    await recorder.flush();
    // Then the visitor follows the website link, and another visitor views the listing.
    await recorder.report({ metric: 'website', serviceIds: [seen.id] }, person);
    await recorder.report({ metric: 'views', serviceIds: [seen.id] }, visitor('203.0.113.41'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent.flat().map((h) => h.metric)).toEqual(['views', 'website', 'views']);
    expect(recorder.queued).toBe(0);
  });

  it('when a crawler reports before a person at the same address, then the crawler leaves nothing behind: the person counts as if it had never come', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    onTestFinished(() => void vi.useRealTimers());
    const { recorder, sent, seen } = await setUp();
    const crawler = visitor('203.0.113.42', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)');
    expect(await recorder.report({ metric: 'views', serviceIds: [seen.id] }, crawler)).toBe(0);
    expect(await recorder.report({ metric: 'website', serviceIds: [seen.id] }, crawler)).toBe(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent).toEqual([]);
    const person = visitor('203.0.113.42');
    for (let i = 0; i < 5; i += 1) {
      expect(await recorder.report({ metric: 'views', serviceIds: [seen.id] }, person)).toBe(1);
      await vi.advanceTimersByTimeAsync(60_000);
    }
    await recorder.report({ metric: 'website', serviceIds: [seen.id] }, person);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent.flat().map((h) => h.metric)).toEqual(['views', 'website']);
  });

  it('when a search finds nothing, then its text is counted in lower case with spaces collapsed', async () => {
    const { recorder, sent } = await setUp();
    await recorder.report({ metric: 'empty-search', term: '  Vegan   KETO\tbowls ' }, visitor());
    await recorder.flush();
    expect(sent[0]!.map((h) => h.key)).toEqual(['vegan keto bowls']);
  });

  it('when the broker is away, then the hits wait (none dropped) and go with the next send', async () => {
    const { recorder, sent, fail, seen } = await setUp();
    fail(true);
    await recorder.report({ metric: 'views', serviceIds: [seen.id] }, visitor());
    await recorder.flush();
    expect(recorder.queued).toBe(1);
    fail(false);
    await recorder.flush();
    expect(recorder.queued).toBe(0);
    expect(sent.flat().map((h) => h.key)).toEqual([seen.id]);
  });

  it('when too many hits already wait, then a report is refused with a 503 to send again, not dropped silently', async () => {
    const { recorder, seen, closed } = await setUp({ maxWaiting: 1 });
    await recorder.report({ metric: 'views', serviceIds: [seen.id] }, visitor());
    expect(await refusal(recorder.report({ metric: 'views', serviceIds: [closed.id] }, visitor('203.0.113.77')))).toMatchObject({ status: 503, retryAfterSeconds: 5 });
  });
});

const counts = (views: number, website = 0): InsightCounts => ({ views, website, phone: 0, email: 0, near: 0, search: 0, leads: 0 });

describe('reading insights', () => {
  it("when an owner reads a listing's last days, then each day is shown, and the totals are compared with the period before", async () => {
    const stored = new Map([
      ['2026-06-03', counts(5)],
      ['2026-06-08', counts(2, 1)],
      ['2026-06-10', counts(3)],
    ]);
    const insights = { countsByDay: async () => stored } as unknown as InsightRepository;
    const catalog = await catalogOver(new FakeServices());
    const result = await listingInsights({ insights, catalog, now: () => NOW }, 'listing-1', 7);
    expect(result.days.map((d) => [d.day, d.views])).toEqual([
      ['2026-06-04', 0],
      ['2026-06-05', 0],
      ['2026-06-06', 0],
      ['2026-06-07', 0],
      ['2026-06-08', 2],
      ['2026-06-09', 0],
      ['2026-06-10', 3],
    ]);
    expect(result.totals).toEqual(counts(5, 1));
    expect(result.previousTotals).toEqual(counts(5));
  });

  it('when admins read the site, then the most viewed listings come by views then name (deleted ones left out, 20 at most), those sent the most quote requests by requests with the totals of the site, and empty searches by count then text', async () => {
    const many = Array.from({ length: 25 }, (_, i) => listing({ name: `Kitchen ${String.fromCharCode(65 + i)}` }));
    const catalog = await catalogOver(new FakeServices(many));
    const views = new Map<string, number>([...many.map((s, i) => [s.id, i < 3 ? 10 : 1] as [string, number]), ['deleted-listing', 99]]);
    const empty = new Map([
      ['tofu', 2],
      ['kale', 5],
      ['acai', 2],
    ]);
    const leads = new Map<string, number>([
      [many[3]!.id, 4],
      [many[0]!.id, 1],
    ]);
    const insights = { siteTotals: async () => ({ views, leads, empty }) } as unknown as InsightRepository;
    const result = await siteInsights({ insights, catalog, now: () => NOW }, 30);
    expect(result.mostViewed).toHaveLength(20);
    expect(result.mostViewed.slice(0, 4).map((v) => [v.name, v.views])).toEqual([
      ['Kitchen A', 10],
      ['Kitchen B', 10],
      ['Kitchen C', 10],
      ['Kitchen D', 1],
    ]);
    expect(result.mostViewed.map((v) => v.serviceId)).not.toContain('deleted-listing');
    expect(result.mostViewed[0]).toMatchObject({ name: 'Kitchen A', views: 10, leads: 1 });
    expect(result.mostLeads.map((v) => [v.name, v.views, v.leads])).toEqual([
      ['Kitchen D', 1, 4],
      ['Kitchen A', 10, 1],
    ]);
    expect(result.totals).toEqual({ views: 30 + 22 + 99, leads: 5 });
    expect(result.emptySearches).toEqual([
      { term: 'kale', count: 5 },
      { term: 'acai', count: 2 },
      { term: 'tofu', count: 2 },
    ]);
  });
});
