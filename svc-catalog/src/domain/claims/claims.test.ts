import { MAX_WAITING_CLAIMS, TOO_MANY_CLAIMS_MESSAGE } from '@mealprep/contracts';
import { claimsForAdmin, decideClaim } from './claim-decisions';
import { checkClaim, myClaims, submitClaim, type ClaimDeps } from './claims';
import { listing, person, refusal, staff } from '../../testing/builders';
import { FakeClaims, FakeServices, ownerDeps } from '../../testing/fakes';

const NOW = new Date('2026-06-01T12:00:00.000Z');
const DISPUTE_WHY = 'This listing already has an owner: your claim goes to our team, who will look at both sides.';
const contact = (email: string, website: string) => ({ email, phone: '', website, socialLinks: [] });

async function setUp() {
  const free = listing({ name: 'Green Fork Kitchen', contact: contact('hello@greenfork.com', 'https://www.greenfork.com') });
  const annsOwn = listing({ name: 'Basil Box', ownerUserId: 'ann', contact: contact('ann@basilbox.com', 'https://basilbox.com') });
  const annsDraft = listing({ name: 'Secret Draft', status: 'draft', ownerUserId: 'ann' });
  const closed = listing({ name: 'Closed Kitchen', status: 'closed' });
  const others = Array.from({ length: MAX_WAITING_CLAIMS + 1 }, (_, i) => listing({ name: `Other Kitchen ${i}` }));
  const services = new FakeServices([free, annsDraft, closed, ...others]);
  services.put(annsOwn, person('ann', 'ann@basilbox.com'));
  const claims = new FakeClaims();
  const base = await ownerDeps(services, { now: NOW });
  const deps: ClaimDeps = { ...base.deps, claims: claims.asRepository(), leads: { adoptWaiting: () => Promise.resolve(0) } };
  return { deps, services, claims, catalog: base.catalog, events: base.events, free, annsOwn, annsDraft, closed, others };
}

describe('checking what a claim would do', () => {
  it("when the signed-in address is on the listing's website domain or is its contact e-mail, then the claim would be granted at once, saying why", async () => {
    const { deps, free } = await setUp();
    expect(await checkClaim(deps, person('bea', 'chef@greenfork.com'), free.id)).toMatchObject({
      claimable: true,
      yours: false,
      owned: false,
      grantedAtOnce: true,
      why: "Your address is on the domain of the listing's website (greenfork.com).",
      waiting: null,
    });
    expect((await checkClaim(deps, person('bea', 'Hello@GreenFork.com'), free.id)).why).toBe("Your address is the listing's contact e-mail.");
  });

  it('when the listing has an owner, then even a matching address is not granted at once: it is a dispute; its owner is told it is theirs', async () => {
    const { deps, annsOwn } = await setUp();
    expect(await checkClaim(deps, person('bea', 'chef@basilbox.com'), annsOwn.id)).toMatchObject({ owned: true, yours: false, grantedAtOnce: false, why: DISPUTE_WHY });
    expect(await checkClaim(deps, person('ann', 'ann@basilbox.com'), annsOwn.id)).toMatchObject({ yours: true, owned: false, grantedAtOnce: false, why: 'You already own this listing.' });
  });

  it("when someone asks about another owner's draft, then it answers as an id nobody has; its owner and the admins are told it cannot be claimed", async () => {
    const { deps, annsDraft } = await setUp();
    const unknown = await refusal(checkClaim(deps, person('bea'), 'no-such-listing'));
    const draft = await refusal(checkClaim(deps, person('bea'), annsDraft.id));
    expect([draft.status, draft.code, draft.message]).toEqual([unknown.status, unknown.code, unknown.message]);
    expect(draft).toMatchObject({ status: 404, message: 'There is no such listing.' });
    for (const who of [person('ann'), staff()]) expect(await refusal(checkClaim(deps, who, annsDraft.id))).toMatchObject({ status: 409, code: 'not_claimable' });
  });
});

