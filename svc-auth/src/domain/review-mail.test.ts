import type { EventPayload } from '@mealprep/contracts';
import { mailOfReview } from './review-mail';
import type { StatusMailDeps } from './status-change-mail';
import { fakeEvents, fakeLogger, fakeMailer, fakeNotifications, fakeUsers } from '../testing/fakes';

const SITE = 'https://mealprep.test';
const PAGE = `${SITE}/service/green-box-meals#reviews`;

function setUp() {
  const users = fakeUsers(fakeEvents().written);
  const owner = users.add('owner@greenbox.example.com');
  const reviewer = users.add('reviewer@example.com');
  const mail = fakeMailer();
  const deps: StatusMailDeps = { users: users.repo, notifications: fakeNotifications().repo, mailer: mail.mailer, siteUrl: SITE, logger: fakeLogger().logger };
  return { deps, owner, reviewer, mail };
}

type Changed = EventPayload<'catalog.review.changed'>;
const changed = (ownerUserId: string | null, reviewerUserId: string, over: Partial<Changed> = {}): Changed => ({
  reviewId: 'a'.repeat(24),
  serviceId: '65f000000000000000000001',
  serviceName: 'Green Box Meals',
  slug: 'green-box-meals',
  status: 'published',
  ownerUserId,
  reviewerUserId,
  change: 'posted',
  shown: true,
  rating: 4,
  reason: null,
  ...over,
});

describe('the mails of reviews', () => {
  it('when a review of a listing is shown, then its owner is mailed the rating and where to reply, once however often the event comes', async () => {
    const t = setUp();
    await mailOfReview(t.deps, 'event-1', changed(t.owner.id, t.reviewer.id));
    await mailOfReview(t.deps, 'event-1', changed(t.owner.id, t.reviewer.id));
    expect(t.mail.sent).toHaveLength(1);
    expect(t.mail.sent[0]).toMatchObject({ to: 'owner@greenbox.example.com', subject: 'A new review of Green Box Meals: 4 stars' });
    expect(t.mail.sent[0]?.text).toContain(`Read it, and reply once in public if you wish: ${PAGE}`);
  });

  it('when a review waits for staff, is edited or the listing has no owner, then nobody is mailed', async () => {
    const t = setUp();
    await mailOfReview(t.deps, 'e1', changed(t.owner.id, t.reviewer.id, { shown: false }));
    await mailOfReview(t.deps, 'e2', changed(t.owner.id, t.reviewer.id, { change: 'edited' }));
    await mailOfReview(t.deps, 'e3', changed(null, t.reviewer.id));
    expect(t.mail.sent).toEqual([]);
  });

  it('when staff approve a held review, then the owner hears of it and the reviewer that it is published', async () => {
    const t = setUp();
    await mailOfReview(t.deps, 'event-2', changed(t.owner.id, t.reviewer.id, { change: 'approved', rating: 1 }));
    expect(t.mail.sent.map((m) => [m.to, m.subject])).toEqual([
      ['owner@greenbox.example.com', 'A new review of Green Box Meals: 1 star'],
      ['reviewer@example.com', 'Your review of Green Box Meals is published'],
    ]);
  });

  it('when staff reject or remove a review, then the reviewer is told why (and may edit a rejected one); the owner hears nothing', async () => {
    const t = setUp();
    await mailOfReview(t.deps, 'event-3', changed(t.owner.id, t.reviewer.id, { change: 'rejected', shown: false, reason: 'Please keep it civil.' }));
    await mailOfReview(t.deps, 'event-4', changed(t.owner.id, t.reviewer.id, { change: 'removed', shown: false, reason: 'Not a customer.' }));
    expect(t.mail.sent.map((m) => [m.to, m.subject])).toEqual([
      ['reviewer@example.com', 'Your review of Green Box Meals was not published'],
      ['reviewer@example.com', 'Your review of Green Box Meals was removed'],
    ]);
    expect(t.mail.sent[0]?.text).toContain('Reason: Please keep it civil.');
    expect(t.mail.sent[0]?.text).toContain(`You can edit it and send it again: ${PAGE}`);
    expect(t.mail.sent[1]?.text).toContain('Reason: Not a customer.');
  });

  it("when one person writes, deletes and writes again a review of a listing many times, then its owner is mailed once; another person's review is mailed", async () => {
    const t = setUp();
    for (let i = 0; i < 20; i += 1) await mailOfReview(t.deps, `posted-${i}`, changed(t.owner.id, t.reviewer.id));
    await mailOfReview(t.deps, 'approved-1', changed(t.owner.id, t.reviewer.id, { change: 'approved' }));
    expect(t.mail.sent.filter((m) => m.to === 'owner@greenbox.example.com')).toHaveLength(1);
    await mailOfReview(t.deps, 'posted-other', changed(t.owner.id, 'another-reviewer'));
    expect(t.mail.sent.filter((m) => m.to === 'owner@greenbox.example.com')).toHaveLength(2);
  });

  it("when staff take an owner's reply down, then the owner is told why", async () => {
    const t = setUp();
    await mailOfReview(t.deps, 'reply-1', changed(t.owner.id, t.reviewer.id, { change: 'reply-removed', reason: 'Please leave out the phone numbers.' }));
    expect(t.mail.sent.map((m) => [m.to, m.subject])).toEqual([['owner@greenbox.example.com', 'Your reply to a review of Green Box Meals was taken down']]);
    expect(t.mail.sent[0]?.text).toContain('Reason: Please leave out the phone numbers.');
    expect(t.mail.sent[0]?.text).toContain(`The review: ${PAGE}`);
  });
});
