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
        waiting: [claim(1), claim(2, { kind: 'dispute' })],
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
    expect(bodiesTo(fetch, decision(1))).toEqual([{ decision: 'approve', reason: '' }]);

    const second = screen.getByRole('listitem', { name: 'Claim of Kitchen 2 by pat2@gmail.com' });
    expect(second).toHaveTextContent('Dispute: the listing has an owner');
    const reject = within(second).getByRole('button', { name: 'Reject' });
    expect(reject).toBeDisabled();
    await userEvent.type(within(second).getByLabelText(/Reason/), 'The owner showed the lease');
    await userEvent.click(reject);
    expect(bodiesTo(fetch, decision(2))).toEqual([{ decision: 'reject', reason: 'The owner showed the lease' }]);

    const decided = within(screen.getByRole('table'));
    expect(decided.getByText('Kitchen 3').closest('tr')).toHaveTextContent('rejected');
    expect(decided.getByText('No proof')).toBeInTheDocument();
    expect(document.title).toBe('Claims | Meal Prep Directory');
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
