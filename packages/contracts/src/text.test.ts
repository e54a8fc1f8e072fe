import { describe, expect, it } from 'vitest';
import { illFormedTextPath, isWellFormedText } from './text';
import { InsightHitBatchSchema, InsightReportSchema } from './insights';

describe('well-formed text', () => {
  it('when a string holds a lone half of a surrogate pair, then it is not well-formed; pairs, emoji and every other character are', () => {
    for (const text of ['', 'vegan tacos', 'crème brûlée', '😀', '𝔘𝔫𝔦𝔠𝔬𝔡𝔢', '\uFFFF', '\u0000']) expect(isWellFormedText(text)).toBe(true);
    for (const text of ['\ud800', '\udfff', 'a\ud83d', '\ude00b', '😀\ud83d', '\udc00\ud800']) expect(isWellFormedText(text)).toBe(false);
    expect(isWellFormedText(`${'😀'.repeat(100_000)}\ud800`)).toBe(false);
  });

  it('when a request body holds ill-formed text anywhere, in a value or a key, then its path is named', () => {
    expect(illFormedTextPath({ a: [1, 'x', { b: 'ok' }] })).toBeNull();
    expect(illFormedTextPath({ a: [1, 'x', { b: '\ud800' }] })).toEqual(['a', '2', 'b']);
    expect(illFormedTextPath({ ['k\udfff']: 1 })).toEqual(['(a key)']);
    expect(illFormedTextPath('\ud800')).toEqual([]);
  });

  it('when a search text or a hit key is ill-formed, then the contract refuses it; in a batch the one bad hit is set aside and the good ones kept', () => {
    expect(InsightReportSchema.safeParse({ metric: 'empty-search', term: 'tacos \ud800' }).success).toBe(false);
    const good = { day: '2026-11-01', metric: 'views', key: 'a'.repeat(24), visitor: 'b'.repeat(32) };
    const batch = InsightHitBatchSchema.parse([good, { ...good, metric: 'empty-search', key: 'x\ud800' }, { junk: 1 }, good]);
    expect(batch).toEqual([good, null, null, good]);
  });
});
