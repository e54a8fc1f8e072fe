import fc from 'fast-check';
import type { EditableService, OwnershipChange, StatusChange } from '@mealprep/contracts';
import { ownerView, OWNER_ANSWER_KEYS } from './listing-trail';
import { listing, person } from '../../testing/builders';

const email = (userId: string) => `${userId}@example.com`;
const change = (byUserId: string | null, from: StatusChange['from'], to: StatusChange['to']): StatusChange => ({
  at: '2026-02-01T00:00:00.000Z',
  byUserId,
  byEmail: byUserId ? email(byUserId) : null,
  from,
  to,
  reason: null,
});
const claim = (action: OwnershipChange['action'], fromOwnerUserId: string | null, claimant: string): OwnershipChange => ({
  at: '2026-03-01T00:00:00.000Z',
  action,
  kind: fromOwnerUserId ? 'dispute' : 'claim',
  claimId: `claim-${claimant}`,
  claimantEmail: email(claimant),
  fromOwnerUserId,
  toOwnerUserId: action === 'rejected' ? fromOwnerUserId : claimant,
  byEmail: action === 'granted' ? null : 'admin-1@staff.example.com',
  reason: null,
});

const ANSWERS = { ownerName: 'Ann Baker', yearsInBusiness: '1-2 years', howDidYouFindUs: 'Google Search', termsAcceptedAt: '2026-01-01T00:00:00.000Z', submittedVia: 'dashboard' };

function editable(overrides: Partial<EditableService>): EditableService {
  const stored = listing();
  return {
    ...stored,
    claimable: false,
    metadata: { ...ANSWERS, place: null },
    statusHistory: [],
    possibleDuplicateOf: [{ id: 'other', name: 'Someone Else Kitchen', slug: 'someone-else-kitchen', reason: 'same website (greenfork.com)' }],
    ownershipHistory: [],
    reviewTrail: [],
    ...overrides,
  };
}

/** Ann made it and had it published; Bea took it over in a dispute; Cal's claim was rejected. */
const takenOver = editable({
  ownerUserId: 'bea',
  statusHistory: [change('ann', null, 'draft'), change('ann', 'draft', 'pending'), change('admin-1', 'pending', 'published'), change('bea', 'published', 'pending')],
  ownershipHistory: [claim('approved', 'ann', 'bea'), claim('rejected', 'bea', 'cal')],
});

describe('a listing as its owner sees it', () => {
  it('when the owner made the listing, then they see their own answers and their own changes as they were', () => {
    const mine = editable({ ownerUserId: 'ann', statusHistory: [change('ann', null, 'draft'), change('ann', 'draft', 'pending')] });
    const view = ownerView(person('ann'), mine);
    expect(view.metadata).toEqual(mine.metadata);
    expect(view.statusHistory).toEqual(mine.statusHistory);
  });

  it("when they took the listing over, then the maker's answers in the form (name, how they found us, when they accepted the terms) are left out, the rest kept", () => {
    const view = ownerView(person('bea'), takenOver);
    expect(view.metadata).toEqual({ place: null });
    for (const key of ['ownerName', 'yearsInBusiness', 'termsAcceptedAt']) expect(OWNER_ANSWER_KEYS.has(key)).toBe(true);
  });

  it("when they read the status trail, then another person's change says only whether it was a previous owner or the staff, not who", () => {
    const [made, sent, published, own] = ownerView(person('bea'), takenOver).statusHistory;
    expect(made).toMatchObject({ byUserId: null, byEmail: null, byPreviousOwner: true, byAdmin: false });
    expect(sent).toMatchObject({ byUserId: null, byEmail: null, byPreviousOwner: true, byAdmin: false });
    expect(published).toMatchObject({ byUserId: null, byEmail: null, byPreviousOwner: false, byAdmin: true });
    expect(own).toEqual(takenOver.statusHistory[3]);
  });

  it("when they read the ownership trail, then they see how they came to own it, without who decided or who owned it before, and not other people's rejected claims", () => {
    expect(ownerView(person('bea'), takenOver).ownershipHistory).toEqual([{ ...takenOver.ownershipHistory[0], byEmail: null, fromOwnerUserId: null }]);
  });

  it('when the listing may repeat other listings, then the owner is not told which (they may be drafts of other owners)', () => {
    expect(ownerView(person('bea'), takenOver).possibleDuplicateOf).toEqual([]);
  });

  it("when an imported listing was claimed, then the claimant sees the import's metadata whole (no person's answers in it)", () => {
    const imported = editable({
      ownerUserId: 'bea',
      metadata: { submittedVia: 'import', imageLinkFull: 'https://img.example.com/a.jpg', place: { latitude: 30, longitude: -97 } },
      statusHistory: [change('admin-1', null, 'published')],
      ownershipHistory: [claim('granted', null, 'bea')],
    });
    const view = ownerView(person('bea'), imported);
    expect(view.metadata).toEqual(imported.metadata);
    expect(view.statusHistory[0]).toMatchObject({ byAdmin: true, byPreviousOwner: false, byEmail: null });
  });

  it('when a change was made by nobody (the system), then it is shown neither as staff nor as a previous owner', () => {
    const view = ownerView(person('bea'), editable({ ownerUserId: 'bea', statusHistory: [change(null, 'published', 'closed')] }));
    expect(view.statusHistory[0]).toMatchObject({ byAdmin: false, byPreviousOwner: false });
  });

  it('when the first owner took the listing back, then the one in between shows as a previous owner and the trail names only the claim that gave it back', () => {
    const back = editable({
      ownerUserId: 'ann',
      statusHistory: [change('ann', null, 'draft'), change('bea', 'published', 'pending')],
      ownershipHistory: [claim('approved', 'ann', 'bea'), claim('approved', 'bea', 'ann')],
    });
    const view = ownerView(person('ann'), back);
    expect(view.metadata).toEqual(back.metadata);
    expect(view.statusHistory[1]).toMatchObject({ byUserId: null, byPreviousOwner: true });
    expect(view.ownershipHistory).toEqual([{ ...back.ownershipHistory[1], byEmail: null, fromOwnerUserId: null }]);
  });

  it("property: whatever the trails hold, an owner's view names no one's e-mail address but their own", () => {
    const who = fc.constantFrom('ann', 'bea', 'cal', 'admin-1');
    const statuses = fc.constantFrom('draft', 'pending', 'published', 'closed', 'rejected') as fc.Arbitrary<StatusChange['to']>;
    fc.assert(
      fc.property(
        fc.array(fc.tuple(who, statuses, statuses), { maxLength: 8 }),
        fc.array(fc.tuple(fc.constantFrom('granted', 'approved', 'rejected') as fc.Arbitrary<OwnershipChange['action']>, fc.option(who, { nil: null }), who), { maxLength: 5 }),
        fc.constantFrom('ann', 'bea', 'cal'),
        (changes, claims, viewer) => {
          const service = editable({
            ownerUserId: viewer,
            statusHistory: changes.map(([by, from, to], i) => change(by, i === 0 ? null : from, to)),
            ownershipHistory: claims.map(([action, from, claimant]) => claim(action, from, claimant)),
          });
          const shown = JSON.stringify(ownerView(person(viewer), service));
          for (const other of ['ann', 'bea', 'cal', 'admin-1'].filter((u) => u !== viewer)) expect(shown).not.toContain(email(other));
          expect(shown).not.toContain('staff.example.com');
        },
      ),
      { numRuns: 200 },
    );
  });
});
