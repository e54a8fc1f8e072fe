import type { StoredReview } from '../../data-access/review-repository';
import { ReviewQueues } from './review-queues';

const review = (id: string, version: number, openReports = 0): StoredReview =>
  ({ id, version, serviceId: 's1', status: 'published', createdAt: '2026-11-01T00:00:00.000Z', openReports, reply: null }) as unknown as StoredReview;

describe("the staff's queues of reviews", () => {
  const queues = (stored: StoredReview[]) =>
    new ReviewQueues({
      async *all() {
        yield* stored;
      },
      findByIds: async (ids) => stored.filter((r) => ids.includes(r.id)),
    });

  it('when a read of a review made before it was reported arrives after the report, then the review stays in the reported queue', async () => {
    const staff = queues([review('r1', 0)]);
    await staff.load();
    // The report, as its writer applies it; then an event's read of the review from before it.
    staff.apply(review('r1', 1, 1));
    staff.apply(review('r1', 0, 0));
    expect(await staff.page('reported', 1, 10)).toEqual({ ids: ['r1'], total: 1 });
    // A later change is taken.
    staff.apply(review('r1', 2, 0));
    expect(await staff.page('reported', 1, 10)).toEqual({ ids: [], total: 0 });
  });

  it('when a read of a review made before it was deleted arrives after the deletion, then it does not come back', async () => {
    const staff = queues([review('r1', 0, 1)]);
    await staff.load();
    staff.remove('r1');
    staff.apply(review('r1', 0, 1));
    expect(await staff.page('reported', 1, 10)).toEqual({ ids: [], total: 0 });
    expect(await staff.page('published', 1, 10)).toEqual({ ids: [], total: 0 });
  });
});
