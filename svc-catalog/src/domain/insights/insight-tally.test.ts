import fc from 'fast-check';
import { onTestFinished, vi } from 'vitest';
import type { InsightHit } from '@mealprep/contracts';
import type { Logger } from '@mealprep/service-kit';
import { countWrites, hitId, InsightTally, termKey, type InsightLedger, type LedgerStore } from './insight-tally';

const NOW = new Date('2026-06-10T12:00:00.000Z');
const TODAY = '2026-06-10';
const visitor = (n: number) => n.toString(16).padStart(32, '0');
const view = (key: string, who = 1, day = TODAY): InsightHit => ({ day, metric: 'views', key, visitor: visitor(who) });
const emptySearch = (term: string, who = 1, day = TODAY): InsightHit => ({ day, metric: 'empty-search', key: term, visitor: visitor(who) });

/** Ledgers and counts in memory: a count takes each ledger once, as the stored documents do. */
class MemoryLedgers implements LedgerStore {
  kept: InsightLedger[] = [];
  counts = new Map<string, number>();
  private taken = new Set<string>();
  failInserts = 0;
  applies = 0;
  async ledgers() {
    return structuredClone(this.kept);
  }
  async insertLedger(ledger: InsightLedger) {
    if (this.failInserts > 0 || this.kept.some((l) => l.seq === ledger.seq)) {
      this.failInserts = Math.max(0, this.failInserts - 1);
      throw new Error('E11000 duplicate key');
    }
    this.kept.push(structuredClone(ledger));
  }
  async applyLedger(ledger: InsightLedger) {
    this.applies += 1;
    for (const write of ledger.writes) {
      if (this.taken.has(`${write.doc}|${write.id}|${ledger.seq}`)) continue;
      this.taken.add(`${write.doc}|${write.id}|${ledger.seq}`);
      for (const { path, n } of write.inc) this.counts.set(`${write.id}:${path}`, (this.counts.get(`${write.id}:${path}`) ?? 0) + n);
    }
  }
  async markDone(seq: number) {
    for (const l of this.kept) if (l.seq === seq) l.done = true;
  }
  count(id: string, path: string) {
    return this.counts.get(`${id}:${path}`) ?? 0;
  }
  /** How many hits were counted in all (each hit adds 1 to one month count). */
  monthTotal() {
    return [...this.counts].filter(([key]) => !key.startsWith('site|')).reduce((sum, [, n]) => sum + n, 0);
  }
  siteTerms(day = TODAY) {
    return [...this.counts.keys()].filter((k) => k.startsWith(`site|${day}:empty.`)).length;
  }
}

const warnings: unknown[] = [];
const logger = { info: () => {}, warn: (...args: unknown[]) => warnings.push(args) } as unknown as Logger;

function tally(bounds: Partial<Record<'hitsPerVisitorDay' | 'emptyTermsPerVisitorDay' | 'emptyTermsPerDay', number>> = {}, store = new MemoryLedgers()) {
  const counter = new InsightTally({ store, logger, now: () => NOW, bounds });
  const count = async (hits: InsightHit[]) => {
    const done = counter.add(hits);
    await counter.settle();
    await done;
  };
  return { store, counter, count };
}

describe('what a set of hits adds to the stored counts', () => {
  it("when a listing is viewed, then its month counts the day's view and the site's day counts it among the most viewed; other kinds count only on the listing", () => {
    expect(countWrites([view('listing-1'), view('listing-1', 2), { day: TODAY, metric: 'website', key: 'listing-1', visitor: visitor(1) }])).toEqual([
      {
        doc: 'month',
        id: 'listing-1|2026-06',
        inc: [
          { path: 'c.d10.views', n: 2 },
          { path: 'c.d10.website', n: 1 },
        ],
      },
      { doc: 'site', id: `site|${TODAY}`, inc: [{ path: 'views.listing-1', n: 2 }] },
    ]);
  });

  it('when a search finds nothing, then the site day counts the search text, as a key that holds no dot', () => {
    expect(countWrites([emptySearch('vegan.keto meals')])).toEqual([{ doc: 'site', id: `site|${TODAY}`, inc: [{ path: 'empty.vegan%2Eketo%20meals', n: 1 }] }]);
  });

  it('when a search text is not well-formed (a lone surrogate), then it cannot become a key', () => {
    expect(() => termKey('bad \ud800 text')).toThrow();
    expect(termKey('$where.x')).toBe('%24where%2Ex');
  });
});

