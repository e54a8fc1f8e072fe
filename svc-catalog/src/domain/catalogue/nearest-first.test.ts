import fc from 'fast-check';
import { NearestFirst } from './nearest-first';

const closer = (a: number, b: number) => a < b;

describe('the first few of many, nearest first', () => {
  it('when more are offered than kept, then the nearest are kept, in order, and every offer is counted', () => {
    const first = new NearestFirst<number>(3, closer);
    for (const miles of [40, 3, 27, 1, 88, 15, 2]) first.offer(miles);
    expect(first.sorted()).toEqual([1, 2, 3]);
    expect(first.count).toBe(7);
  });

  it('when nothing is to be kept (a total only), then nothing is kept but every offer is counted', () => {
    const first = new NearestFirst<number>(0, closer);
    for (const miles of [5, 1, 3]) first.offer(miles);
    expect(first.sorted()).toEqual([]);
    expect(first.count).toBe(3);
  });

  it('when two are at the same distance, then the order given settles them (by name)', () => {
    type Hit = { miles: number; name: string };
    const first = new NearestFirst<Hit>(2, (a, b) => a.miles < b.miles || (a.miles === b.miles && a.name < b.name));
    for (const hit of [
      { miles: 5, name: 'Zest' },
      { miles: 5, name: 'Apple' },
      { miles: 5, name: 'Mango' },
      { miles: 9, name: 'Basil' },
    ])
      first.offer(hit);
    expect(first.sorted().map((h) => h.name)).toEqual(['Apple', 'Mango']);
  });

  it('property: what is kept is exactly the head of a full sort, however many are offered and kept', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 500 }), { maxLength: 300 }), fc.integer({ min: 0, max: 50 }), (miles, keep) => {
        const first = new NearestFirst<number>(keep, closer);
        for (const m of miles) first.offer(m);
        expect(first.sorted()).toEqual([...miles].sort((a, b) => a - b).slice(0, keep));
        expect(first.count).toBe(miles.length);
      }),
      { numRuns: 200 },
    );
  });
});
