import { describe, expect, it } from 'vitest';
import { DataGenerationSchema, PageDataCache } from '../src/page-data-cache';

const G1 = '0123456789abcdef.1';
const G2 = '0123456789abcdef.2';

describe('the data renders keep between them', () => {
  it('when a render of the same generation reads a kept answer, then it gets it with the time it was read', () => {
    const cache = new PageDataCache(10);
    cache.view(G1).keep(['services', 'detail', 'a'], { name: 'A' }, 1_000);
    expect(cache.view(G1).get(['services', 'detail', 'a'])).toEqual({ data: { name: 'A' }, readAt: 1_000 });
    expect(cache.view(G1).get(['services', 'detail', 'b'])).toBeUndefined();
  });

  it('when an answer is kept, then no render can change it for the renders after', () => {
    const cache = new PageDataCache(10);
    const answer = { items: [{ name: 'A', tags: ['keto'] }] };
    cache.view(G1).keep(['services', 'list'], answer, 1);
    const kept = cache.view(G1).get(['services', 'list'])!.data as typeof answer;
    expect(() => kept.items.push({ name: 'B', tags: [] })).toThrow(TypeError);
    expect(() => {
      kept.items[0]!.tags[0] = 'vegan';
    }).toThrow(TypeError);
    expect(kept).toEqual({ items: [{ name: 'A', tags: ['keto'] }] });
  });

  it('when a request names another generation, then nothing read before is given again', () => {
    const cache = new PageDataCache(10);
    cache.view(G1).keep(['services', 'detail', 'a'], { name: 'old' }, 1_000);
    expect(cache.view(G2).get(['services', 'detail', 'a'])).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('when a read of an older generation ends after a newer one came, then it is not kept', () => {
    const cache = new PageDataCache(10);
    const before = cache.view(G1);
    const after = cache.view(G2);
    before.keep(['services', 'detail', 'a'], { name: 'read before the change' }, 1_000);
    expect(after.get(['services', 'detail', 'a'])).toBeUndefined();
    expect(before.get(['services', 'detail', 'a'])).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('when more answers are kept than it holds, then the oldest go; a key longer than 1 KB and a size of 0 keep nothing', () => {
    const cache = new PageDataCache(3);
    const view = cache.view(G1);
    for (let n = 1; n <= 5; n += 1) view.keep(['page', n], n, n);
    expect(cache.size).toBe(3);
    expect(view.get(['page', 1])).toBeUndefined();
    expect(view.get(['page', 5])?.data).toBe(5);
    view.keep(['search', 'x'.repeat(2_000)], 'long', 1);
    expect(view.get(['search', 'x'.repeat(2_000)])).toBeUndefined();
    const none = new PageDataCache(0);
    none.view(G1).keep(['page', 1], 1, 1);
    expect(none.size).toBe(0);
  });

  it('when a generation header is not the gateway id and a count, then it is refused', () => {
    expect(DataGenerationSchema.safeParse(G1).success).toBe(true);
    for (const bad of [undefined, '', '1', 'zz23456789abcdef.1', '0123456789abcdef.', '0123456789abcdef.1.2', `0123456789abcdef.${'9'.repeat(16)}`])
      expect(DataGenerationSchema.safeParse(bad).success, String(bad)).toBe(false);
  });
});
