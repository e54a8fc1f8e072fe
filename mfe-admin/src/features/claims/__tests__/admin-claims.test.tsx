import { bodiesTo, mockApi } from '@mealprep/api-client/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAdminAt } from '../../../testing/render-admin';

const claim = (n: number, overrides: Record<string, unknown> = {}) => ({
  id: n.toString(16).padStart(24, '0'),
  serviceId: 'a'.repeat(24),
  serviceName: `Kitchen ${n}`,
  serviceSlug: `kitchen-${n}`,
  kind: 'claim',
  status: 'waiting',
  claimantUserId: `u${n}`,
  claimantEmail: `pat${n}@gmail.com`,
  note: `I run kitchen ${n}.`,
  reason: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  decidedAt: null,
  decidedByEmail: null,
  listing: { status: 'published', owner: null, kind: 'claim' },
  ...overrides,
});
/** The API as mockApi gives it, with the two lists of claims (one path, told apart by ?status). */
function mockClaims(lists: { waiting: unknown[]; decided: unknown[] }, replies: Parameters<typeof mockApi>[0]) {
  const fetch = mockApi(replies);
  const others = fetch.getMockImplementation()!;
  fetch.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname !== '/api/catalog/admin/claims') return others(input, init);
    const items = url.searchParams.get('status') === 'decided' ? lists.decided : lists.waiting;
    return new Response(JSON.stringify({ items }), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  return fetch;
}
const decision = (n: number) => `/api/catalog/admin/claims/${claim(n).id}/decision`;

describe('admin claims', () => {
  it('when claims wait, then each shows its listing, claimant and note; approve sends at once, reject needs a reason', async () => {
    const fetch = mockClaims(
      {
        waiting: [claim(1), claim(2, { kind: 'dispute', listing: { status: 'published', owner: { userId: 'o2', email: 'owner2@kitchen.com' }, kind: 'dispute' } })],
        decided: [claim(3, { status: 'rejected', reason: 'No proof', decidedAt: '2026-11-21T10:00:00.000Z', decidedByEmail: 'boss@example.com' })],
      },
      {
        [decision(1)]: { status: 200, body: claim(1, { status: 'approved' }) },
        [decision(2)]: { status: 200, body: claim(2, { status: 'rejected' }) },
      },
    );
    renderAdminAt('/dashboard/claims');
    const first = await screen.findByRole('listitem', { name: 'Claim of Kitchen 1 by pat1@gmail.com' });
    expect(within(first).getByText('I run kitchen 1.')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Kitchen 1' })).toHaveAttribute('href', '/service/kitchen-1');
    await userEvent.click(within(first).getByRole('button', { name: 'Approve' }));
    expect(bodiesTo(fetch, decision(1))).toEqual([{ decision: 'approve', reason: '', expectedOwnerUserId: null }]);

    const second = screen.getByRole('listitem', { name: 'Claim of Kitchen 2 by pat2@gmail.com' });
    expect(second).toHaveTextContent('Dispute: the listing has an owner');
    expect(second).toHaveTextContent('Owner now: owner2@kitchen.com.');
    const reject = within(second).getByRole('button', { name: 'Reject' });
    expect(reject).toBeDisabled();
    await userEvent.type(within(second).getByLabelText(/Reason/), 'The owner showed the lease');
    await userEvent.click(reject);
    expect(bodiesTo(fetch, decision(2))).toEqual([{ decision: 'reject', reason: 'The owner showed the lease', expectedOwnerUserId: 'o2' }]);

    const decided = within(screen.getByRole('table'));
    expect(decided.getByText('Kitchen 3').closest('tr')).toHaveTextContent('rejected');
    expect(decided.getByText('No proof')).toBeInTheDocument();
    expect(document.title).toBe('Claims | Meal Prep Directory');
  });

  it('when the business was granted the listing after the claim was sent, then the claim shows as a dispute with the owner now, and approving names that owner', async () => {
    const fetch = mockClaims(
      { waiting: [claim(4, { kind: 'claim', listing: { status: 'published', owner: { userId: 'biz', email: 'sam@kitchen4.com' }, kind: 'dispute' } })], decided: [] },
      { [decision(4)]: { status: 200, body: claim(4, { status: 'approved', kind: 'dispute' }) } },
    );
    renderAdminAt('/dashboard/claims');
    const card = await screen.findByRole('listitem', { name: 'Claim of Kitchen 4 by pat4@gmail.com' });
    expect(card).toHaveTextContent('Dispute: the listing has an owner');
    expect(card).toHaveTextContent('Owner now: sam@kitchen4.com. It had none when the claim was sent.');
    await userEvent.click(within(card).getByRole('button', { name: 'Approve' }));
    expect(bodiesTo(fetch, decision(4))).toEqual([{ decision: 'approve', reason: '', expectedOwnerUserId: 'biz' }]);
  });

  it('when the listing cannot change hands now (deleted, the claimant owns it, in review), then the card says so and only rejecting is offered', async () => {
    mockClaims(
      {
        waiting: [
          claim(5, { listing: { status: null, owner: null, kind: 'claim' } }),
          claim(6, { listing: { status: 'published', owner: { userId: 'u6', email: 'pat6@gmail.com' }, kind: 'dispute' } }),
          claim(7, { listing: { status: 'pending', owner: { userId: 'o7', email: null }, kind: 'dispute' } }),
        ],
        decided: [],
      },
      {},
    );
    renderAdminAt('/dashboard/claims');
    const gone = await screen.findByRole('listitem', { name: 'Claim of Kitchen 5 by pat5@gmail.com' });
    expect(gone).toHaveTextContent('The listing was deleted: the claim can only be rejected.');
    const theirs = screen.getByRole('listitem', { name: 'Claim of Kitchen 6 by pat6@gmail.com' });
    expect(theirs).toHaveTextContent('The claimant owns this listing now.');
    const inReview = screen.getByRole('listitem', { name: 'Claim of Kitchen 7 by pat7@gmail.com' });
    expect(inReview).toHaveTextContent('Owner now: user o7. It had none when the claim was sent. The listing is pending now: only a published or closed listing changes hands.');
    for (const card of [gone, theirs, inReview]) expect(within(card).getByRole('button', { name: 'Approve' })).toBeDisabled();
  });

  it('when the listing changed hands as the admin decided, then the server says so', async () => {
    const message =
      "The listing's owner changed since this claim was shown: it has another owner now, so deciding this claim is deciding a dispute with them. Look at the claim again before deciding.";
    mockClaims({ waiting: [claim(1)], decided: [] }, { [decision(1)]: { status: 409, body: { error: { code: 'owner_changed', message } } } });
    renderAdminAt('/dashboard/claims');
    await userEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('when another admin decided first, then the server says so', async () => {
    mockClaims({ waiting: [claim(1)], decided: [] }, { [decision(1)]: { status: 409, body: { error: { code: 'already_decided', message: 'This claim was already rejected by another admin.' } } } });
    renderAdminAt('/dashboard/claims');
    await userEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('This claim was already rejected by another admin.')).toBeInTheDocument();
  });

  it('when none wait, then the page says so', async () => {
    mockClaims({ waiting: [], decided: [] }, {});
    renderAdminAt('/dashboard/claims');
    expect(await screen.findByText('No claims are waiting.')).toBeInTheDocument();
  });
});