describe('sending a claim', () => {
  it('when the address proves the listing theirs, then the claimant owns it at once, the trail records how, the catalogue no longer invites claims and both events go out', async () => {
    const { deps, services, catalog, free } = await setUp();
    const claim = await submitClaim(deps, person('bea', 'chef@greenfork.com'), free.id, '');
    expect(claim).toMatchObject({ status: 'granted', kind: 'claim', claimantUserId: 'bea', reason: "Your address is on the domain of the listing's website (greenfork.com).", decidedByEmail: null });
    expect(services.get(free.id)?.ownerUserId).toBe('bea');
    expect(services.history(free.id)?.ownershipHistory).toEqual([
      expect.objectContaining({ action: 'granted', kind: 'claim', fromOwnerUserId: null, toOwnerUserId: 'bea', byEmail: null, claimantEmail: 'chef@greenfork.com' }),
    ]);
    expect(catalog.findPublic(free.slug)?.claimable).toBe(false);
    expect(services.written.map((e) => e.type)).toEqual(['catalog.service.updated', 'catalog.claim.decided']);
    expect(services.written[1]!.payload).toMatchObject({ outcome: 'granted', claimantUserId: 'bea', previousOwnerUserId: null });
  });

  it('when the address does not prove it and there is no note, then the claim is refused saying why and asking how they are connected; nothing is kept', async () => {
    const { deps, claims, free } = await setUp();
    const error = await refusal(submitClaim(deps, person('bea', 'bea@gmail.com'), free.id, ''));
    expect(error).toMatchObject({
      status: 400,
      message: 'gmail.com is a free mail service: it cannot show that you run this business. Tell us how you are connected to the business, and our team will decide.',
      details: [{ path: 'note', message: 'a note is needed' }],
    });
    expect(claims.claims.size).toBe(0);
  });

  it('when a claim with a note waits, then the listing keeps its owner; a second claim of it by the same person is refused, as is one past the waiting limit', async () => {
    const { deps, services, free, others } = await setUp();
    const bea = person('bea', 'bea@gmail.com');
    expect(await submitClaim(deps, bea, free.id, 'I run it')).toMatchObject({ status: 'waiting', kind: 'claim' });
    expect(services.get(free.id)?.ownerUserId).toBeNull();
    expect(await refusal(submitClaim(deps, bea, free.id, 'Again'))).toMatchObject({ status: 409, code: 'claim_waiting' });
    for (const other of others.slice(0, MAX_WAITING_CLAIMS - 1)) await submitClaim(deps, bea, other.id, 'Mine too');
    expect(await refusal(submitClaim(deps, bea, others[MAX_WAITING_CLAIMS - 1]!.id, 'And this'))).toMatchObject({ status: 409, code: 'too_many_claims', message: TOO_MANY_CLAIMS_MESSAGE });
  });

  it('when someone claims an owned listing, then it is a dispute that waits, and the claimant is not shown who owned it when sent', async () => {
    const { deps, claims, annsOwn } = await setUp();
    const claim = await submitClaim(deps, person('bea', 'chef@basilbox.com'), annsOwn.id, 'Ann sold me the business');
    expect(claim).toMatchObject({ status: 'waiting', kind: 'dispute' });
    expect(claim).not.toHaveProperty('ownerUserIdWhenSent');
    expect(claims.claims.get(claim.id)?.ownerUserIdWhenSent).toBe('ann');
  });

  it('when the owner claims their own listing or a draft of someone else, then it is refused', async () => {
    const { deps, annsOwn, annsDraft } = await setUp();
    expect(await refusal(submitClaim(deps, person('ann', 'ann@basilbox.com'), annsOwn.id, 'mine'))).toMatchObject({ status: 409, code: 'already_owner' });
    expect(await refusal(submitClaim(deps, person('bea'), annsDraft.id, 'please'))).toMatchObject({ status: 404 });
  });

  it('when someone takes the listing a moment before a grant at once is written, then the claim is not granted: with a note it waits as a dispute', async () => {
    const { deps, services, free } = await setUp();
    services.beforePlan = (id) => {
      const held = services.held.get(id)!;
      if (held.service.ownerUserId === null) held.service = { ...held.service, ownerUserId: 'cal', version: held.service.version + 1 };
    };
    const claim = await submitClaim(deps, person('bea', 'chef@greenfork.com'), free.id, 'We are the kitchen');
    expect(claim).toMatchObject({ status: 'waiting', kind: 'dispute' });
    expect(services.get(free.id)?.ownerUserId).toBe('cal');
  });

  it('when a waiting claim cannot be stored, then what it reserved is given back and it can be sent again', async () => {
    const { deps, claims, free } = await setUp();
    claims.failInsert = true;
    await expect(submitClaim(deps, person('bea', 'bea@gmail.com'), free.id, 'I run it')).rejects.toThrow('the database failed');
    claims.failInsert = false;
    expect(await submitClaim(deps, person('bea', 'bea@gmail.com'), free.id, 'I run it')).toMatchObject({ status: 'waiting' });
  });
});

