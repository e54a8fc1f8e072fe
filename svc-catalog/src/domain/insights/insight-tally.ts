import type { InsightHit } from '@mealprep/contracts';
import type { Logger } from '@mealprep/service-kit';
import { firstKeptDay } from './insight-days';

/** One increment of stored counts: a listing's month (`c.d{DD}.{metric}`) or the site's day (`views.{listing}`, `leads.{listing}`, `empty.{term}`). */
export interface CountWrite {
  doc: 'month' | 'site';
  id: string;
  /** Paths and how much each goes up (objects, not pairs: FerretDB stores no nested arrays). */
  inc: Array<{ path: string; n: number }>;
}

/**
 * What one turn of the tally counted, stored before any count is added: the hits it took (so a
 * batch delivered again, or to the next instance after a crash, counts nothing twice) and the
 * increments (so a turn cut off half-way is finished by whoever comes next). `seq` grows with
 * every turn; a stored count remembers the last turn added to it and takes no turn twice.
 */
export interface InsightLedger {
  seq: number;
  /** The newest day of its hits: the ledger is kept while that day's hits may still come again. */
  day: string;
  hits: string[];
  writes: CountWrite[];
  done: boolean;
}

export interface LedgerStore {
  /** Every ledger kept (those of the days whose hits may still come again). */
  ledgers(): Promise<InsightLedger[]>;
  /** Stores a new ledger; throws a duplicate-key error when its seq was taken (another tally wrote meanwhile). */
  insertLedger(ledger: InsightLedger): Promise<void>;
  /** Adds a ledger's increments to every count that has not taken it yet; repeating it changes nothing. */
  applyLedger(ledger: InsightLedger): Promise<void>;
  markDone(seq: number): Promise<void>;
}

/** A hit as it is recognised again: its day, kind, listing (or search text) and visitor. */
export const hitId = (hit: InsightHit) => `${hit.day}|${hit.metric}|${hit.key}|${hit.visitor}`;
/** A hit id's day, kind and visitor (the key between them may hold `|`: a search text). */
const partsOf = (id: string) => ({ day: id.slice(0, 10), metric: id.slice(11, id.indexOf('|', 11)), visitor: id.slice(-32), key: id.slice(id.indexOf('|', 11) + 1, -33) });

/**
 * What one visitor (a day's salted hash of one address, whatever its browser says) can add in a
 * day, and what the site keeps of searches that found nothing in a day. Without them one client
 * grew a stored document and the tally's memory without end; a person reading the site stays far
 * below them (a results page names at most 100 listings, and each counts once a day).
 */
export const INSIGHT_BOUNDS = {
  /** Hits a visitor adds in a day, of every kind and listing together. */
  hitsPerVisitorDay: 2_000,
  /** Different searches that found nothing a visitor adds in a day. */
  emptyTermsPerVisitorDay: 10,
  /** Different searches that found nothing the site keeps for a day (the admins see the 20 most frequent). */
  emptyTermsPerDay: 200,
} as const;

/** A search text as a key of a stored object (keys cannot hold dots); throws on text that is not well-formed. */
export const termKey = (term: string) => encodeURIComponent(term).replace(/\./g, '%2E');

/** The increments of a set of new hits: per listing and month, and per site day. */
export function countWrites(hits: readonly InsightHit[]): CountWrite[] {
  const docs = new Map<string, CountWrite>();
  const add = (doc: CountWrite['doc'], id: string, path: string) => {
    const key = `${doc}|${id}`;
    let write = docs.get(key);
    if (!write) docs.set(key, (write = { doc, id, inc: [] }));
    const entry = write.inc.find((i) => i.path === path);
    if (entry) entry.n += 1;
    else write.inc.push({ path, n: 1 });
  };
  for (const hit of hits) {
    if (hit.metric === 'empty-search') {
      add('site', `site|${hit.day}`, `empty.${termKey(hit.key)}`);
      continue;
    }
    add('month', `${hit.key}|${hit.day.slice(0, 7)}`, `c.d${hit.day.slice(8, 10)}.${hit.metric}`);
    if (hit.metric === 'views' || hit.metric === 'leads') add('site', `site|${hit.day}`, `${hit.metric}.${hit.key}`);
  }
  return [...docs.values()];
}

