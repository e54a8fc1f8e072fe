import type { ListingInsights } from '@mealprep/contracts';
import { demoServices } from '@mealprep/demo-data';
import { signClientAddress } from '@mealprep/service-kit';
import { TEST_IDENTITY_SECRET } from '@mealprep/service-kit/testing';
import { describe, expect, it } from 'vitest';
import { INSIGHT_FLUSH_MS } from '../src/domain/insights/insights';
import { as, useCatalog } from './harness';

const NOW = new Date('2026-11-01T12:00:00Z');
const published = demoServices(NOW).filter((s) => s.status === 'published');
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
/** The insight reports one client may send a minute here (small, so a test reaches it). */
const REPORTS_PER_MINUTE = 10;
const NOTHING = { views: 0, website: 0, phone: 0, email: 0, near: 0, search: 0, leads: 0 };

describe('what crawlers leave behind in the insights', () => {
  const catalog = useCatalog('catalog-insight-crawlers', { demo: NOW, now: NOW, insightReportsPerMinute: REPORTS_PER_MINUTE });
  const admin = as('boss', ['admin'], 'boss@staff.example.org');
  /** A caller at an address (as the gateway signs it) with a browser. */
  const at = (ip: string, userAgent: string) => ({ ...signClientAddress(ip, TEST_IDENTITY_SECRET), 'user-agent': userAgent });
  const report = async (who: Record<string, string>, metric: string, id: string) => {
    const answer = await catalog.send('POST', '/insights/events', who, { metric, serviceIds: [id] });
    return { status: answer.status, body: answer.body };
  };
  const totalsOf = async (id: string) => ((await catalog.send('GET', `/services/${id}/insights?days=30`, admin)).body as unknown as ListingInsights).totals;

  it('when a crawler views a listing twice and follows its website, then a person at the same address views it five times and follows it once, then the person counts one view and one click', async () => {
    const listing = published[0]!;
    const crawler = at('203.0.113.21', GOOGLEBOT);
    const person = at('203.0.113.21', CHROME);
    expect(await report(crawler, 'views', listing.id)).toEqual({ status: 202, body: { counted: 0 } });
    expect(await report(crawler, 'views', listing.id)).toEqual({ status: 202, body: { counted: 0 } });
    expect(await report(crawler, 'website', listing.id)).toEqual({ status: 202, body: { counted: 0 } });

    expect(await report(person, 'views', listing.id)).toEqual({ status: 202, body: { counted: 1 } });
    await expect.poll(() => totalsOf(listing.id), { timeout: 10_000 }).toEqual({ ...NOTHING, views: 1 });
    // The person opens the page again four times (each a view already sent today), then reads it
    // longer than the recorder waits to send, and follows the website link.
    for (let i = 0; i < 4; i += 1) expect(await report(person, 'views', listing.id)).toEqual({ status: 202, body: { counted: 1 } });
    await new Promise((resolve) => setTimeout(resolve, INSIGHT_FLUSH_MS + 500));
    expect(await report(person, 'website', listing.id)).toEqual({ status: 202, body: { counted: 1 } });

    await expect.poll(() => totalsOf(listing.id), { timeout: 10_000 }).toEqual({ ...NOTHING, views: 1, website: 1 });
  });

  it('when a crawler sends reports up to the limit of its address, then its own limit holds it, and a person at that address is still counted', async () => {
    const listing = published[1]!;
    const crawler = at('203.0.113.22', GOOGLEBOT);
    for (let i = 0; i < REPORTS_PER_MINUTE; i += 1) expect((await report(crawler, 'views', listing.id)).status).toBe(202);
    expect((await report(crawler, 'views', listing.id)).status).toBe(429);

    expect(await report(at('203.0.113.22', CHROME), 'views', listing.id)).toEqual({ status: 202, body: { counted: 1 } });
    await expect.poll(() => totalsOf(listing.id), { timeout: 10_000 }).toEqual({ ...NOTHING, views: 1 });
  });
});