describe('an admin deciding a claim', () => {
  async function dispute() {
    const setup = await setUp();
    const claim = await submitClaim(setup.deps, person('bea', 'bea@gmail.com'), setup.annsOwn.id, 'Ann sold me the business');
    return { ...setup, claim };
  }

  it('when an admin approves a dispute, then the listing moves to the claimant, the trail and the claim record who decided, and the claimant sees the outcome without who', async () => {
    const { deps, services, annsOwn, claim } = await dispute();
    const decided = await decideClaim(deps, staff(), claim.id, 'approve', 'Bill of sale seen');
    expect(decided).toMatchObject({ status: 'approved', kind: 'dispute', reason: 'Bill of sale seen', decidedByEmail: 'admin-1@staff.example.com' });
    expect(services.get(annsOwn.id)?.ownerUserId).toBe('bea');
    expect(services.history(annsOwn.id)?.ownershipHistory.at(-1)).toMatchObject({ action: 'approved', fromOwnerUserId: 'ann', toOwnerUserId: 'bea', byEmail: 'admin-1@staff.example.com' });
    expect(services.written.at(-1)?.payload).toMatchObject({ outcome: 'approved', previousOwnerUserId: 'ann', claimantUserId: 'bea' });
    expect((await myClaims(deps, person('bea'))).items).toEqual([expect.objectContaining({ status: 'approved', decidedByEmail: null })]);
  });

  it('when an admin rejects a claim, then the owner stays, the rejection is in the trail and the claimant may claim again', async () => {
    const { deps, services, annsOwn, claim } = await dispute();
    expect(await decideClaim(deps, staff(), claim.id, 'reject', 'No proof')).toMatchObject({ status: 'rejected', reason: 'No proof' });
    expect(services.get(annsOwn.id)?.ownerUserId).toBe('ann');
    expect(services.history(annsOwn.id)?.ownershipHistory.at(-1)).toMatchObject({ action: 'rejected', toOwnerUserId: 'ann' });
    expect(await submitClaim(deps, person('bea', 'bea@gmail.com'), annsOwn.id, 'More proof now')).toMatchObject({ status: 'waiting' });
  });

  it('when a second admin decides the same claim, then they are told it was decided already', async () => {
    const { deps, claim } = await dispute();
    await decideClaim(deps, staff(), claim.id, 'reject', '');
    expect(await refusal(decideClaim(deps, staff('admin-2'), claim.id, 'approve', ''))).toMatchObject({
      status: 409,
      code: 'already_decided',
      message: 'This claim was already rejected by another admin.',
    });
    expect(await refusal(decideClaim(deps, staff(), 'no-such-claim', 'approve', ''))).toMatchObject({ status: 404 });
  });

  it('when the owner changed since the claim was sent, then the decision is refused and can be made once the admin has seen the new owner', async () => {
    const { deps, services, annsOwn, claim } = await dispute();
    await services.modify(annsOwn.id, () => ({ set: { ownerUserId: 'cal' }, announce: () => [] }));
    expect(await refusal(decideClaim(deps, staff(), claim.id, 'approve', ''))).toMatchObject({
      status: 409,
      code: 'owner_changed',
      message: "The listing's owner changed since this claim was shown: it has another owner now, so deciding this claim is deciding a dispute with them. Look at the claim again before deciding.",
    });
    expect(services.get(annsOwn.id)?.ownerUserId).toBe('cal');
    expect(await decideClaim(deps, staff(), claim.id, 'approve', '', 'cal')).toMatchObject({ status: 'approved' });
    expect(services.get(annsOwn.id)?.ownerUserId).toBe('bea');
  });

  it('when the listing is no longer public, then it cannot be approved (only rejected); when it was deleted, approving is refused and rejecting closes the claim', async () => {
    const { deps, services, annsOwn, claim } = await dispute();
    await services.modify(annsOwn.id, () => ({ set: {}, status: { to: 'pending', at: NOW, byUserId: 'ann', byEmail: null, reason: null }, announce: () => [] }));
    expect(await refusal(decideClaim(deps, staff(), claim.id, 'approve', ''))).toMatchObject({ status: 409, code: 'not_claimable' });
    await services.deleteMany([annsOwn.id], []);
    expect(await refusal(decideClaim(deps, staff(), claim.id, 'approve', ''))).toMatchObject({ status: 409, code: 'listing_gone' });
    expect(await decideClaim(deps, staff(), claim.id, 'reject', 'Listing gone')).toMatchObject({ status: 'rejected' });
  });

  it('when admins list the claims, then each shows its listing as it is now: its owner with the address the trails know, and whether deciding it is a dispute', async () => {
    const { deps, services, free, claim } = await dispute();
    const onFree = await submitClaim(deps, person('cal', 'cal@gmail.com'), free.id, 'I cook there');
    await services.deleteMany([free.id], []);
    const { items } = await claimsForAdmin(deps, 'waiting');
    expect(items.find((c) => c.id === claim.id)?.listing).toEqual({ status: 'published', owner: { userId: 'ann', email: 'ann@basilbox.com' }, kind: 'dispute' });
    expect(items.find((c) => c.id === onFree.id)?.listing).toEqual({ status: null, owner: null, kind: 'claim' });
    expect(items.every((c) => !('ownerUserIdWhenSent' in c))).toBe(true);
  });
});
