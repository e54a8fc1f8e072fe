import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '@mealprep/service-kit';
import { serve, silentLogger, TEST_IDENTITY_SECRET } from '@mealprep/service-kit/testing';
import { invitationsRouter } from '../src/entry-points/http/invitations-router';
import { leadPublisher, SAMPLE_LEAD_REQUEST, useMailSenders } from './mail-senders';

const REQUEST = SAMPLE_LEAD_REQUEST;

describe('quote requests by mail', () => {
  const senders = useMailSenders('auth-lead-mail');
  let ownerId = '';
  beforeAll(async () => {
    ownerId = (await senders.repositories.users.findOrCreate('chef.owner@example.com', new Date(), () => [])).user.id;
  });
  const received = leadPublisher(senders, () => ownerId);
  const handled = () => senders.mq.broker.handled.get('auth-lead-mail') ?? 0;

  it("when a request reaches an owned listing, then the owner gets it with the visitor as Reply-To, and the visitor a copy with the link that deletes it, without the owner's address", async () => {
    const started = Date.now();
    await received();
    const toOwner = await senders.smtp.next('chef.owner@example.com', started);
    expect(toOwner.subject).toBe('Quote request for Chef Kitchen from Dana Rivera');
    expect(toOwner.replyTo).toBe('dana.rivera@example.com');
    for (const line of [
      'Name: Dana Rivera',
      'ZIP code: 78701',
      'Meal types: high-protein, keto',
      'Meals per week: 10',
      'Start: 2099-01-04',
      'Delivery',
      REQUEST.message,
      'https://meals.example.com/dashboard/leads',
    ])
      expect(toOwner.text).toContain(line);
    const copy = await senders.smtp.next('dana.rivera@example.com', started);
    expect(copy.subject).toBe('Your quote request to Chef Kitchen');
    expect(copy.text).toContain('Chef Kitchen will answer you by e-mail.');
    expect(copy.text).toContain(`https://meals.example.com/quote-requests/delete?token=delete-token-${'1'.padStart(19, '0')}`);
    expect(`${copy.text}${copy.html}${copy.replyTo}`).not.toContain('chef.owner@example.com');
  });

  it('when a request is held for staff or the listing has no owner, then only the visitor hears, told where it stands', async () => {
    const started = Date.now();
    const before = handled();
    await received({ held: true });
    await received({ ownerUserId: null, serviceName: 'Unclaimed Kitchen' });
    await expect.poll(handled, { timeout: 10_000 }).toBe(before + 2);
    const copies = senders.smtp.mails.filter((m) => m.receivedAt >= started);
    expect(copies.map((m) => m.to).sort()).toEqual(['dana.rivera@example.com', 'dana.rivera@example.com']);
    expect(copies.map((m) => m.text).join('\n')).toContain('Our team looks at it first; then it goes to Chef Kitchen.');
    expect(copies.map((m) => m.text).join('\n')).toContain('Unclaimed Kitchen has not claimed its listing on Meal Prep Directory yet: we pass your request on when it does (we keep it 30 days).');
  });

  it('when staff let a held request through, then its owner gets it then, and the visitor (who had their copy when it arrived) nothing more', async () => {
    const started = Date.now();
    const before = handled();
    const approved = { leadId: `l-${'9'.repeat(24)}`, serviceId: 'a'.repeat(24), serviceName: 'Chef Kitchen', slug: 'chef-kitchen', ownerUserId: ownerId, request: REQUEST };
    await senders.mq.broker.publish('catalog.lead.approved', approved);
    const toOwner = await senders.smtp.next('chef.owner@example.com', started);
    expect([toOwner.subject, toOwner.replyTo]).toEqual(['Quote request for Chef Kitchen from Dana Rivera', 'dana.rivera@example.com']);
    await expect.poll(handled).toBe(before + 1);
    expect(senders.smtp.mails.filter((mail) => mail.to === 'dana.rivera@example.com' && mail.receivedAt >= started)).toEqual([]);
  });

  it('when a request waits for a listing nobody has claimed, then its public address is invited to claim it once a week with a one-click unsubscribe, which is honoured at once', async () => {
    const address = 'hello@unclaimed-kitchen.example.com';
    const unclaimed = { ownerUserId: null, serviceId: 'b'.repeat(24), contactEmail: address };
    const started = Date.now();
    await received(unclaimed);
    const invitation = await senders.smtp.next(address, started);
    expect(invitation.subject).toBe('A customer asked Chef Kitchen for a quote on Meal Prep Directory');
    expect(invitation.text).toContain(`Claim your listing: https://meals.example.com/dashboard/claim/${'b'.repeat(24)}`);
    const unsubscribe = /https:\/\/meals\.example\.com\/api\/auth\/invitations\/unsubscribe\?token=[\w.-]+/.exec(invitation.text)?.[0];
    expect(unsubscribe).toBeDefined();
    expect(invitation.listUnsubscribe).toContain(`<${unsubscribe}>`);
    expect(invitation.listUnsubscribePost).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(`${invitation.text}${invitation.html}`).not.toContain(REQUEST.email);

    // Another request the same week: no second invitation.
    const before = handled();
    await received(unclaimed);
    await expect.poll(handled).toBe(before + 1);
    const toAddress = () => senders.smtp.mails.filter((mail) => mail.to === address).length;
    expect(toAddress()).toBe(1);

    // One click (the mail program's POST), then a request for another of its listings: nothing more.
    const http = await serve(
      createApp({
        logger: silentLogger,
        identitySecret: TEST_IDENTITY_SECRET,
        readiness: () => ({}),
        mount: (app) => app.use(invitationsRouter({ notifications: senders.repositories.notifications, secret: TEST_IDENTITY_SECRET })),
      }),
    );
    try {
      const path = new URL(unsubscribe!).pathname + new URL(unsubscribe!).search;
      expect(
        (await fetch(`${http.url}${path.replace('/api/auth', '')}`, { method: 'POST', body: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } })).status,
      ).toBe(200);
      expect((await fetch(`${http.url}/invitations/unsubscribe?token=${'x'.repeat(10)}.${'y'.repeat(32)}`, { method: 'POST' })).status).toBe(400);
    } finally {
      await http.close();
    }
    const next = handled();
    await received({ ...unclaimed, serviceId: 'c'.repeat(24) });
    await expect.poll(handled).toBe(next + 1);
    expect(toAddress()).toBe(1);
  });
  it('when staff let through a held request for a listing nobody has claimed, then its public address is invited to claim it then (a held one invites nobody)', async () => {
    const address = 'hello@held-unclaimed.example.com';
    const started = Date.now();
    const before = handled();
    await received({ ownerUserId: null, serviceId: 'd'.repeat(24), contactEmail: address, held: true });
    await expect.poll(handled, { timeout: 10_000 }).toBe(before + 1);
    expect(senders.smtp.mails.filter((mail) => mail.to === address)).toEqual([]);
    const approved = { leadId: `l-${'8'.repeat(24)}`, serviceId: 'd'.repeat(24), serviceName: 'Held Kitchen', slug: 'held-kitchen', ownerUserId: null, request: REQUEST, contactEmail: address };
    await senders.mq.broker.publish('catalog.lead.approved', approved);
    const invitation = await senders.smtp.next(address, started);
    expect(invitation.subject).toBe('A customer asked Held Kitchen for a quote on Meal Prep Directory');
    expect(invitation.text).toContain(`Claim your listing: https://meals.example.com/dashboard/claim/${'d'.repeat(24)}`);
  });
});
