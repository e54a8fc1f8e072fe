import { LRUCache } from 'lru-cache';
import type { ReviewRepository, StoredReview } from '../data-access/review-repository';

/**
 * The order of each listing's published reviews (ids, newest first), kept in memory so a page of
 * them is read by its ids alone. A find by listing, sorted and skipped, is read by FerretDB through
 * every review of the collection: 4-6 s for the first page of a listing with 2,000 reviews
 * (bench/visitors-decide.ts); by ids it is read key by key. Loaded whole on the first read, then
 * each listing is read again when one of its reviews changes (here, or in another instance: the
 * catalog.review.changed events), and whole again after the broker reconnects. The first page of
 * the listings read most is kept whole too (most visitors read only it): dropped with its order.
 */
export class ReviewShelf {
  private order = new Map<string, string[]>();
  private loading: Promise<void> | null = null;
  /** Reads of one listing's order that started, and the last one kept: a read that started earlier never replaces a later one. */
  private started = 0;
  private kept = new Map<string, number>();
  /** The first page of a listing's reviews, as read, until one of its reviews changes. */
  private firstPages = new LRUCache<string, StoredReview[]>({ max: 5_000 });

  constructor(private readonly reviews: Pick<ReviewRepository, 'publishedOrder' | 'findByIds'>) {}

  private ensure(): Promise<void> {
    this.loading ??= this.reviews.publishedOrder().then(
      (order) => {
        this.order = order;
      },
      (err: unknown) => {
        this.loading = null;
        throw err;
      },
    );
    return this.loading;
  }

  /** Reads a listing's order again (after a change of its reviews). */
  async refresh(serviceId: string): Promise<void> {
    await this.ensure();
    const turn = ++this.started;
    const fresh = (await this.reviews.publishedOrder(serviceId)).get(serviceId) ?? [];
    if (turn < (this.kept.get(serviceId) ?? 0)) return;
    this.kept.set(serviceId, turn);
    this.order.set(serviceId, fresh);
    this.firstPages.delete(serviceId);
  }

  /** Forgets everything: the next read loads it whole (events may have been missed). */
  reset(): void {
    this.loading = null;
    this.kept.clear();
    this.firstPages.clear();
  }

  /** A page of a listing's published reviews, newest first, and how many it has. */
  async page(serviceId: string, page: number, pageSize: number): Promise<{ items: StoredReview[]; total: number }> {
    await this.ensure();
    const ids = this.order.get(serviceId) ?? [];
    const first = page === 1 ? this.firstPages.get(serviceId) : undefined;
    if (first) return { items: first, total: ids.length };
    const read = await this.reviews.findByIds(ids.slice((page - 1) * pageSize, page * pageSize));
    // A review taken down a moment ago, before its listing's order was read again, is left out.
    const items = read.filter((r) => r.status === 'published');
    // Kept only if its listing's order was not read again meanwhile (the page may be older than it).
    if (page === 1 && this.order.get(serviceId) === ids) this.firstPages.set(serviceId, items);
    return { items, total: ids.length };
  }
}