interface Waiting {
  hits: readonly InsightHit[];
  done: () => void;
  failed: (err: unknown) => void;
}

export interface TallyOptions {
  store: LedgerStore;
  logger: Logger;
  now?: () => Date;
  /** How long batches wait to be counted together (one ledger, one write per count), and how many hits make a turn at once. */
  turnMs?: number;
  maxHitsPerTurn?: number;
  bounds?: Partial<Record<keyof typeof INSIGHT_BOUNDS, number>>;
}

/** What a day holds so far: hit ids counted, per visitor how many hits and search texts, and the search texts kept. */
interface DayState {
  seen: Set<string>;
  visitors: Map<string, { hits: number; terms: number }>;
  terms: Set<string>;
}

/**
 * Counts the batches of hits the recorders send, for the one active consumer of the site: hits are
 * recognised again in memory (loaded from the ledgers when this instance starts consuming), batches
 * that arrive within a turn are counted together, and a batch is acknowledged only once its turn is
 * stored and added. A turn costs one stored ledger and one write per count it changes, however many
 * hits it holds; one insert per hit cost the database more than the visitors' pages.
 */
export class InsightTally {
  private waiting: Waiting[] = [];
  private waitingHits = 0;
  private timer: NodeJS.Timeout | null = null;
  private turn: Promise<void> = Promise.resolve();
  private loaded: Promise<void> | null = null;
  /** What each kept day has counted. */
  private days = new Map<string, DayState>();
  private unapplied: InsightLedger[] = [];
  private lastSeq = 0;

  constructor(private readonly options: TallyOptions) {}

  /** Takes a batch; resolves once its new hits are stored and counted (or it had none), rejects if that failed. */
  add(hits: readonly InsightHit[]): Promise<void> {
    return new Promise<void>((done, failed) => {
      this.waiting.push({ hits, done, failed });
      this.waitingHits += hits.length;
      if (this.waitingHits >= (this.options.maxHitsPerTurn ?? 5_000)) this.startTurn();
      else this.timer ??= setTimeout(() => this.startTurn(), this.options.turnMs ?? 1_000);
    });
  }

  /**
   * Forgets what it knew (called whenever this instance starts consuming again: another may have
   * counted meanwhile); the ledgers are read again before the next turn.
   */
  reset(): void {
    this.loaded = null;
  }

  private startTurn(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batches = this.waiting.splice(0);
    this.waitingHits = 0;
    if (batches.length === 0) return;
    this.turn = this.turn.then(() =>
      this.count(batches.flatMap((b) => b.hits)).then(
        () => batches.forEach((b) => b.done()),
        (err: unknown) => {
          this.options.logger.warn({ err, batches: batches.length }, 'insight hits not counted; their batches will come again');
          batches.forEach((b) => b.failed(err));
        },
      ),
    );
  }

  private load(): Promise<void> {
    this.loaded ??= (async () => {
      const ledgers = await this.options.store.ledgers();
      this.days.clear();
      for (const ledger of ledgers) {
        for (const id of ledger.hits) this.remember(id);
        this.lastSeq = Math.max(this.lastSeq, ledger.seq);
      }
      this.unapplied = ledgers.filter((l) => !l.done).sort((a, b) => a.seq - b.seq);
      this.options.logger.info({ ledgers: ledgers.length, unfinished: this.unapplied.length }, 'insight ledgers loaded');
    })();
    this.loaded.catch(() => (this.loaded = null));
    return this.loaded;
  }

  private dayState(day: string): DayState {
    let state = this.days.get(day);
    if (!state) this.days.set(day, (state = { seen: new Set(), visitors: new Map(), terms: new Set() }));
    return state;
  }

  /** Counts a hit id as taken: in its day's set, its visitor's tallies and the day's search texts. */
  private remember(id: string): void {
    const { day, metric, visitor, key } = partsOf(id);
    const state = this.dayState(day);
    state.seen.add(id);
    let mine = state.visitors.get(visitor);
    if (!mine) state.visitors.set(visitor, (mine = { hits: 0, terms: 0 }));
    mine.hits += 1;
    if (metric === 'empty-search') {
      mine.terms += 1;
      state.terms.add(key);
    }
  }

