import type { AdminClaim, Claim, ClaimCheck, EditableService, PublicService } from '@mealprep/contracts';
import { TOO_MANY_CLAIMS_MESSAGE } from '@mealprep/contracts';
import { demoServices } from '@mealprep/demo-data';
import { describe, expect, it } from 'vitest';
import { as, useCatalog, type Answer } from './harness';

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
    // Another owner's draft answers as an id nobody has (see the test of drafts and unknown ids).
    const onDraft = await claim(draft.body.id as string, fan, 'x');
    expect(onDraft.status).toBe(404);
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

  const waitingList = async () => ((await send('GET', '/admin/claims', admin())).body as unknown as { items: AdminClaim[] }).items;
  const decidedList = async () => ((await send('GET', '/admin/claims?status=decided', admin())).body as unknown as { items: AdminClaim[] }).items;

  it('when the business is granted the listing at once while a plain claim of it waits, then admins see that claim as a dispute with the owner now, and approving it on what they saw before is refused', async () => {
    const listing = published[14]!;
    const fan = as('fan-14', [], 'kim@gmail.com');
    const waiting = await claim(listing.id, fan, 'I used to run it.');
    expect(waiting.body).toMatchObject({ status: 'waiting', kind: 'claim' });
    expect((await waitingList()).find((c) => c.id === waiting.body.id)?.listing).toEqual({ status: 'published', owner: null, kind: 'claim' });

    // Meanwhile the business signs in on its own domain: the listing is theirs at once.
    const domain = await onOwnDomain(listing);
    expect((await claim(listing.id, as('biz-14', [], `sam@${domain}`))).body).toMatchObject({ status: 'granted' });

    // Admins see the claim as what deciding it now is: a dispute with that verified owner.
    expect((await waitingList()).find((c) => c.id === waiting.body.id)?.listing).toEqual({ status: 'published', owner: { userId: 'biz-14', email: `sam@${domain}` }, kind: 'dispute' });
    // Approving on what was seen before (no owner), or with no word of it (the owner when the claim was sent), takes nothing.
    const owner = "The listing's owner changed since this claim was shown: it has another owner now, so deciding this claim is deciding a dispute with them. Look at the claim again before deciding.";
    for (const body of [
      { decision: 'approve', reason: '', expectedOwnerUserId: null },
      { decision: 'approve', reason: '' },
    ]) {
      const refused = await send('POST', `/admin/claims/${waiting.body.id}/decision`, admin(), body);
      expect(refused.status).toBe(409);
      expect(refused.body.error).toMatchObject({ code: 'owner_changed', message: owner });
      const service = await editable(listing.id);
      expect(service.ownerUserId).toBe('biz-14');
      expect(service.ownershipHistory.filter((h) => h.claimId === waiting.body.id)).toEqual([]);
    }
    expect(decided(waiting.body.id as string)).toEqual([]);

    // Decided on the owner it has now, it is a dispute: the trail and the decided list say so.
    const approved = await send('POST', `/admin/claims/${waiting.body.id}/decision`, admin(), { decision: 'approve', reason: 'The lease is in their name', expectedOwnerUserId: 'biz-14' });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'approved', kind: 'dispute' });
    expect((await editable(listing.id)).ownershipHistory.at(-1)).toMatchObject({ claimId: waiting.body.id, action: 'approved', kind: 'dispute', fromOwnerUserId: 'biz-14', toOwnerUserId: 'fan-14' });
    expect((await decidedList()).find((c) => c.id === waiting.body.id)).toMatchObject({ kind: 'dispute', listing: { owner: { userId: 'fan-14', email: 'kim@gmail.com' } } });
    await expect.poll(() => decided(waiting.body.id as string).map((e) => e.payload)).toEqual([expect.objectContaining({ outcome: 'approved', previousOwnerUserId: 'biz-14' })]);
  });

  it('when two admins approve two disputes of one listing at the same moment, then one stands and the other is told the owner changed, on the default database', async () => {
    for (const [i, listing] of published.slice(15, 17).entries()) {
      const domain = await onOwnDomain(listing);
      expect((await claim(listing.id, as(`held-${i}`, [], `a@${domain}`))).body).toMatchObject({ status: 'granted' });
      const rivals = [as(`rival-a-${i}`, [], `ra${i}@yahoo.com`), as(`rival-b-${i}`, [], `rb${i}@yahoo.com`)];
      const disputes = await Promise.all(rivals.map((r) => claim(listing.id, r, 'The owner sold it to me.')));
      expect(disputes.map((d) => d.body.kind)).toEqual(['dispute', 'dispute']);
      // Each on the owner the dispute was sent against (an admin's screen says the one it shows: the same check).
      const answers = await Promise.all([decide(disputes[0]!.body.id as string, admin(), 'approve'), decide(disputes[1]!.body.id as string, other(), 'approve')]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const won = answers.findIndex((a) => a.status === 200);
      const lost = 1 - won;
      expect(answers[lost]!.body.error?.code).toBe('owner_changed');
      const service = await editable(listing.id);
      expect(service.ownerUserId).toBe(`rival-${won === 0 ? 'a' : 'b'}-${i}`);
      expect(service.ownershipHistory.filter((h) => h.action === 'approved').map((h) => [h.fromOwnerUserId, h.toOwnerUserId])).toEqual([[`held-${i}`, service.ownerUserId]]);
      // The other dispute still waits, now against the new owner.
      expect((await waitingList()).find((c) => c.id === disputes[lost]!.body.id)?.listing.owner?.userId).toBe(service.ownerUserId);
    }
  });

  it('when a listing goes back to review after a claim of it was sent, then approving it is refused until it is public again; rejecting it is not', async () => {
    const listing = published[17]!;
    const fan = as('fan-17', [], 'lou@gmail.com');
    const waiting = await claim(listing.id, fan, 'Mine.');
    expect((await send('PATCH', `/admin/services/${listing.id}/status`, admin(), { status: 'pending' })).status).toBe(200);
    expect((await waitingList()).find((c) => c.id === waiting.body.id)?.listing).toEqual({ status: 'pending', owner: null, kind: 'claim' });
    const refused = await decide(waiting.body.id as string, admin(), 'approve');
    expect(refused.status).toBe(409);
    expect(refused.body.error?.message).toBe('The listing is pending now: only a published or closed listing changes hands. Reject the claim, or decide it once the listing is public again.');
    expect((await editable(listing.id)).ownerUserId).toBeNull();
    expect((await decide(waiting.body.id as string, admin(), 'reject', 'Being reviewed')).body).toMatchObject({ status: 'rejected' });
  });

  it("when a decided claim's hold on the claimant's waiting slots was left behind, then the cap counts only the claims waiting now", async () => {
    const fan = as('steady', [], 'steady@icloud.com');
    const targets = published.slice(18, 22);
    const sent = [];
    for (const t of targets.slice(0, 3)) sent.push(await claim(t.id, fan, 'Mine.'));
    expect(sent.map((a) => a.status)).toEqual([201, 201, 201]);
    const keys = catalog.db.connection.collection('claim_keys');
    const held = await keys.find({ claimId: sent[0]!.body.id }).toArray();
    expect(held.map((k) => String(k._id).split(':')[0]).sort()).toEqual(['open', 'slot']);
    expect((await decide(sent[0]!.body.id as string, admin(), 'reject', 'No proof')).status).toBe(200);
    // As when the instance stopped between writing the decision and giving its keys back.
    await keys.insertMany(held);
    const fourth = await claim(targets[3]!.id, fan, 'And this one.');
    expect(fourth.status).toBe(201);
    // The listing of the decided claim can be claimed again; the cap still holds at three waiting.
    expect((await claim(targets[0]!.id, fan, 'Again, with proof.')).body.error?.message).toBe(TOO_MANY_CLAIMS_MESSAGE);
    expect((await decide(sent[1]!.body.id as string, admin(), 'reject', 'No proof')).status).toBe(200);
    expect((await claim(targets[0]!.id, fan, 'Again, with proof.')).status).toBe(201);
  });

  it("when a dispute gives the listing to someone else, then the new owner is not handed the previous owner's answers, name or address, and their changes read as a previous owner's, not an admin's; admins still see everything", async () => {
    const maker = as('maker-ann', [], 'ann@annskitchen.example.org');
    const created = await send('POST', '/services', maker, {
      name: "Ann's Kitchen",
      slug: 'anns-kitchen-claims',
      tagline: 'Soups',
      description: '',
      mealTypes: [],
      deliveryMethods: { localDelivery: true, pickup: false, shipsDomestically: false, shipsInternationally: false },
      contact: { email: 'hello@annskitchen.example.org', phone: '', website: '', socialLinks: [] },
      locations: [],
      media: { logoImageId: null },
      metadata: { ownerName: 'Ann Original', yearsInBusiness: '3+ years', howDidYouFindUs: 'Other', howDidYouFindUsOther: 'My cousin Bea', termsAccepted: true, submittedVia: 'dashboard' },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect((await send('POST', `/services/${id}/submit`, maker)).status).toBe(200);
    expect((await send('PATCH', `/admin/services/${id}/status`, admin(), { status: 'published' })).status).toBe(200);
    const buyer = as('buyer-bo', [], 'bo@gmail.com');
    const dispute = await claim(id, buyer, 'I bought the business from Ann.');
    expect((await decide(dispute.body.id as string, admin(), 'approve', 'Bill of sale seen')).status).toBe(200);

    const asBuyer = await send('GET', `/services/${id}/edit`, buyer);
    expect(asBuyer.status).toBe(200);
    const seen = asBuyer.body as unknown as EditableService;
    expect(seen.metadata).toEqual({});
    expect(seen.statusHistory.map((h) => [h.from, h.to, h.byUserId, h.byEmail, Boolean(h.byPreviousOwner), Boolean(h.byAdmin)])).toEqual([
      [null, 'draft', null, null, true, false],
      ['draft', 'pending', null, null, true, false],
      ['pending', 'published', null, null, false, true],
    ]);
    expect(seen.ownershipHistory).toEqual([
      expect.objectContaining({ action: 'approved', kind: 'dispute', fromOwnerUserId: null, toOwnerUserId: 'buyer-bo', byEmail: null, claimantEmail: 'bo@gmail.com' }),
    ]);
    const text = JSON.stringify(seen);
    for (const theirs of ['Ann Original', 'My cousin Bea', 'maker-ann', 'ann@annskitchen.example.org', 'staff.example.org']) expect(text).not.toContain(theirs);

    // Admins see the whole truth.
    const all = await editable(id);
    expect(all.metadata).toMatchObject({ ownerName: 'Ann Original', howDidYouFindUsOther: 'My cousin Bea' });
    expect(all.statusHistory.slice(0, 2).map((h) => [h.byUserId, h.byEmail])).toEqual([
      ['maker-ann', 'ann@annskitchen.example.org'],
      ['maker-ann', 'ann@annskitchen.example.org'],
    ]);
    expect(all.ownershipHistory.at(-1)).toMatchObject({ fromOwnerUserId: 'maker-ann', toOwnerUserId: 'buyer-bo', byEmail: 'boss@staff.example.org' });
    // The maker, who owns it no more, cannot read it.
    expect((await send('GET', `/services/${id}/edit`, maker)).status).toBe(404);
  });

  it("when an admin decides a claim, then the claimant's views and the new owner's listing never name who on the staff decided, nor do the events", async () => {
    const listing = published[22]!;
    const fan = as('fan-22', [], 'jo@gmail.com');
    const rejected = await claim(listing.id, fan, 'First try.');
    expect((await decide(rejected.body.id as string, admin(), 'reject', 'Send proof')).status).toBe(200);
    const approved = await claim(listing.id, fan, 'With the lease attached.');
    expect((await decide(approved.body.id as string, admin(), 'approve')).status).toBe(200);
    // Admins see who decided; the claimant does not.
    expect((await decidedList()).filter((c) => c.serviceId === listing.id).map((c) => c.decidedByEmail)).toEqual(['boss@staff.example.org', 'boss@staff.example.org']);
    const mine = await send('GET', '/claims/mine', fan);
    // Both were sent at the test's one moment: sorted by status.
    const items = (mine.body as unknown as { items: Claim[] }).items.sort((a, b) => a.status.localeCompare(b.status));
    expect(items.map((c) => [c.status, c.reason, c.decidedByEmail])).toEqual([
      ['approved', null, null],
      ['rejected', 'Send proof', null],
    ]);
    const owned = await send('GET', `/services/${listing.id}/edit`, fan);
    const check = await send('GET', `/services/${listing.id}/claim`, fan);
    for (const answer of [mine, owned, check]) expect(JSON.stringify(answer.body)).not.toContain('staff.example.org');
    await expect.poll(() => decided(approved.body.id as string).length).toBe(1);
    const ofListing = events.filter((e) => (e.payload as { serviceId?: string }).serviceId === listing.id);
    expect(ofListing.length).toBeGreaterThan(0);
    expect(JSON.stringify(ofListing)).not.toContain('staff.example.org');
  });

  it("when a visitor checks or claims a listing they cannot see (another owner's draft, one in review), then the answer is exactly that of an id nobody has; its owner and admins are told it cannot be claimed", async () => {
    const maker = as('maker-hid');
    const draft = await send('POST', '/services', maker, {
      name: 'Hidden Kitchen',
      slug: 'hidden-kitchen-claims',
      tagline: '',
      description: '',
      mealTypes: [],
      deliveryMethods: { localDelivery: true, pickup: false, shipsDomestically: false, shipsInternationally: false },
      contact: { email: '', phone: '', website: '', socialLinks: [] },
      locations: [],
      media: { logoImageId: null },
      metadata: { ownerName: 'Hid', termsAccepted: true, submittedVia: 'dashboard' },
    });
    expect(draft.status).toBe(201);
    const inReview = published[23]!;
    expect((await send('PATCH', `/admin/services/${inReview.id}/status`, admin(), { status: 'pending' })).status).toBe(200);
    const visitor = as('prober', [], 'prober@gmail.com');
    const unknown = 'f'.repeat(24);
    // All but the request's own id, which every answer has.
    const shape = (a: Answer) => ({ status: a.status, body: { ...a.body, error: { ...a.body.error, requestId: 'any' } }, cache: a.headers.get('cache-control'), type: a.headers.get('content-type') });
    for (const hidden of [draft.body.id as string, inReview.id]) {
      expect(shape(await send('GET', `/services/${hidden}/claim`, visitor))).toEqual(shape(await send('GET', `/services/${unknown}/claim`, visitor)));
      expect(shape(await claim(hidden, visitor, 'x'))).toEqual(shape(await claim(unknown, visitor, 'x')));
    }
    expect((await send('GET', `/services/${unknown}/claim`, visitor)).status).toBe(404);
    for (const who of [maker, admin()]) {
      const answer = await send('GET', `/services/${draft.body.id}/claim`, who);
      expect(answer.status).toBe(409);
      expect(answer.body.error?.message).toBe('Only published or closed listings can be claimed.');
    }
  });
});
