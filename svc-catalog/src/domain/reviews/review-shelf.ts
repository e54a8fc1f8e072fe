import { LRUCache } from 'lru-cache';
import type { ListingReviewsRecord } from '../../data-access/review-records';
import type { StoredReview } from '../../data-access/review-repository';

interface ShelfSources {
  /** A listing's record of reviews, read by its key. */
  readRecord(serviceId: string): Promise<ListingReviewsRecord | null>;
  findByIds(ids: readonly string[]): Promise<StoredReview[]>;
}

/**
 * Pages of a listing's published reviews, newest first: the listing's record of reviews (one read
 * by key) names them in order, and a page is read by its ids. The first page of the listings read
 * most is kept whole (most visitors read only it) until one of the listing's reviews changes, here
 * or in another instance (the catalog.review.changed events), and all of them after the broker
 * reconnects (events may have been missed).
 */
export class ReviewShelf {
  private firstPages = new LRUCache<string, { items: StoredReview[]; total: number }>({ max: 5_000 });
  /** Reads of a listing's first page that started, by listing: one that started before a change is not kept. */
  private generation = new Map<string, number>();

  constructor(private readonly sources: ShelfSources) {}

  /** One of the listing's reviews changed: its first page is read again. */
  forget(serviceId: string): void {
    this.firstPages.delete(serviceId);
    this.generation.set(serviceId, (this.generation.get(serviceId) ?? 0) + 1);
  }

  /** Forgets every page (events may have been missed). */
  reset(): void {
    this.firstPages.clear();
    this.generation.clear();
  }

  /** A page of a listing's published reviews, newest first, and how many it has. */
  async page(serviceId: string, page: number, pageSize: number): Promise<{ items: StoredReview[]; total: number }> {
    const kept = page === 1 ? this.firstPages.get(serviceId) : undefined;
    if (kept) return kept;
    const started = this.generation.get(serviceId) ?? 0;
    const ids = ((await this.sources.readRecord(serviceId))?.published ?? []).map((entry) => entry.id);
    const read = await this.sources.findByIds(ids.slice((page - 1) * pageSize, page * pageSize));
    // A review taken down a moment ago, before its listing's record was written again, is left out.
    const answer = { items: read.filter((r) => r.status === 'published'), total: ids.length };
    if (page === 1 && (this.generation.get(serviceId) ?? 0) === started) this.firstPages.set(serviceId, answer);
    return answer;
  }
}
