import type { EventPayload } from '@mealprep/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { useMailSenders } from './mail-senders';

const REQUEST = {
  name: 'Dana Rivera',
  email: 'dana.rivera@example.com',
  zip: '78701',
  mealTypes: ['high-protein', 'keto'],
  mealsPerWeek: 10,
  startDate: '2099-01-04',
  fulfilment: 'delivery' as const,
  message: 'We are two adults looking for high-protein lunches, five days a week.',
};

describe('quote requests by mail', () => {
  const senders = useMailSenders('auth-lead-mail');
  let ownerId = '';
  beforeAll(async () => {
    ownerId = (await senders.repositories.users.findOrCreate('chef.owner@example.com', new Date(), () => [])).user.id;
  });
  let leads = 0;
  const received = (change: Partial<EventPayload<'catalog.lead.received'>> = {}) => {
    leads += 1;
    return senders.mq.broker.publish('catalog.lead.received', {
      leadId: `l-${String(leads).padStart(24, '0')}`,
      serviceId: 'a'.repeat(24),
      serviceName: 'Chef Kitchen',
      slug: 'chef-kitchen',
      ownerUserId: ownerId,
      held: false,
      request: REQUEST,
      deleteToken: `delete-token-${String(leads).padStart(19, '0')}`,
      ...change,
    });
  };
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
    expect(copy.text).toContain(`https://meals.example.com/quote-requests/delete?token=delete-token-${String(leads).padStart(19, '0')}`);
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
});
