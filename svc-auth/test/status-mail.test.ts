import { beforeAll, describe, expect, it } from 'vitest';
import { useMailSenders } from './mail-senders';

describe('owners hear of a publish or a rejection', () => {
  const senders = useMailSenders('auth-status-mail');
  let ownerId = '';
  beforeAll(async () => {
    ownerId = (await senders.repositories.users.findOrCreate('chef@example.com', new Date(), () => [])).user.id;
  });

  /** Status changes published so far: each is handled once by the owner-mail queue. */
  let published = 0;
  const change = (status: 'published' | 'rejected' | 'pending', reason: string | null = null) => {
    published += 1;
    return senders.mq.broker.publish('catalog.service.status-changed', {
      serviceId: 'a'.repeat(24),
      slug: 'chef-kitchen',
      status,
      previousStatus: 'draft',
      ownerUserId: ownerId,
      name: 'Chef Kitchen',
      reason,
    });
  };

  it('when an admin publishes the listing, then its owner gets a mail with its public address', async () => {
    const started = Date.now();
    await change('published');
    const mail = await senders.smtp.next('chef@example.com', started);
    expect(mail.subject).toBe('Chef Kitchen is now listed on Meal Prep Directory');
    expect(mail.text).toContain('https://meals.example.com/service/chef-kitchen');
  });

  it('when an admin rejects it with a reason, then the owner is told why; other changes send nothing', async () => {
    const started = Date.now();
    await change('pending');
    await change('rejected', 'No kitchen licence on file');
    const mail = await senders.smtp.next('chef@example.com', started);
    expect(mail.subject).toBe('Chef Kitchen was not approved for Meal Prep Directory');
    expect(mail.text).toContain('Reason: No kitchen licence on file');
    // A marker behind them on the same queue: a publish, whose mail is waited for. The queue takes
    // several events at a time, so the count of handled events says when every handler is done (a
    // handler returns once its mail is accepted): whatever the pending change sent is here by then.
    const subjects = () =>
      senders.smtp.mails
        .filter((m) => m.receivedAt >= started)
        .map((m) => m.subject)
        .sort();
    await change('published');
    await expect.poll(subjects, { timeout: 5_000 }).toContain('Chef Kitchen is now listed on Meal Prep Directory');
    await expect.poll(() => senders.mq.broker.handled.get('auth-owner-status-mail') ?? 0, { timeout: 5_000 }).toBe(published);
    expect(subjects()).toEqual(['Chef Kitchen is now listed on Meal Prep Directory', 'Chef Kitchen was not approved for Meal Prep Directory']);
  });

  const decided = (outcome: 'granted' | 'approved' | 'rejected', claimantUserId: string, previousOwnerUserId: string | null, reason: string | null) =>
    senders.mq.broker.publish('catalog.claim.decided', {
      claimId: 'c'.repeat(24),
      serviceId: 'a'.repeat(24),
      serviceName: 'Chef Kitchen',
      slug: 'chef-kitchen',
      outcome,
      claimantUserId,
      previousOwnerUserId,
      reason,
    });

  it('when a claim is granted at once or approved, then the claimant gets a mail with the link to edit the listing', async () => {
    const claimant = (await senders.repositories.users.findOrCreate('new.owner@gmail.com', new Date(), () => [])).user.id;
    const started = Date.now();
    await decided('granted', claimant, null, "Your address is the listing's contact e-mail.");
    const mail = await senders.smtp.next('new.owner@gmail.com', started);
    expect(mail.subject).toBe('You now manage Chef Kitchen on Meal Prep Directory');
    expect(mail.text).toContain("Your claim of Chef Kitchen was granted: Your address is the listing's contact e-mail.");
    expect(mail.text).toContain(`https://meals.example.com/dashboard/services/${'a'.repeat(24)}/edit`);
  });

  it('when a dispute is approved, then the claimant and the owner before both hear of it; a rejection tells the claimant why', async () => {
    const rival = (await senders.repositories.users.findOrCreate('rival@outlook.com', new Date(), () => [])).user.id;
    const started = Date.now();
    await decided('approved', rival, ownerId, 'Bill of sale seen');
    expect((await senders.smtp.next('rival@outlook.com', started)).subject).toBe('You now manage Chef Kitchen on Meal Prep Directory');
    const told = await senders.smtp.next('chef@example.com', started);
    expect(told.subject).toBe('Chef Kitchen is now managed by someone else');
    expect(told.text).toContain('Reason: Bill of sale seen');
    const later = Date.now();
    await decided('rejected', rival, null, 'No <b>papers</b> sent');
    const refused = await senders.smtp.next('rival@outlook.com', later);
    expect(refused.subject).toBe('Your claim of Chef Kitchen was not approved');
    expect(refused.text).toContain('Reason: No <b>papers</b> sent');
    expect(refused.html).toContain('No &lt;b&gt;papers&lt;/b&gt; sent');
  });

  it('when the same event comes twice, then only one mail goes out', async () => {
    expect(await senders.repositories.notifications.claim('event-1', new Date())).toBe(true);
    expect(await senders.repositories.notifications.claim('event-1', new Date())).toBe(false);
  });
});
