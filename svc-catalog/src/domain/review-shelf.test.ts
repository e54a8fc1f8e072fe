import type { StoredReview } from '../data-access/review-repository';
import { ReviewShelf } from './review-shelf';

const review = (id: string, status: StoredReview['status'] = 'published') => ({ id, status }) as StoredReview;

describe("the order of a listing's reviews", () => {
  it('when a page is read, then its reviews come by id in the order kept, and a listing with none has none', async () => {
    const fake = {
      publishedOrder: vi.fn(async () => new Map([['s1', ['r3', 'r2', 'r1']]])),
      findByIds: vi.fn(async (ids: readonly string[]) => ids.map((id) => review(id))),
    };
    const shelf = new ReviewShelf(fake);
    expect(await shelf.page('s1', 1, 2)).toEqual({ items: [review('r3'), review('r2')], total: 3 });
    expect(await shelf.page('s1', 2, 2)).toEqual({ items: [review('r1')], total: 3 });
    expect(await shelf.page('s2', 1, 2)).toEqual({ items: [], total: 0 });
    // Loaded once; the first page is kept until the listing's reviews change.
    expect(fake.publishedOrder).toHaveBeenCalledTimes(1);
    expect(fake.findByIds).toHaveBeenLastCalledWith([]);
    const reads = fake.findByIds.mock.calls.length;
    await shelf.page('s1', 1, 2);
    expect(fake.findByIds.mock.calls.length).toBe(reads);
    await shelf.refresh('s1');
    await shelf.page('s1', 1, 2);
    expect(fake.findByIds.mock.calls.length).toBe(reads + 1);
  });

  it('when two reads of a listing overlap, then the one that started last is kept; a review taken down meanwhile is left out of its page', async () => {
    let release: (order: Map<string, string[]>) => void = () => undefined;
    const slow = new Promise<Map<string, string[]>>((resolve) => (release = resolve));
    const fake = {
      publishedOrder: vi
        .fn<(serviceId?: string) => Promise<Map<string, string[]>>>()
        .mockResolvedValueOnce(new Map([['s1', ['r1']]]))
        .mockReturnValueOnce(slow)
        .mockResolvedValueOnce(new Map([['s1', ['r3', 'r2', 'r1']]])),
      findByIds: vi.fn(async (ids: readonly string[]) => ids.map((id) => review(id, id === 'r2' ? 'removed' : 'published'))),
    };
    const shelf = new ReviewShelf(fake);
    const earlier = shelf.refresh('s1');
    const later = shelf.refresh('s1');
    await later;
    release(new Map([['s1', ['r2', 'r1']]]));
    await earlier;
    expect(await shelf.page('s1', 1, 10)).toEqual({ items: [review('r3'), review('r1')], total: 3 });
  });

  it('when the database fails while loading, then the next read tries again', async () => {
    const fake = {
      publishedOrder: vi
        .fn<(serviceId?: string) => Promise<Map<string, string[]>>>()
        .mockRejectedValueOnce(new Error('database away'))
        .mockResolvedValue(new Map([['s1', ['r1']]])),
      findByIds: vi.fn(async (ids: readonly string[]) => ids.map((id) => review(id))),
    };
    const shelf = new ReviewShelf(fake);
    await expect(shelf.page('s1', 1, 10)).rejects.toThrow('database away');
    expect((await shelf.page('s1', 1, 10)).total).toBe(1);
  });
});
