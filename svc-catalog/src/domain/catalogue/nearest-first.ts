/**
 * The first `keep` of many items in the order `before` gives, without sorting them all: a bounded
 * max-heap holds the best `keep` seen so far, so n offers cost O(n log keep) instead of
 * O(n log n). `count` is how many were offered. A near-me page needs the page asked for
 * (page × page size items) of hundreds or thousands of matches, and their total.
 */
export class NearestFirst<T> {
  private readonly heap: T[] = [];
  count = 0;

  /** `before(a, b)` is true when a comes before b. */
  constructor(
    private readonly keep: number,
    private readonly before: (a: T, b: T) => boolean,
  ) {}

  offer(item: T): void {
    this.count += 1;
    if (this.keep <= 0) return;
    const heap = this.heap;
    if (heap.length < this.keep) {
      heap.push(item);
      this.up(heap.length - 1);
    } else if (this.before(item, heap[0]!)) {
      heap[0] = item;
      this.down(0);
    }
  }

  /** The items kept, first first. */
  sorted(): T[] {
    return [...this.heap].sort((a, b) => (this.before(a, b) ? -1 : this.before(b, a) ? 1 : 0));
  }

  // The heap's top is the item that comes last among those kept: the first to give way.
  private up(at: number): void {
    const heap = this.heap;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (!this.before(heap[parent]!, heap[at]!)) return;
      [heap[parent], heap[at]] = [heap[at]!, heap[parent]!];
      at = parent;
    }
  }

  private down(at: number): void {
    const heap = this.heap;
    for (;;) {
      const left = at * 2 + 1;
      const right = left + 1;
      let last = at;
      if (left < heap.length && this.before(heap[last]!, heap[left]!)) last = left;
      if (right < heap.length && this.before(heap[last]!, heap[right]!)) last = right;
      if (last === at) return;
      [heap[last], heap[at]] = [heap[at]!, heap[last]!];
      at = last;
    }
  }
}
