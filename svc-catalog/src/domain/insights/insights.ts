import { createHash } from 'node:crypto';
import { isbot } from 'isbot';
import { LRUCache } from 'lru-cache';
import { INSIGHT_METRICS, type Identity, type InsightCounts, type InsightHit, type InsightReport, type ListingInsights, type SiteInsights } from '@mealprep/contracts';
import { AppError, clientOf, type Broker, type Logger } from '@mealprep/service-kit';
import type { InsightRepository } from '../../data-access/insight-repository';
import type { CatalogIndex } from '../catalogue/catalog-index';
import { dayOf, daysEndingOn, firstKeptDay, firstOpenMonth } from './insight-days';
import { hitId } from './insight-tally';

export { dayOf, daysEndingOn, firstKeptDay, HIT_DAYS_KEPT } from './insight-days';
const zero = (): InsightCounts => Object.fromEntries(INSIGHT_METRICS.map((m) => [m, 0])) as InsightCounts;
function add(into: InsightCounts, counts: InsightCounts): void {
  for (const m of INSIGHT_METRICS) into[m] += counts[m];
}
/** A search text as it is counted: lower case, spaces collapsed. */
const normalTerm = (term: string) => term.toLowerCase().replace(/\s+/g, ' ').trim();

/** Hits this instance sent lately: the same hit reported again is not sent again (the tally would drop it), so a client repeating a report costs the broker nothing. */
const RECENT_HITS_KEPT = 50_000;
/** How long hits wait to be sent together. */
export const INSIGHT_FLUSH_MS = 1_000;

/**
 * Whether a caller may be a person: a crawler (`isbot`; headless browsers among them) or a client
 * that names no user agent is not, and nothing it reports is counted or kept, nor counted against
 * the limit of the people at its address.
 */
export const isPerson = (userAgent: string): boolean => userAgent !== '' && !isbot(userAgent);

export interface RecorderOptions {
  broker: Broker;
  insights: InsightRepository;
  catalog: CatalogIndex;
  logger: Logger;
  now?: () => Date;
  /** How long hits wait to be sent together, and how many go in one message. */
  flushMs?: number;
  batchSize?: number;
  /** How many may wait in memory (the broker down a while); past that a report is refused, to be sent again, never dropped. */
  maxWaiting?: number;
}

/**
 * Takes what pages report (a listing seen, a link followed, listings shown, a search that found
 * nothing), keeps what counts (not bots, not admins, not an owner's own listing) as hits of the
 * visitor's daily hash, and sends them to the broker in batches: a page's report costs a hash and
 * a push, whatever the database is doing. A failed send is tried again; nothing waiting is dropped.
 */
export class InsightRecorder {
  private waiting: InsightHit[] = [];
  private timer: NodeJS.Timeout | null = null;
  /** The send under way, if any. */
  private sending: Promise<void> | null = null;
  private salts = new Map<string, Promise<string>>();
  private recent = new LRUCache<string, true>({ max: RECENT_HITS_KEPT });

  constructor(private readonly options: RecorderOptions) {}

  get queued(): number {
    return this.waiting.length;
  }

  private salt(day: string): Promise<string> {
    let salt = this.salts.get(day);
    if (!salt) {
      salt = this.options.insights.saltOf(day);
      salt.catch(() => this.salts.delete(day));
      this.salts.clear();
      this.salts.set(day, salt);
    }
    return salt;
  }

  /** Records a page's report; answers how many hits it made (0 for a bot or an admin). Unknown listings are refused, and nothing of the report is kept. */
  async report(report: InsightReport, visitor: { ip: string; userAgent: string; identity: Identity | null }): Promise<number> {
    const keys = report.metric === 'empty-search' ? [normalTerm(report.term)] : this.countedListings(report.serviceIds, visitor.identity);
    if (!isPerson(visitor.userAgent) || visitor.identity?.roles.includes('admin')) return 0;
    if (keys.length === 0 || keys[0] === '') return 0;
    if (this.waiting.length + keys.length > (this.options.maxWaiting ?? 200_000)) throw AppError.unavailable('Too many reports are waiting to be stored. Try again in a moment.', 5);
    const day = dayOf(this.options.now?.() ?? new Date());
    // Once a day per address (per /64 for IPv6) and listing, whatever the browser says it is: a
    // user agent is the caller's to choose, so keying by it let one client count as many.
    const hash = createHash('sha256')
      .update(`${await this.salt(day)}|${clientOf(visitor.ip)}`)
      .digest('hex')
      .slice(0, 32);
    const before = this.waiting.length;
    for (const key of keys) {
      const hit: InsightHit = { day, metric: report.metric, key, visitor: hash };
      const id = hitId(hit);
      if (this.recent.has(id)) continue;
      this.recent.set(id, true);
      this.waiting.push(hit);
    }
    if (this.waiting.length > before) this.schedule();
    return keys.length;
  }

  /** The listings of a report that are counted: every one must be public (else the report is refused); an owner's own are left out. */
  private countedListings(ids: readonly string[], identity: Identity | null): string[] {
    const unknown = ids.filter((id) => {
      const row = this.options.catalog.admin.row(id);
      return !row || (row.status !== 'published' && row.status !== 'closed');
    });
    if (unknown.length > 0) throw AppError.badRequest(`Unknown listing: ${unknown.slice(0, 5).join(', ')}. Nothing was counted.`, [{ path: 'serviceIds', message: 'unknown listing' }]);
    return [...new Set(ids)].filter((id) => !identity || this.options.catalog.admin.row(id)?.ownerUserId !== identity.userId);
  }

