import type { AdminReviewList, EditableService, OwnReview, PublicService, ReviewPage, ReviewStanding, ServiceList } from '@mealprep/contracts';
import { describe, expect, it } from 'vitest';
import { sampleListing, useCatalog } from './harness';
import { NOW, admin, newcomer, ownerCalled, visitor } from './reviewers';

const owner = ownerCalled('owner-reviews', 'owner@harvest.example.com');

const GOOD = 'Tasty meals every week, delivered on time and well packed.';

describe('reviews of a listing', () => {
  const catalog = useCatalog('catalog-reviews', { now: NOW });
  const send = catalog.send;

  /** A published listing of the owner's. */
  async function publishedListing(slug: string): Promise<string> {
    const created = await send('POST', '/services', owner(), sampleListing(`Kitchen ${slug}`, slug));
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect((await send('PATCH', `/admin/services/${id}/status`, admin(), { status: 'published' })).status).toBe(200);
    slugs.set(id, slug);
    return id;
  }
  const slugs = new Map<string, string>();
  const page = async (id: string, n = 1) => (await send('GET', `/services/by-slug/${slugs.get(id)!}/reviews?page=${n}`)).body as unknown as ReviewPage;
  const rating = async (slug: string) => ((await send('GET', `/services/by-slug/${slug}`)).body as unknown as PublicService).rating;
  const review = (rating: number, text = GOOD, name = 'Dana R.') => ({ rating, text, name });

  it('when a visitor reviews a published listing, then it is shown at once with the new average on its page and its card; they edit it, and after deleting it they may write again', async () => {
    const id = await publishedListing('reviewed-kitchen');
    const written = await send('POST', `/services/${id}/reviews`, visitor('dana'), review(4));
    expect(written.status).toBe(201);
    expect(written.body).toMatchObject({ rating: 4, text: GOOD, name: 'Dana R.', status: 'published', reply: null });
    expect(await send('POST', `/services/${id}/reviews`, visitor('eli'), review(5, 'Great portions and the keto menu changes every single week.', 'Eli'))).toMatchObject({ status: 201 });

    const first = await page(id);
    expect(first.items.map((r) => [r.name, r.rating])).toEqual(
      expect.arrayContaining([
        ['Dana R.', 4],
        ['Eli', 5],
      ]),
    );
    expect(first).toMatchObject({ total: 2, summary: { average: 4.5, count: 2 } });
    expect(await rating('reviewed-kitchen')).toEqual({ average: 4.5, count: 2 });
    const list = (await send('GET', '/services?q=reviewed-kitchen&pageSize=50')).body as unknown as ServiceList;
    const card = list.items.find((c) => c.slug === 'reviewed-kitchen');
    expect(card?.rating).toEqual({ average: 4.5, count: 2 });
    // Nobody is told who wrote it beyond the name they chose.
    expect(JSON.stringify(first)).not.toContain('dana@example.com');

    const mine = (await send('GET', `/services/${id}/reviews/mine`, visitor('dana'))).body as unknown as ReviewStanding;
    expect(mine).toMatchObject({ owner: false, review: { rating: 4, status: 'published' } });
    const edited = await send('PATCH', `/reviews/${mine.review!.id}`, visitor('dana'), review(2, 'The meals were cold on arrival twice this month, sadly.'));
    expect(edited.status).toBe(200);
    expect((edited.body as unknown as OwnReview).editedAt).not.toBeNull();
    expect(await rating('reviewed-kitchen')).toEqual({ average: 3.5, count: 2 });

    // Someone else's review is not theirs to change or delete.
    expect((await send('PATCH', `/reviews/${mine.review!.id}`, visitor('eli'), review(1))).status).toBe(404);
    expect((await send('DELETE', `/reviews/${mine.review!.id}`, visitor('eli'))).status).toBe(404);

    expect((await send('DELETE', `/reviews/${mine.review!.id}`, visitor('dana'))).status).toBe(204);
    expect(await rating('reviewed-kitchen')).toEqual({ average: 5, count: 1 });
    expect((await send('POST', `/services/${id}/reviews`, visitor('dana'), review(3))).status).toBe(201);
    expect(await rating('reviewed-kitchen')).toEqual({ average: 4, count: 2 });
    await expect
      .poll(() => catalog.events.filter((e) => e.type === 'catalog.review.changed').map((e) => (e.payload as { change: string }).change))
      .toEqual(['posted', 'posted', 'edited', 'deleted', 'posted']);
  });

  it('when a review breaks a rule, then it is refused with a clear message and nothing is stored', async () => {
    const id = await publishedListing('strict-kitchen');
    for (const [body, message] of [
      [review(0), 'The rating must be from 1 to 5 stars.'],
      [review(6), 'The rating must be from 1 to 5 stars.'],
      [review(2.5), 'The rating must be a whole number of stars from 1 to 5.'],
      [{ ...review(5), rating: 'five' }, 'The rating must be a number of stars from 1 to 5.'],
      [review(5, 'x'.repeat(100_000)), 'The review can be at most 2000 characters long.'],
      [review(5, '<script>alert(1)</script> and more words to be long enough'), 'The review must be plain text: leave out < and >.'],
      [review(5, 'Too short.'), 'The review must be at least 20 characters long.'],
      [review(5, GOOD, ''), 'The name must be at least 2 characters long.'],
      [{ ...review(5), verified: true }, 'verified'],
    ] as const) {
      const answer = await send('POST', `/services/${id}/reviews`, visitor('strict'), body);
      expect(answer.status, message).toBe(400);
      expect(JSON.stringify(answer.body.error)).toContain(message);
    }
    expect((await page(id)).total).toBe(0);
    expect((await send('GET', `/services/${id}/reviews/mine`, visitor('strict'))).body).toMatchObject({ review: null });

    // The same text as another review would wait for staff: this one is the reviewer's own.
    expect((await send('POST', `/services/${id}/reviews`, visitor('strict'), review(5, 'Fresh food, friendly drivers, and fair prices too.'))).body.status).toBe('published');
    const again = await send('POST', `/services/${id}/reviews`, visitor('strict'), review(1, 'Changed my mind about this one entirely, sadly.'));
    expect(again.status).toBe(409);
    expect(again.body.error?.message).toBe('You have already reviewed this listing. Edit your review instead.');
    const own = await send('POST', `/services/${id}/reviews`, owner(), review(5));
    expect(own.status).toBe(403);
    expect(own.body.error?.message).toBe('You cannot review your own listing.');
    expect(await rating('strict-kitchen')).toEqual({ average: 5, count: 1 });
    expect((await send('POST', `/services/${id}/reviews`, {}, review(5))).status).toBe(401);
  });

  it('when the listing is a draft, unknown or no longer published, then a review of it is refused and its reviews are not shown', async () => {
    const draft = await send('POST', '/services', owner(), sampleListing('Draft Kitchen', 'draft-kitchen-reviews'));
    const draftId = draft.body.id as string;
    expect((await send('POST', `/services/${draftId}/reviews`, visitor('dana'), review(5))).status).toBe(404);
    expect((await send('GET', '/services/by-slug/draft-kitchen-reviews/reviews')).status).toBe(404);
    expect((await send('POST', `/services/${'0'.repeat(24)}/reviews`, visitor('dana'), review(5))).status).toBe(404);
    // Its owner is told why.
    const mine = await send('POST', `/services/${draftId}/reviews`, admin(), review(5));
    expect(mine.status).toBe(409);
    expect(mine.body.error?.message).toBe('Only a published listing can be reviewed.');
  });

  it('when the checks find a link, strong language, shouting, repeated text or a new account, then the review waits for staff; an approval shows it and puts each step in the trail', async () => {
    const id = await publishedListing('careful-kitchen');
    const cases = [
      ['link', visitor('linker'), 'Order through www.cheap-meals-now.com instead, it is better.'],
      ['profanity', visitor('swearer'), 'This food is shit and the delivery was late again.'],
      ['shouting', visitor('shouter'), 'THE WORST MEALS I HAVE EVER ORDERED FROM ANYONE EVER'],
      ['repeated', visitor('repeater'), 'good good good good good good good good food'],
      ['new-account', newcomer('fresh'), 'Lovely meals, the salmon bowl was the best one.'],
    ] as const;
    for (const [reason, who, text] of cases) {
      const answer = await send('POST', `/services/${id}/reviews`, who, review(1, text, 'Someone'));
      expect(answer.status, reason).toBe(201);
      expect(answer.body.status, reason).toBe('held');
    }
    // Nothing shown, the rating untouched.
    expect(await page(id)).toMatchObject({ total: 0, summary: { average: null, count: 0 } });
    expect(await rating('careful-kitchen')).toEqual({ average: null, count: 0 });

    const held = (await send('GET', '/admin/reviews?status=held', admin())).body as unknown as AdminReviewList;
    // The texts were written at the same moment (the clock stands still here): each is found by its text.
    const ours = cases.map(([, , text]) => held.items.find((r) => r.serviceId === id && r.text === text)!);
    expect(ours.map((r) => r?.holdReasons)).toEqual(cases.map(([reason]) => expect.arrayContaining([reason])));
    expect((await send('GET', '/admin/reviews?status=held', visitor('dana'))).status).toBe(403);

    const linked = ours[0]!;
    const approved = await send('POST', `/admin/reviews/${linked.id}/decision`, admin(), { decision: 'approve' });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'published', decidedByEmail: 'boss@example.com' });
    expect((await page(id)).items.map((r) => r.text)).toEqual([linked.text]);
    expect(await rating('careful-kitchen')).toEqual({ average: 1, count: 1 });

    const rejected = await send('POST', `/admin/reviews/${ours[1]!.id}/decision`, admin(), { decision: 'reject' });
    expect(rejected.status).toBe(400);
    expect(JSON.stringify(rejected.body.error)).toContain('Say why: the reviewer reads it.');
    expect((await send('POST', `/admin/reviews/${ours[1]!.id}/decision`, admin(), { decision: 'reject', reason: 'Please keep it civil.' })).status).toBe(200);
    // The reviewer reads why, and may edit it: it waits again.
    const standing = (await send('GET', `/services/${id}/reviews/mine`, visitor('swearer'))).body as unknown as ReviewStanding;
    expect(standing.review).toMatchObject({ status: 'rejected', reason: 'Please keep it civil.' });
    const resent = await send('PATCH', `/reviews/${standing.review!.id}`, visitor('swearer'), review(2, 'The food was poor and the delivery was late again.', 'Someone'));
    expect(resent.body.status).toBe('held');

    const trail = ((await send('GET', `/services/${id}/edit`, admin())).body as unknown as EditableService).reviewTrail;
    expect(trail.slice(0, ours.length).map((t) => t.action)).toEqual(ours.map(() => 'held'));
    expect(new Set(trail.slice(0, ours.length).map((t) => t.reviewId))).toEqual(new Set(ours.map((r) => r.id)));
    expect(trail.slice(ours.length).map((t) => [t.action, t.reviewId])).toEqual([
      ['approved', linked.id],
      ['rejected', ours[1]!.id],
      ['held', ours[1]!.id],
    ]);
    expect(trail.find((t) => t.action === 'rejected')).toMatchObject({ byEmail: 'boss@example.com', reason: 'Please keep it civil.' });
    // The owner's view of the listing carries no review trail.
    expect(((await send('GET', `/services/${id}/edit`, owner())).body as unknown as EditableService).reviewTrail).toEqual([]);
  });

  it('when many reviews of one listing come within the hour, then those past the limit wait for staff, as do all of fifty from new accounts', async () => {
    const id = await publishedListing('busy-kitchen');
    const statuses: string[] = [];
    for (let i = 0; i < 7; i += 1) {
      const answer = await send('POST', `/services/${id}/reviews`, visitor(`regular-${i}`), review(5, `Meal number ${i} was lovely, and the chef clearly cares a lot.`));
      statuses.push(answer.body.status as string);
    }
    expect(statuses).toEqual(['published', 'published', 'published', 'published', 'published', 'held', 'held']);

    const flood = await publishedListing('flooded-kitchen');
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => send('POST', `/services/${flood}/reviews`, newcomer(`bot-${i}`), review(5, `Best meal prep in the whole country, number ${i}!`))),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(201));
    expect(answers.every((a) => a.body.status === 'held')).toBe(true);
    expect(await rating('flooded-kitchen')).toEqual({ average: null, count: 0 });
    expect((await page(flood)).total).toBe(0);
  });

  it('when the owner replies, then it shows once under the review; anyone signed in reports it once; staff remove it with a reason and it stays removed', async () => {
    const id = await publishedListing('answering-kitchen');
    const written = await send('POST', `/services/${id}/reviews`, visitor('critic'), review(2, 'The portions were small for the price we paid.', 'Critic'));
    const reviewId = written.body.id as string;
    // Read once before the reply (the first page is kept until its reviews change).
    expect((await page(id)).items[0]?.reply).toBeNull();

    const notOwner = await send('POST', `/reviews/${reviewId}/reply`, visitor('dana'), { text: 'Thanks!' });
    expect(notOwner.status).toBe(403);
    expect(notOwner.body.error?.message).toBe("Only the listing's owner can reply to its reviews.");
    expect((await send('POST', `/reviews/${reviewId}/reply`, owner(), { text: '<b>hi</b>' })).status).toBe(400);
    const replied = await send('POST', `/reviews/${reviewId}/reply`, owner(), { text: 'Thank you: we have made the portions bigger since.' });
    expect(replied.status).toBe(201);
    const twice = await send('POST', `/reviews/${reviewId}/reply`, owner(), { text: 'And again.' });
    expect(twice.status).toBe(409);
    expect(twice.body.error?.message).toBe('You have already replied to this review.');
    expect((await page(id)).items[0]?.reply?.text).toBe('Thank you: we have made the portions bigger since.');
    expect(((await send('GET', `/services/${id}/reviews/mine`, owner())).body as unknown as ReviewStanding).owner).toBe(true);

    expect((await send('POST', `/reviews/${reviewId}/reports`, visitor('dana'), { reason: 'Not a real customer.' })).status).toBe(201);
    expect((await send('POST', `/reviews/${reviewId}/reports`, visitor('dana'), { reason: 'Again.' })).status).toBe(409);
    expect((await send('POST', `/reviews/${reviewId}/reports`, owner(), { reason: 'We have no order from this person.' })).status).toBe(201);
    expect((await send('POST', `/reviews/${reviewId}/reports`, visitor('critic'), { reason: 'Mine.' })).status).toBe(409);
    const standing = (await send('GET', `/services/${id}/reviews/mine?shown=${reviewId}`, visitor('dana'))).body as unknown as ReviewStanding;
    expect(standing.reported).toEqual([reviewId]);

    const reported = (await send('GET', '/admin/reviews?status=reported', admin())).body as unknown as AdminReviewList;
    const entry = reported.items.find((r) => r.id === reviewId);
    expect(entry?.reports.map((r) => [r.byEmail, r.byOwner])).toEqual([
      ['dana@example.com', false],
      ['owner@harvest.example.com', true],
    ]);
    // Still shown while staff look.
    expect((await page(id)).total).toBe(1);

    expect((await send('POST', `/admin/reviews/${reviewId}/decision`, admin(), { decision: 'remove', reason: 'Not a customer of this business.' })).status).toBe(200);
    expect(await page(id)).toMatchObject({ total: 0, summary: { average: null, count: 0 } });
    const gone = await send('PATCH', `/reviews/${reviewId}`, visitor('critic'), review(5));
    expect(gone.status).toBe(409);
    expect(gone.body.error?.message).toBe('Our team removed this review: it cannot be edited.');
    expect((await send('POST', `/services/${id}/reviews`, visitor('critic'), review(5))).status).toBe(409);
    const changes = () =>
      catalog.events.filter((e) => e.type === 'catalog.review.changed' && (e.payload as { reviewId: string }).reviewId === reviewId).map((e) => (e.payload as { change: string }).change);
    await expect.poll(changes).toEqual(['posted', 'replied', 'reported', 'reported', 'removed']);
  });
});
