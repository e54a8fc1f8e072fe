import { createHash } from 'node:crypto';
import { REVIEW_ACTIONS_LIMIT, REVIEW_ACTIONS_MESSAGE, type AdminReviewList, type EditableService, type ReviewPage, type ReviewStanding } from '@mealprep/contracts';
import { describe, expect, it } from 'vitest';
import { sampleListing, useCatalog } from './harness';
import { NOW, admin, newcomer, ownerCalled, visitor } from './reviewers';

const owner = ownerCalled('owner-abuse', 'owner@abuse.example.com');

const GOOD = 'Tasty meals every week, delivered on time and well packed.';
const review = (rating: number, text = GOOD, name = 'Dana R.') => ({ rating, text, name });

describe('reviews against one ordinary account that repeats itself', () => {
  const catalog = useCatalog('catalog-review-abuse', { now: NOW });
  const send = catalog.send;
  const slugs = new Map<string, string>();

  async function publishedListing(slug: string): Promise<string> {
    const created = await send('POST', '/services', owner(), sampleListing(`Kitchen ${slug}`, slug));
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect((await send('PATCH', `/admin/services/${id}/status`, admin(), { status: 'published' })).status).toBe(200);
    slugs.set(id, slug);
    return id;
  }
  const page = async (id: string) => (await send('GET', `/services/by-slug/${slugs.get(id)!}/reviews`)).body as unknown as ReviewPage;
  const mine = async (id: string, who: Record<string, string>) => ((await send('GET', `/services/${id}/reviews/mine`, who)).body as unknown as ReviewStanding).review;
  const queue = async (status: string) => ((await send('GET', `/admin/reviews?status=${status}`, admin())).body as unknown as AdminReviewList).items;
  const edit = async (id: string) => (await send('GET', `/services/${id}/edit`, admin())).body as unknown as EditableService;

  it('when staff reject a review and its writer deletes it and posts the same text again, then the new one waits for staff and the rejection stays on the record', async () => {
    const id = await publishedListing('rejected-kitchen');
    const text = 'Order through www.cheap-meals-now.com instead, it is better.';
    const first = await send('POST', `/services/${id}/reviews`, visitor('undo'), review(1, text));
    expect(first.body.status).toBe('held');
    expect((await send('POST', `/admin/reviews/${first.body.id as string}/decision`, admin(), { decision: 'reject', reason: 'No advertising, please.' })).status).toBe(200);
    expect((await send('DELETE', `/reviews/${first.body.id as string}`, visitor('undo'))).status).toBe(204);

    // The same text again, and a clean one: neither is shown before staff look.
    const again = await send('POST', `/services/${id}/reviews`, visitor('undo'), review(1, text));
    expect(again.status).toBe(201);
    expect(again.body.status).toBe('held');
    expect((await send('DELETE', `/reviews/${again.body.id as string}`, visitor('undo'))).status).toBe(204);
    const clean = await send('POST', `/services/${id}/reviews`, visitor('undo'), review(1, 'The portions shrank and the price went up this month.'));
    expect(clean.body.status).toBe('held');
    expect((await queue('held')).find((r) => r.id === clean.body.id)?.holdReasons).toEqual(['decided-before']);
    expect((await page(id)).total).toBe(0);
    expect((await edit(id)).reviewTrail.find((step) => step.action === 'rejected')).toMatchObject({ reviewId: first.body.id, reason: 'No advertising, please.', byEmail: 'boss@example.com' });

    // Once staff approve one, the person writes as anyone does.
    expect((await send('POST', `/admin/reviews/${clean.body.id as string}/decision`, admin(), { decision: 'approve' })).status).toBe(200);
    expect((await send('DELETE', `/reviews/${clean.body.id as string}`, visitor('undo'))).status).toBe(204);
    expect((await send('POST', `/services/${id}/reviews`, visitor('undo'), review(2, 'Better since they changed the menu, two stars now.'))).body.status).toBe('published');
  });

  it('when a new account writes and deletes a held review in a loop, then the listing is not written, the trail gets one step, and past the limit it is refused', async () => {
    const id = await publishedListing('looped-kitchen');
    const before = await edit(id);
    const text = 'Lovely meals, the salmon bowl was the best one of all.';
    // Each write and each delete is one action of the account's.
    const answers: number[] = [];
    for (let i = 0; i < REVIEW_ACTIONS_LIMIT / 2; i += 1) {
      const written = await send('POST', `/services/${id}/reviews`, newcomer('looper'), review(5, text));
      expect(written.body.status).toBe('held');
      answers.push(written.status, (await send('DELETE', `/reviews/${written.body.id as string}`, newcomer('looper'))).status);
    }
    expect(answers).toEqual(Array.from({ length: REVIEW_ACTIONS_LIMIT }, (_, i) => (i % 2 === 0 ? 201 : 204)));
    const refused = await send('POST', `/services/${id}/reviews`, newcomer('looper'), review(5, text));
    expect(refused.status).toBe(429);
    expect(refused.body.error?.message).toBe(REVIEW_ACTIONS_MESSAGE);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

    const after = await edit(id);
    // Nothing visitors see changed: the listing was not written at all.
    expect(after.version).toBe(before.version);
    expect(after.reviewTrail.filter((step) => step.action === 'held')).toHaveLength(1);
    // Another account is not held up by this one's limit.
    expect((await send('POST', `/services/${id}/reviews`, visitor('bystander'), review(4, 'Good value and the drivers are always friendly.'))).body.status).toBe('published');
  });

  it("when one account publishes and deletes its review again and again, then the deleted ones count toward the listing's burst and the next waits for staff", async () => {
    const id = await publishedListing('churned-kitchen');
    const statuses: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      const written = await send('POST', `/services/${id}/reviews`, visitor('churner'), review(5, `Great meals, week ${i} was the best so far for us.`));
      statuses.push(written.body.status as string);
      if (i < 5) expect((await send('DELETE', `/reviews/${written.body.id as string}`, visitor('churner'))).status).toBe(204);
    }
    expect(statuses).toEqual(['published', 'published', 'published', 'published', 'published', 'held']);
    expect((await queue('held')).find((r) => r.serviceId === id)?.holdReasons).toEqual(['burst']);
  });

  it('when twenty established accounts review a listing at the same moment, then they are counted as one after another: five are shown at once and the other fifteen wait for staff', async () => {
    const id = await publishedListing('stormed-kitchen');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => send('POST', `/services/${id}/reviews`, visitor(`storm-${i}`), review(5, `Honest review number ${i}: the meals were fine and arrived warm.`))),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 20 }, () => 201));
    const statuses = answers.map((answer) => answer.body.status as string);
    expect([statuses.filter((s) => s === 'published').length, statuses.filter((s) => s === 'held').length]).toEqual([5, 15]);
    expect((await page(id)).total).toBe(5);
  });

  it('when the same text is posted at the same moment by eight accounts on two listings, then it is seen as one after another: one is shown, the others wait for staff', async () => {
    const ids = [await publishedListing('copied-kitchen-a'), await publishedListing('copied-kitchen-b')];
    const text = 'Best meal prep in town, the chicken bowls are simply perfect every time.';
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => send('POST', `/services/${ids[i % 2]!}/reviews`, visitor(`copy-${i}`), review(5, text))));
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 8 }, () => 201));
    const statuses = answers.map((answer) => answer.body.status as string);
    expect([statuses.filter((s) => s === 'published').length, statuses.filter((s) => s === 'held').length]).toEqual([1, 7]);
  });

  it('when five new accounts review a listing within the hour, then a genuine review from an established account is still shown at once', async () => {
    const id = await publishedListing('guarded-kitchen');
    for (let i = 0; i < 5; i += 1) {
      expect((await send('POST', `/services/${id}/reviews`, newcomer(`sock-${i}`), review(1, `Worst meals ever, number ${i}, do not order from them.`))).body.status).toBe('held');
    }
    const genuine = await send('POST', `/services/${id}/reviews`, visitor('genuine'), review(5, 'We have ordered for a year and never had a bad week.'));
    expect(genuine.body.status).toBe('published');
    expect((await page(id)).items.map((r) => r.name)).toEqual(['Dana R.']);
  });

  it('when a reported review is deleted and posted again, then the new one waits for staff, and its reporters may report it once it is shown', async () => {
    const id = await publishedListing('reported-kitchen');
    const text = 'Cold food twice and the driver was rude to my kids.';
    const first = await send('POST', `/services/${id}/reviews`, visitor('dodger'), review(1, text));
    expect(first.body.status).toBe('published');
    expect((await send('POST', `/reviews/${first.body.id as string}/reports`, owner(), { reason: 'We never delivered to this address.' })).status).toBe(201);
    expect((await queue('reported')).map((r) => r.id)).toContain(first.body.id);
    expect((await send('DELETE', `/reviews/${first.body.id as string}`, visitor('dodger'))).status).toBe(204);

    const again = await send('POST', `/services/${id}/reviews`, visitor('dodger'), review(1, text));
    expect(again.body.status).toBe('held');
    expect(again.body.id).not.toBe(first.body.id);
    expect((await queue('held')).map((r) => r.id)).toContain(again.body.id);
    expect((await send('POST', `/admin/reviews/${again.body.id as string}/decision`, admin(), { decision: 'approve' })).status).toBe(200);
    expect((await send('POST', `/reviews/${again.body.id as string}/reports`, owner(), { reason: 'Still not a customer of ours.' })).status).toBe(201);
  });

  it("when the owner's reply has a link or strong language, then it waits for staff before it is shown; staff show one, and take a shown one down alone with a reason", async () => {
    const id = await publishedListing('replying-kitchen');
    const first = await send('POST', `/services/${id}/reviews`, visitor('critic-a'), review(2, 'The portions were small for the price we paid.', 'Critic A'));
    const second = await send('POST', `/services/${id}/reviews`, visitor('critic-b'), review(3, 'Nice food but the delivery window is far too wide.', 'Critic B'));
    const held = await send('POST', `/reviews/${first.body.id as string}/reply`, owner(), { text: 'Get better deals at www.our-other-shop.com instead!' });
    expect(held.status).toBe(201);
    expect(held.body.reply).toBeNull();
    const shown = await send('POST', `/reviews/${second.body.id as string}/reply`, owner(), { text: 'Thank you: we now deliver in two-hour windows.' });
    expect(shown.body.reply).toMatchObject({ text: 'Thank you: we now deliver in two-hour windows.' });
    const replies = (await page(id)).items.map((r) => [r.name, r.reply?.text ?? null]);
    expect(replies).toEqual(
      expect.arrayContaining([
        ['Critic A', null],
        ['Critic B', 'Thank you: we now deliver in two-hour windows.'],
      ]),
    );

    // The owner is told their reply waits (the page offers no form that would be refused).
    const ownerStanding = (await send('GET', `/services/${id}/reviews/mine?shown=${first.body.id as string},${second.body.id as string}`, owner())).body as unknown as ReviewStanding;
    expect(ownerStanding.replies).toEqual([{ reviewId: first.body.id, status: 'held' }]);
    const waiting = (await queue('replies')).find((r) => r.id === first.body.id);
    expect(waiting?.ownerReply).toMatchObject({ status: 'held', holdReasons: ['link'] });
    expect((await send('POST', `/admin/reviews/${first.body.id as string}/reply-decision`, admin(), { decision: 'remove' })).status).toBe(400);
    expect((await send('POST', `/admin/reviews/${first.body.id as string}/reply-decision`, visitor('critic-a'), { decision: 'approve' })).status).toBe(403);
    expect((await send('POST', `/admin/reviews/${first.body.id as string}/reply-decision`, admin(), { decision: 'approve' })).status).toBe(200);
    const takenDown = await send('POST', `/admin/reviews/${second.body.id as string}/reply-decision`, admin(), { decision: 'remove', reason: 'Please keep replies about the review.' });
    expect(takenDown.status).toBe(200);
    expect(takenDown.body.ownerReply).toMatchObject({ status: 'removed', reason: 'Please keep replies about the review.' });

    const after = (await page(id)).items.map((r) => [r.name, r.reply?.text ?? null]);
    expect(after).toEqual(
      expect.arrayContaining([
        ['Critic A', 'Get better deals at www.our-other-shop.com instead!'],
        ['Critic B', null],
      ]),
    );
    expect(after).toHaveLength(2);
    // The owner cannot put it back.
    expect((await send('POST', `/reviews/${second.body.id as string}/reply`, owner(), { text: 'Thanks again!' })).status).toBe(409);
    expect((await edit(id)).reviewTrail.map((step) => step.action)).toEqual(['reply-held', 'reply-approved', 'reply-removed']);
    const changes = () =>
      catalog.events.filter((e) => e.type === 'catalog.review.changed' && (e.payload as { serviceId: string }).serviceId === id).map((e) => (e.payload as { change: string }).change);
    await expect.poll(changes).toEqual(['posted', 'posted', 'replied', 'replied', 'reply-approved', 'reply-removed']);
  });

  it('when a person writes, deletes and writes again, then each review has an id of its own that nobody can work out from the listing and the person', async () => {
    const id = await publishedListing('private-kitchen');
    const first = await send('POST', `/services/${id}/reviews`, visitor('private'), review(4, 'The chicken dishes are lovely and always fresh.'));
    expect((await send('DELETE', `/reviews/${first.body.id as string}`, visitor('private'))).status).toBe(204);
    const second = await send('POST', `/services/${id}/reviews`, visitor('private'), review(5, 'The chicken dishes are lovely and always fresh!'));
    const fromBoth = createHash('sha256').update(`${id}\nuser-private`).digest('hex').slice(0, 24);
    expect(new Set([first.body.id, second.body.id, fromBoth]).size).toBe(3);
    expect((await mine(id, visitor('private')))?.id).toBe(second.body.id);
    // Still one review per person per listing, however many are sent at once.
    const racing = await Promise.all(Array.from({ length: 8 }, (_, i) => send('POST', `/services/${id}/reviews`, visitor('racer'), review(3, `${GOOD} Try ${i}.`))));
    expect(racing.filter((answer) => answer.status === 201)).toHaveLength(1);
    expect(racing.filter((answer) => answer.status === 409)).toHaveLength(7);
    expect((await page(id)).total).toBe(2);
  });
});