  /** Sends what waits after `delay`; a send under way takes what is pushed meanwhile, or this one does. */
  private schedule(delay = this.options.flushMs ?? INSIGHT_FLUSH_MS): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, delay);
    this.timer.unref();
  }

  /**
   * Sends what waits, a batch at a time; a failed batch stays at the front and is tried again a
   * second later. One send at a time: a call while one is under way gets that one, which goes on
   * until nothing waits (what is pushed meanwhile has a timer of its own, too). A send that found
   * nothing waiting (a visitor's page read again, its hit sent already) used to clear itself before
   * it was kept as the one under way, and then stayed "under way" for good: nothing reported after
   * it was ever sent.
   */
  flush(): Promise<void> {
    // Cleared in a step of its own, after it is kept: a send that finds nothing waiting ends at once.
    this.sending ??= this.sendWaiting().then((outcome) => {
      this.sending = null;
      if (outcome === 'retry') this.schedule(1_000);
    });
    return this.sending;
  }

  private async sendWaiting(): Promise<'done' | 'retry'> {
    while (this.waiting.length > 0) {
      const batch = this.waiting.slice(0, this.options.batchSize ?? 1_000);
      try {
        await this.options.broker.publish('insights.hits.batch', { hits: batch });
      } catch (err) {
        this.options.logger.warn({ err, waiting: this.waiting.length }, 'insight hits not sent; trying again');
        return 'retry';
      }
      this.waiting.splice(0, batch.length);
    }
    return 'done';
  }

  /** At a stop: everything waiting sent (tried for up to `ms`). */
  async close(ms = 5_000): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const deadline = Date.now() + ms;
    while (this.waiting.length > 0 && Date.now() < deadline) {
      await this.flush();
      if (this.waiting.length > 0) await new Promise((r) => setTimeout(r, 200));
    }
  }
}

export type { InsightRepository };

export interface InsightReadDeps {
  insights: InsightRepository;
  catalog: CatalogIndex;
  now?: () => Date;
}

/** A listing's counts per day over the last `days` days, with the totals and the period before's (owners of it and admins; checked by the caller). */
export async function listingInsights(deps: InsightReadDeps, serviceId: string, days: number): Promise<ListingInsights> {
  const now = deps.now?.() ?? new Date();
  const all = daysEndingOn(now, days * 2);
  // Months before the first open one take no more hits: the repository may keep them.
  const counts = await deps.insights.countsByDay(serviceId, all, firstOpenMonth(now));
  const previousTotals = zero();
  const totals = zero();
  const series = all.map((day, i) => {
    const c = counts.get(day) ?? zero();
    add(i < days ? previousTotals : totals, c);
    return { day, ...c };
  });
  return { serviceId, days: series.slice(days), totals, previousTotals };
}

/**
 * The site's page views and quote requests, the most viewed listings and those sent the most
 * requests (each with both counts), and the searches that found nothing, over the last `days` days.
 */
export async function siteInsights(deps: InsightReadDeps, days: number): Promise<SiteInsights> {
  const { views, leads, empty } = await deps.insights.siteTotals(daysEndingOn(deps.now?.() ?? new Date(), days));
  const sum = (map: Map<string, number>) => [...map.values()].reduce((a, b) => a + b, 0);
  const top = (by: Map<string, number>) =>
    [...by]
      .map(([serviceId, n]) => ({ serviceId, n, row: deps.catalog.admin.row(serviceId) }))
      .filter((v) => v.row && v.n > 0)
      .sort((a, b) => b.n - a.n || a.row!.name.localeCompare(b.row!.name))
      .slice(0, 20)
      .map((v) => ({ serviceId: v.serviceId, name: v.row!.name, slug: v.row!.slug, views: views.get(v.serviceId) ?? 0, leads: leads.get(v.serviceId) ?? 0 }));
  const emptySearches = [...empty]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, 20)
    .map(([term, count]) => ({ term, count }));
  return { totals: { views: sum(views), leads: sum(leads) }, mostViewed: top(views), mostLeads: top(leads), emptySearches };
}

/**
 * A quote request that reached its listing's owner (sent to them at once, or approved by staff) as
 * a hit of the listing's `leads` on the day it did: its "visitor" is the request's own hash, so a
 * request counts once, whichever of its events comes again, and no visitor's day bounds it (the
 * requests' own limits do: 20 a listing a day).
 */
export function leadHit(leadId: string, serviceId: string, at: Date): InsightHit {
  return { day: dayOf(at), metric: 'leads', key: serviceId, visitor: createHash('sha256').update(`lead|${leadId}`).digest('hex').slice(0, 32) };
}

/** Forgets the ledgers and salts too old to matter; any instance may run it, as often as it likes. */
export async function forgetOldHits(deps: { insights: InsightRepository; now?: () => Date }): Promise<void> {
  const now = deps.now?.() ?? new Date();
  await deps.insights.dropLedgersBefore(firstKeptDay(now));
  await deps.insights.dropSaltsBefore(daysEndingOn(now, 2)[0]!);
}