describe('the tally of hits', () => {
  it('when a batch is delivered twice (or holds the same hit twice), then each hit counts once', async () => {
    const { store, count } = tally();
    await count([view('listing-1'), view('listing-1'), view('listing-2')]);
    await count([view('listing-1'), view('listing-2')]);
    expect(store.count('listing-1|2026-06', 'c.d10.views')).toBe(1);
    expect(store.count('listing-2|2026-06', 'c.d10.views')).toBe(1);
    expect(store.kept).toHaveLength(1);
  });

  it('when hits are older than the days still kept, then they count nothing; the oldest kept day still counts', async () => {
    const { store, count } = tally();
    await count([view('listing-1', 1, '2026-06-06'), view('listing-1', 1, '2026-06-07')]);
    expect(store.count('listing-1|2026-06', 'c.d06.views')).toBe(0);
    expect(store.count('listing-1|2026-06', 'c.d07.views')).toBe(1);
  });

  it('when one visitor sends more hits in a day than the bound, then the rest count nothing, while other visitors and the next day still count', async () => {
    const { store, count } = tally({ hitsPerVisitorDay: 3 });
    await count(['a', 'b', 'c', 'd', 'e'].map((k) => view(`listing-${k}`, 1)));
    await count([view('listing-z', 1), view('listing-z', 2), view('listing-z', 1, '2026-06-09')]);
    expect(store.monthTotal()).toBe(5);
    expect(store.count('listing-z|2026-06', 'c.d10.views')).toBe(1);
    expect(store.count('listing-z|2026-06', 'c.d09.views')).toBe(1);
  });

  it('when one visitor sends more empty searches in a day than the bound, then only the first ones are kept', async () => {
    const { store, count } = tally({ emptyTermsPerVisitorDay: 2 });
    await count([emptySearch('tofu'), emptySearch('seitan'), emptySearch('tempeh')]);
    expect(store.siteTerms()).toBe(2);
    expect(store.count(`site|${TODAY}`, 'empty.tempeh')).toBe(0);
  });

  it('when the site has kept as many search texts as it keeps in a day, then a new text counts nothing but a kept one still counts', async () => {
    const { store, count } = tally({ emptyTermsPerDay: 3 });
    await count([emptySearch('one', 1), emptySearch('two', 2), emptySearch('three', 3)]);
    await count([emptySearch('four', 4), emptySearch('two', 5)]);
    expect(store.siteTerms()).toBe(3);
    expect(store.count(`site|${TODAY}`, 'empty.two')).toBe(2);
  });

  it('when a hit in a batch has a search text that cannot be stored, then it alone is set aside and the rest count', async () => {
    const { store, count } = tally();
    warnings.length = 0;
    await count([emptySearch('bad \udc00'), view('listing-1')]);
    expect(store.count('listing-1|2026-06', 'c.d10.views')).toBe(1);
    expect(store.siteTerms()).toBe(0);
    expect(warnings).toHaveLength(1);
  });

  it('when an earlier turn stored its ledger but did not finish adding it, then it is added before anything new, and once', async () => {
    const store = new MemoryLedgers();
    const unfinished: InsightLedger = { seq: 1, day: TODAY, hits: [hitId(view('listing-1'))], writes: countWrites([view('listing-1')]), done: false };
    store.kept.push(unfinished);
    const { count } = tally({}, store);
    await count([view('listing-1'), view('listing-2')]);
    expect(store.count('listing-1|2026-06', 'c.d10.views')).toBe(1);
    expect(store.count('listing-2|2026-06', 'c.d10.views')).toBe(1);
    expect(store.kept.every((l) => l.done)).toBe(true);
  });

  it('when storing a turn fails (another instance wrote meanwhile), then the batch is refused, and when it comes again it counts once', async () => {
    const { store, count } = tally();
    store.failInserts = 1;
    await expect(count([view('listing-1')])).rejects.toThrow('E11000');
    expect(store.monthTotal()).toBe(0);
    await count([view('listing-1')]);
    await count([view('listing-1')]);
    expect(store.count('listing-1|2026-06', 'c.d10.views')).toBe(1);
  });

  it('when this instance starts consuming again after another counted, then it reads what the other counted and counts none of it twice', async () => {
    // Each turn's seq comes from the clock: a clock that moves keeps the two instances' seqs apart.
    let clock = NOW.getTime();
    const moving = vi.spyOn(Date, 'now').mockImplementation(() => (clock += 1));
    onTestFinished(() => moving.mockRestore());
    const store = new MemoryLedgers();
    const first = tally({}, store);
    await first.count([view('listing-1', 7)]);
    const { counter, count } = tally({}, store);
    await count([view('listing-2', 7)]);
    counter.reset();
    await first.count([view('listing-3', 7)]);
    await count([view('listing-1', 7), view('listing-3', 7)]);
    expect(store.monthTotal()).toBe(3);
  });

  it('property: whatever hits arrive, no visitor counts more than the bound in a day and the site keeps no more search texts than its bound', async () => {
    const bounds = { hitsPerVisitorDay: 4, emptyTermsPerVisitorDay: 2, emptyTermsPerDay: 3 };
    const hit = fc.record({
      day: fc.constantFrom('2026-06-09', TODAY),
      metric: fc.constantFrom('views', 'website', 'empty-search') as fc.Arbitrary<InsightHit['metric']>,
      key: fc.constantFrom('listing-1', 'listing-2', 'listing-3', 'tofu', 'kale'),
      visitor: fc.integer({ min: 1, max: 3 }).map(visitor),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(hit, { maxLength: 12 }), { maxLength: 4 }), async (batches) => {
        const { store, count } = tally(bounds);
        for (const batch of batches) await count(batch);
        const counted = store.kept.flatMap((l) => l.hits);
        const perVisitorDay = new Map<string, number>();
        for (const id of counted) perVisitorDay.set(`${id.slice(0, 10)}|${id.slice(-32)}`, (perVisitorDay.get(`${id.slice(0, 10)}|${id.slice(-32)}`) ?? 0) + 1);
        for (const n of perVisitorDay.values()) expect(n).toBeLessThanOrEqual(bounds.hitsPerVisitorDay);
        for (const day of ['2026-06-09', TODAY]) expect(store.siteTerms(day)).toBeLessThanOrEqual(bounds.emptyTermsPerDay);
        expect(new Set(counted).size).toBe(counted.length);
      }),
      { numRuns: 100 },
    );
  });
});
