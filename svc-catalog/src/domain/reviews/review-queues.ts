import type { ReviewQueue } from '@mealprep/contracts';
import { asQueued, type QueuedReview, type StoredReview } from '../../data-access/review-repository';

/** Whether a review is in a queue. */
const inQueue: Record<ReviewQueue, (r: QueuedReview) => boolean> = {
  held: (r) => r.status === 'held',
  reported: (r) => r.openReports > 0 && r.status !== 'removed',
  replies: (r) => r.replyHeld,
  published: (r) => r.status === 'published',
  rejected: (r) => r.status === 'rejected',
  removed: (r) => r.status === 'removed',
};
const byId = (a: QueuedReview, b: QueuedReview) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const oldestFirst = (a: QueuedReview, b: QueuedReview) => a.createdAt - b.createdAt || byId(a, b);
const newestFirst = (a: QueuedReview, b: QueuedReview) => b.createdAt - a.createdAt || byId(a, b);
/** Held reviews and replies wait oldest first; reported ones most reported first; decided ones newest first. */
const order: Record<ReviewQueue, (a: QueuedReview, b: QueuedReview) => number> = {
  held: oldestFirst,
  reported: (a, b) => b.openReports - a.openReports || oldestFirst(a, b),
  replies: oldestFirst,
  published: newestFirst,
  rejected: newestFirst,
  removed: newestFirst,
};

/**
 * The staff's queues of reviews, kept in memory by each instance as the catalogue's indexes are:
 * loaded once with one read of every review (when the instance starts, beside its other work), then
 * kept by each change (the writer's own, and other instances' through their events, each read by
 * its id). A queue's page is then read by its ids: no request reads the reviews collection through
 * (FerretDB reads a whole collection for a filter on status: 5-7 s at 50,000 reviews).
 */
/** How many deleted reviews are remembered, so a read of one made before it went does not bring it back. */
const REMEMBERED_DELETIONS = 10_000;

export class ReviewQueues {
  private entries = new Map<string, QueuedReview>();
  /** Reviews deleted lately (oldest first). */
  private readonly deleted = new Set<string>();
  private loading: Promise<void> | null = null;
  /** Reviews changed while a load ran: the load may have read them as they were, so they are read again after it. */
  private touched: Set<string> | null = null;

  constructor(private readonly source: { all(): AsyncIterable<StoredReview>; findByIds(ids: readonly string[]): Promise<StoredReview[]> }) {}

  /** Loads every review's place in the queues (once; again after reset). */
  load(): Promise<void> {
    this.loading ??= (async () => {
      this.touched = new Set();
      const entries = new Map<string, QueuedReview>();
      try {
        for await (const review of this.source.all()) entries.set(review.id, asQueued(review));
      } catch (err) {
        this.loading = null;
        this.touched = null;
        throw err;
      }
      const touched = [...this.touched];
      this.touched = null;
      this.entries = entries;
      if (touched.length > 0) await this.reread(touched);
    })();
    return this.loading;
  }

  /**
   * A review as it now is (read by the writer, or by id after an event). Reads race: one made
   * before a later change can arrive after it, so a version older than the one kept, or a review
   * deleted since, changes nothing.
   */
  apply(review: StoredReview): void {
    this.touched?.add(review.id);
    const kept = this.entries.get(review.id);
    if ((kept && kept.version > review.version) || this.deleted.has(review.id)) return;
    this.entries.set(review.id, asQueued(review));
  }

  remove(reviewId: string): void {
    this.touched?.add(reviewId);
    this.entries.delete(reviewId);
    this.deleted.add(reviewId);
    if (this.deleted.size > REMEMBERED_DELETIONS) this.deleted.delete(this.deleted.values().next().value!);
  }

  /** Reads reviews again by id (another instance changed them). */
  async reread(ids: readonly string[]): Promise<void> {
    const found = new Map((await this.source.findByIds(ids)).map((r) => [r.id, r]));
    for (const id of ids) {
      const review = found.get(id);
      if (review) this.apply(review);
      else this.remove(id);
    }
  }

  /** Forgets everything (events may have been missed): the next read loads it again. */
  reset(): void {
    this.loading = null;
  }

  /** A page of a queue: the ids in order, and how many it holds. */
  async page(queue: ReviewQueue, page: number, pageSize: number): Promise<{ ids: string[]; total: number }> {
    await this.load();
    const members = [...this.entries.values()].filter(inQueue[queue]).sort(order[queue]);
    return { ids: members.slice((page - 1) * pageSize, page * pageSize).map((r) => r.id), total: members.length };
  }
}
