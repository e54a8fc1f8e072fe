import type { ListingReviewsRecord } from '../../data-access/review-records';
import type { StoredReview } from '../../data-access/review-repository';
import { ReviewShelf } from './review-shelf';

const review = (id: string, status: StoredReview['status'] = 'published') => ({ id, status }) as StoredReview;
const record = (...ids: string[]): ListingReviewsRecord => ({ published: ids.map((id, i) => ({ id, at: 1_000 - i, rating: 5 })), posted: [] });

describe("the pages of a listing's reviews", () => {
  it('when a page is read, then its reviews come by id in the order the listing keeps, and a listing with none has none', async () => {
    const fake = {
      readRecord: vi.fn(async (serviceId: string) => (serviceId === 's1' ? record('r3', 'r2', 'r1') : null)),
      findByIds: vi.fn(async (ids: readonly string[]) => ids.map((id) => review(id))),
    };
    const shelf = new ReviewShelf(fake);
    expect(await shelf.page('s1', 1, 2)).toEqual({ items: [review('r3'), review('r2')], total: 3 });
    expect(await shelf.page('s1', 2, 2)).toEqual({ items: [review('r1')], total: 3 });
    expect(await shelf.page('s2', 1, 2)).toEqual({ items: [], total: 0 });
    // The first page is kept until the listing's reviews change.
    const reads = fake.findByIds.mock.calls.length;
    await shelf.page('s1', 1, 2);
    expect(fake.findByIds.mock.calls.length).toBe(reads);
    shelf.forget('s1');
    await shelf.page('s1', 1, 2);
    expect(fake.findByIds.mock.calls.length).toBe(reads + 1);
  });

  it('when a review changes while its first page is read, then that page is not kept; a review taken down meanwhile is left out', async () => {
    let release: (found: StoredReview[]) => void = () => undefined;
    const fake = {
      readRecord: vi.fn(async () => record('r3', 'r2', 'r1')),
      findByIds: vi
        .fn<(ids: readonly string[]) => Promise<StoredReview[]>>()
        .mockReturnValueOnce(new Promise((resolve) => (release = resolve)))
        .mockImplementation(async (ids) => ids.map((id) => review(id, id === 'r2' ? 'removed' : 'published'))),
    };
    const shelf = new ReviewShelf(fake);
    const slow = shelf.page('s1', 1, 10);
    await vi.waitFor(() => expect(fake.findByIds).toHaveBeenCalledTimes(1));
    shelf.forget('s1');
    release([review('r3'), review('r2'), review('r1')]);
    expect((await slow).total).toBe(3);
    expect(await shelf.page('s1', 1, 10)).toEqual({ items: [review('r3'), review('r1')], total: 3 });
  });

  it('when the database fails while reading, then the next read tries again', async () => {
    const fake = {
      readRecord: vi.fn<(serviceId: string) => Promise<ListingReviewsRecord | null>>().mockRejectedValueOnce(new Error('database away')).mockResolvedValue(record('r1')),
      findByIds: vi.fn(async (ids: readonly string[]) => ids.map((id) => review(id))),
    };
    const shelf = new ReviewShelf(fake);
    await expect(shelf.page('s1', 1, 10)).rejects.toThrow('database away');
    expect((await shelf.page('s1', 1, 10)).total).toBe(1);
  });
});
