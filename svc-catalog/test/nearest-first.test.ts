import { describe, expect, it } from 'vitest';
import { NearestFirst } from '../src/domain/catalogue/nearest-first';

describe('the nearest first of many', () => {
  it('when thousands are offered, then the ones kept are exactly the first of a full sort, in order, and all are counted', () => {
    let seed = 42;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    // Distances with many ties (rounded to a mile), names to break them.
    const items = Array.from({ length: 5_000 }, (_, i) => ({ miles: Math.round(random() * 300), name: `n${i}` }));
    const before = (a: (typeof items)[number], b: (typeof items)[number]) => a.miles < b.miles || (a.miles === b.miles && a.name < b.name);
    const sorted = [...items].sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0));
    for (const keep of [0, 1, 6, 60, 4_999, 5_000, 600_000]) {
      const first = new NearestFirst(keep, before);
      for (const item of items) first.offer(item);
      expect(first.count).toBe(5_000);
      expect(first.sorted()).toEqual(sorted.slice(0, keep));
    }
  });
});