  /**
   * Whether a new hit may count: within its visitor's day and, for a search that found nothing,
   * within the visitor's and the site's search texts of the day (a text the site keeps already
   * always counts). A hit whose key cannot be stored (text that is not well-formed) is refused
   * here alone, and the rest of its batch counts.
   */
  private admits(hit: InsightHit, pending: Map<string, { hits: number; terms: number }>, pendingTerms: Map<string, Set<string>>): boolean {
    const bounds: Record<keyof typeof INSIGHT_BOUNDS, number> = { ...INSIGHT_BOUNDS, ...this.options.bounds };
    const state = this.days.get(hit.day);
    const before = state?.visitors.get(hit.visitor) ?? { hits: 0, terms: 0 };
    const key = `${hit.day}|${hit.visitor}`;
    const added = pending.get(key) ?? { hits: 0, terms: 0 };
    if (before.hits + added.hits >= bounds.hitsPerVisitorDay) return false;
    if (hit.metric === 'empty-search') {
      try {
        termKey(hit.key);
      } catch (err) {
        this.options.logger.warn({ err, metric: hit.metric }, 'an insight hit whose search text cannot be stored; set aside');
        return false;
      }
      if (before.terms + added.terms >= bounds.emptyTermsPerVisitorDay) return false;
      let newTerms = pendingTerms.get(hit.day);
      if (!newTerms) pendingTerms.set(hit.day, (newTerms = new Set()));
      if (!state?.terms.has(hit.key) && !newTerms.has(hit.key)) {
        if ((state?.terms.size ?? 0) + newTerms.size >= bounds.emptyTermsPerDay) return false;
        newTerms.add(hit.key);
      }
      added.terms += 1;
    }
    added.hits += 1;
    pending.set(key, added);
    return true;
  }

  /** Adds what earlier turns stored and did not finish adding (a crash, a failed write), oldest first. */
  private async finishUnapplied(): Promise<void> {
    while (this.unapplied.length > 0) {
      const ledger = this.unapplied[0]!;
      await this.options.store.applyLedger(ledger);
      await this.options.store.markDone(ledger.seq);
      this.unapplied.shift();
    }
  }

  private async count(hits: readonly InsightHit[]): Promise<void> {
    await this.load();
    await this.finishUnapplied();
    const first = firstKeptDay(this.options.now?.() ?? new Date());
    for (const day of this.days.keys()) if (day < first) this.days.delete(day);
    const fresh = new Map<string, InsightHit>();
    const pending = new Map<string, { hits: number; terms: number }>();
    const pendingTerms = new Map<string, Set<string>>();
    for (const hit of hits) {
      const id = hitId(hit);
      if (hit.day < first || fresh.has(id) || this.days.get(hit.day)?.seen.has(id)) continue;
      if (this.admits(hit, pending, pendingTerms)) fresh.set(id, hit);
    }
    if (fresh.size === 0) return;
    const ids = [...fresh.keys()];
    // A seq above every stored one and the clock, so it keeps growing when old ledgers are gone.
    const ledger: InsightLedger = {
      seq: Math.max(this.lastSeq + 1, Date.now() * 1_000),
      day: ids.reduce((max, id) => (id.slice(0, 10) > max ? id.slice(0, 10) : max), ''),
      hits: ids,
      writes: countWrites([...fresh.values()]),
      done: false,
    };
    try {
      await this.options.store.insertLedger(ledger);
    } catch (err) {
      // Another instance counted meanwhile (its seq is taken): read what it did before counting again.
      this.loaded = null;
      throw err;
    }
    this.lastSeq = ledger.seq;
    for (const id of ids) this.remember(id);
    this.unapplied.push(ledger);
    await this.finishUnapplied();
  }

  /** Counts what waits now (tests, and a stop). */
  async settle(): Promise<void> {
    this.startTurn();
    await this.turn;
  }
}
