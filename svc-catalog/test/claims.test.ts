import type { Claim, ClaimCheck, EditableService, PublicService } from '@mealprep/contracts';
import { TOO_MANY_CLAIMS_MESSAGE } from '@mealprep/contracts';
import { demoServices } from '@mealprep/demo-data';
import { describe, expect, it } from 'vitest';
import { as, useCatalog } from './harness';

const NOW = new Date('2026-11-01T12:00:00Z');
const demo = demoServices(NOW);
const published = demo.filter((s) => s.status === 'published' && s.ownerUserId === null);
const admin = () => as('boss', ['admin'], 'boss@staff.example.org');
const other = () => as('boss-2', ['admin'], 'boss2@staff.example.org');

describe('claims of listings', () => {
  const catalog = useCatalog('catalog-claims', { demo: NOW, now: NOW });
  const events = catalog.events;

  const send = catalog.send;
  const claim = (id: string, who: Record<string, string>, note?: string) => send('POST', `/services/${id}/claims`, who, note === undefined ? {} : { note });
  const decide = (id: string, who: Record<string, string>, decision: 'approve' | 'reject', reason = '') => send('POST', `/admin/claims/${id}/decision`, who, { decision, reason });
  const editable = async (id: string) => (await send('GET', `/services/${id}/edit`, admin())).body as unknown as EditableService;
  const page = async (slug: string) => (await send('GET', `/services/by-slug/${slug}`, {})).body as unknown as PublicService;
  /** Demo listings' websites are on example.com, which counts as free mail: the business's own domain instead. */
  const onOwnDomain = async (listing: { id: string; slug: string }) => {
    const domain = `${listing.slug}-kitchen.com`;
    const answer = await send('PATCH', `/services/${listing.id}`, admin(), { contact: { email: `hello@${domain}`, phone: '555-0100', website: `https://www.${domain}` } });
    expect(answer.status).toBe(200);
    return domain;
  };
  const decided = (claimId: string) => events.filter((e) => e.type === 'catalog.claim.decided' && (e.payload as { claimId: string }).claimId === claimId);

  it('when the business signs in with an address on its website domain, then the claim is granted at once, recorded and announced, and the page stops inviting claims', async () => {
    const listing = published[0]!;
    expect((await page(listing.slug)).claimable).toBe(true);
    const domain = await onOwnDomain(listing);
    const owner = as('chef-1', [], `sam@shop.${domain}`);
    const check = (await send('GET', `/services/${listing.id}/claim`, owner)).body as unknown as ClaimCheck;
    expect(check).toMatchObject({ claimable: true, yours: false, owned: false, grantedAtOnce: true, waiting: null });
    expect(check.why).toContain('website');

    const granted = await claim(listing.id, owner);
    expect(granted.status).toBe(201);
    expect(granted.body).toMatchObject({ status: 'granted', kind: 'claim', claimantEmail: `sam@shop.${domain}` });
    const service = await editable(listing.id);
    expect(service.ownerUserId).toBe('chef-1');
    expect(service.ownershipHistory).toEqual([expect.objectContaining({ action: 'granted', claimantEmail: `sam@shop.${domain}`, fromOwnerUserId: null, toOwnerUserId: 'chef-1', byEmail: null })]);
    expect((await page(listing.slug)).claimable).toBe(false);
    // They edit it at once.
    expect((await send('PATCH', `/services/${listing.id}`, owner, { tagline: 'Ours now' })).status).toBe(200);
    await expect.poll(() => decided(granted.body.id as string).map((e) => e.payload)).toEqual([expect.objectContaining({ outcome: 'granted', claimantUserId: 'chef-1', serviceId: listing.id })]);
    // Claiming it again: theirs already.
    expect((await claim(listing.id, owner)).body.error?.message).toBe('You already own this listing.');
  });

  it('when the address is the contact e-mail, then it is granted; a free-mail address waits with its note, and without a note is told why', async () => {
    const listing = published[1]!;
    const domain = await onOwnDomain(listing);
    const contact = as('chef-2', [], `HELLO@${domain.toUpperCase()}`);
    expect((await claim(listing.id, contact)).body).toMatchObject({ status: 'granted', reason: "Your address is the listing's contact e-mail." });

    const next = published[2]!;
    const gmail = as('fan-1', [], 'pat.owner@gmail.com');
    const noNote = await claim(next.id, gmail);
    expect(noNote.status).toBe(400);
    expect(noNote.body.error?.message).toContain('gmail.com is a free mail service');
    const waiting = await claim(next.id, gmail, 'I opened it in 2019; my name is on the lease.');
    expect(waiting.status).toBe(201);
    expect(waiting.body).toMatchObject({ status: 'waiting', kind: 'claim', note: 'I opened it in 2019; my name is on the lease.' });
    expect((await editable(next.id)).ownerUserId).toBeNull();
    const check = (await send('GET', `/services/${next.id}/claim`, gmail)).body as unknown as ClaimCheck;
    expect(check.waiting?.id).toBe(waiting.body.id);
    // The same listing twice: one waits.
    expect((await claim(next.id, gmail, 'again')).body.error?.message).toBe('You already have a claim of this listing waiting for review.');
    const mine = (await send('GET', '/claims/mine', gmail)).body as unknown as { items: Claim[] };
    expect(mine.items.map((c) => c.id)).toEqual([waiting.body.id]);
  });

  it('when an admin approves a waiting claim, then the claimant owns the listing, the trail says who decided, and a second decision is refused', async () => {
    const listing = published[3]!;
    const fan = as('fan-2', [], 'lee@outlook.com');
    const waiting = await claim(listing.id, fan, 'Owner since 2021.');
    const queue = (await send('GET', '/admin/claims', admin())).body as unknown as { items: Claim[] };
    expect(queue.items.map((c) => c.id)).toContain(waiting.body.id);

    const approved = await decide(waiting.body.id as string, admin(), 'approve');
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'approved', decidedByEmail: 'boss@staff.example.org' });
    const service = await editable(listing.id);
    expect(service.ownerUserId).toBe('fan-2');
    expect(service.ownershipHistory.at(-1)).toMatchObject({ action: 'approved', byEmail: 'boss@staff.example.org', toOwnerUserId: 'fan-2' });
    const again = await decide(waiting.body.id as string, other(), 'reject', 'No proof');
    expect(again.status).toBe(409);
    expect(again.body.error?.message).toBe('This claim was already approved by another admin.');
    expect((await editable(listing.id)).ownerUserId).toBe('fan-2');
    // The owner sees how they came to own it, not who on the staff decided.
    const asOwner = (await send('GET', `/services/${listing.id}/edit`, fan)).body as unknown as EditableService;
    expect(asOwner.ownershipHistory).toEqual([expect.objectContaining({ action: 'approved', byEmail: null })]);
    await expect.poll(() => decided(waiting.body.id as string).length).toBe(1);
    expect(((await send('GET', '/admin/claims?status=decided', admin())).body as unknown as { items: Claim[] }).items.map((c) => c.id)).toContain(waiting.body.id);
  });

  it('when two admins decide the same claim at the same moment, then exactly one decision stands', async () => {
    for (const [i, listing] of published.slice(4, 7).entries()) {
      const fan = as(`racer-${i}`, [], `racer${i}@yahoo.com`);
      const waiting = await claim(listing.id, fan, 'Mine.');
      const answers = await Promise.all([decide(waiting.body.id as string, admin(), 'approve'), decide(waiting.body.id as string, other(), 'reject', 'Not shown')]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const winner = answers.find((a) => a.status === 200)!.body as unknown as Claim;
      const service = await editable(listing.id);
      expect(service.ownershipHistory.filter((h) => h.claimId === waiting.body.id)).toHaveLength(1);
      expect(service.ownerUserId).toBe(winner.status === 'approved' ? `racer-${i}` : null);
      await expect.poll(() => decided(waiting.body.id as string).length).toBe(1);
    }
  });

  it('when a claim of an owned listing is made, then it is a dispute; approving it reassigns the owner and tells the one before; a rejection keeps the owner and says why', async () => {
    const listing = published[7]!;
    const domain = await onOwnDomain(listing);
    expect((await claim(listing.id, as('first', [], `a@${domain}`))).body).toMatchObject({ status: 'granted' });
    const rival = as('rival', [], 'rival@hotmail.com');
    const check = (await send('GET', `/services/${listing.id}/claim`, rival)).body as unknown as ClaimCheck;
    expect(check).toMatchObject({ owned: true, grantedAtOnce: false });
    // Even an address on the domain waits when the listing has an owner.
    const sameDomain = await claim(listing.id, as('second', [], `b@${domain}`), 'I bought the business in May.');
    expect(sameDomain.body).toMatchObject({ status: 'waiting', kind: 'dispute' });
    const dispute = await claim(listing.id, rival, 'The current owner sold it to me.');
    const rejected = await decide(dispute.body.id as string, admin(), 'reject', 'No papers sent');
    expect(rejected.body).toMatchObject({ status: 'rejected', reason: 'No papers sent' });
    expect((await editable(listing.id)).ownerUserId).toBe('first');
    const approved = await decide(sameDomain.body.id as string, admin(), 'approve', 'Bill of sale seen');
    expect(approved.status).toBe(200);
    const service = await editable(listing.id);
    expect(service.ownerUserId).toBe('second');
    expect(service.ownershipHistory.map((h) => [h.action, h.kind, h.fromOwnerUserId, h.toOwnerUserId])).toEqual([
      ['granted', 'claim', null, 'first'],
      ['rejected', 'dispute', 'first', 'first'],
      ['approved', 'dispute', 'first', 'second'],
    ]);
    await expect
      .poll(() => decided(sameDomain.body.id as string).map((e) => e.payload))
      .toEqual([expect.objectContaining({ outcome: 'approved', previousOwnerUserId: 'first', reason: 'Bill of sale seen' })]);
    await expect.poll(() => decided(dispute.body.id as string).map((e) => e.payload)).toEqual([expect.objectContaining({ outcome: 'rejected', previousOwnerUserId: null, reason: 'No papers sent' })]);
  });

  it('when a claimant has 3 claims waiting, then a fourth is refused until one is decided, even sent all at once', async () => {
    const fan = as('busy', [], 'busy@icloud.com');
    const targets = published.slice(8, 13);
    const answers = await Promise.all(targets.map((t) => claim(t.id, fan, 'Mine too.')));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 409).map((a) => a.body.error?.message)).toEqual([TOO_MANY_CLAIMS_MESSAGE, TOO_MANY_CLAIMS_MESSAGE]);
    const first = answers.find((a) => a.status === 201)!;
    await decide(first.body.id as string, admin(), 'reject', 'Please send proof');
    const free = targets.find((_, i) => answers[i]!.status === 409)!;
    expect((await claim(free.id, fan, 'Now then.')).status).toBe(201);
  });

  it('when the input is bad (unknown or draft listings, notes of 100 KB or with HTML, bad decisions, no sign-in, not an admin), then a clear error and nothing changes', async () => {
    const listing = published[13]!;
    const fan = as('fan-bad', [], 'fan@gmail.com');
    const before = await editable(listing.id);
    expect((await claim('f'.repeat(24), fan, 'x')).status).toBe(404);
    const draft = await send('POST', '/services', as('maker'), {
      name: 'Draft Kitchen',
      slug: 'draft-kitchen-claims',
      tagline: '',
      description: '',
      mealTypes: [],
      deliveryMethods: { localDelivery: true, pickup: false, shipsDomestically: false, shipsInternationally: false },
      contact: { email: 'a@draft.example.com', phone: '', website: '', socialLinks: [] },
      locations: [],
      media: { logoImageId: null },
      metadata: { ownerName: 'Maker', yearsInBusiness: '1-2 years', termsAccepted: true, submittedVia: 'dashboard' },
    });
    expect(draft.status).toBe(201);
    const onDraft = await claim(draft.body.id as string, fan, 'x');
    expect(onDraft.status).toBe(409);
    expect(onDraft.body.error?.message).toBe('Only published or closed listings can be claimed.');
    const html = await claim(listing.id, fan, '<script>alert(1)</script>');
    expect(html.status).toBe(400);
    expect(html.body.error?.message).toContain('plain text');
    expect([400, 413]).toContain((await claim(listing.id, fan, 'x'.repeat(100_000))).status);
    expect((await send('POST', `/services/${listing.id}/claims`, fan, { note: 'x', ownerUserId: 'fan-bad' })).status).toBe(400);
    expect((await send('POST', `/services/${listing.id}/claims`, fan, { note: { $ne: null } })).status).toBe(400);
    expect((await claim(listing.id, {}, 'x')).status).toBe(401);
    expect((await send('GET', '/admin/claims', fan)).status).toBe(403);
    const waiting = await claim(listing.id, fan, 'Honest.');
    expect((await decide(waiting.body.id as string, fan, 'approve')).status).toBe(403);
    expect((await decide(waiting.body.id as string, admin(), 'reject')).body.error?.message).toContain('Say why');
    expect((await send('POST', `/admin/claims/${waiting.body.id}/decision`, admin(), { decision: 'maybe' })).status).toBe(400);
    expect((await decide('e'.repeat(24), admin(), 'approve')).status).toBe(404);
    expect((await send('GET', '/admin/claims?status=all', admin())).status).toBe(400);
    const after = await editable(listing.id);
    expect(after.ownerUserId).toBe(before.ownerUserId);
    expect(after.ownershipHistory).toEqual(before.ownershipHistory);
  });
});
