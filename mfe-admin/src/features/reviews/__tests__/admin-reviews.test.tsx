import { bodiesTo, mockApi } from '@mealprep/api-client/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAdminAt } from '../../../testing/render-admin';

const review = (n: number, overrides: Record<string, unknown> = {}) => ({
  id: n.toString(16).padStart(24, '0'),
  serviceId: 'a'.repeat(24),
  serviceName: `Kitchen ${n}`,
  serviceSlug: `kitchen-${n}`,
  userId: `u${n}`,
  email: `pat${n}@example.com`,
  name: `Pat ${n}`,
  rating: 2,
  text: `Review number ${n}: see www.example.com for better food.`,
  status: 'held',
  holdReasons: ['link'],
  reports: [],
  reason: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  editedAt: null,
  reply: null,
  decidedAt: null,
  decidedByEmail: null,
  ...overrides,
});
const page = (items: unknown[]) => ({ items, total: items.length, page: 1, pageSize: 50, pageCount: 1 });

/** The API as mockApi gives it, with the queues of reviews (one path, told apart by ?status). */
function mockReviews(queues: Record<string, unknown[]>, replies: Parameters<typeof mockApi>[0]) {
  const fetch = mockApi(replies);
  const others = fetch.getMockImplementation()!;
  fetch.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname !== '/api/catalog/admin/reviews') return others(input, init);
    return new Response(JSON.stringify(page(queues[url.searchParams.get('status') ?? 'held'] ?? [])), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  return fetch;
}
const decision = (n: number) => `/api/catalog/admin/reviews/${review(n).id}/decision`;

describe('admin reviews', () => {
  it('when reviews are held, then each shows its listing, text and why it was held; approve sends at once, reject and remove need a reason', async () => {
    const fetch = mockReviews(
      { held: [review(1), review(2, { holdReasons: ['profanity', 'new-account'] })] },
      { [decision(1)]: { status: 200, body: review(1, { status: 'published' }) }, [decision(2)]: { status: 200, body: review(2, { status: 'rejected' }) } },
    );
    renderAdminAt('/dashboard/reviews');
    const first = await screen.findByRole('listitem', { name: 'Review of Kitchen 1 by pat1@example.com' });
    expect(within(first).getByText('Review number 1: see www.example.com for better food.')).toBeInTheDocument();
    expect(first).toHaveTextContent('Held for: A link');
    expect(first).toHaveTextContent('2 of 5 stars · by Pat 1 (pat1@example.com)');
    expect(within(first).getByRole('link', { name: 'Kitchen 1' })).toHaveAttribute('href', '/service/kitchen-1');
    await userEvent.click(within(first).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(bodiesTo(fetch, decision(1))).toEqual([{ decision: 'approve', reason: '' }]));

    const second = screen.getByRole('listitem', { name: 'Review of Kitchen 2 by pat2@example.com' });
    expect(second).toHaveTextContent('Held for: Strong language, An account less than a day old');
    expect(within(second).getByRole('button', { name: 'Reject' })).toBeDisabled();
    expect(within(second).getByRole('button', { name: 'Remove' })).toBeDisabled();
    await userEvent.type(within(second).getByLabelText(/Reason/), 'Please keep it civil.');
    await userEvent.click(within(second).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(bodiesTo(fetch, decision(2))).toEqual([{ decision: 'reject', reason: 'Please keep it civil.' }]));
  });

  it('when reviews are reported, then the reported queue lists who reported what; staff keep or remove them', async () => {
    const fetch = mockReviews(
      {
        held: [],
        reported: [review(3, { status: 'published', holdReasons: [], reports: [{ at: '2026-11-21T10:00:00.000Z', reason: 'Not a customer.', byEmail: 'owner@kitchen.com', byOwner: true }] })],
      },
      { [decision(3)]: { status: 200, body: review(3, { status: 'removed' }) } },
    );
    renderAdminAt('/dashboard/reviews');
    expect(await screen.findByText('No reviews are waiting.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reported' }));
    const item = await screen.findByRole('listitem', { name: 'Review of Kitchen 3 by pat3@example.com' });
    expect(within(item).getByRole('list', { name: 'Reports' })).toHaveTextContent('Reported by owner@kitchen.com (the owner): Not a customer.');
    expect(within(item).getByRole('button', { name: 'Keep it' })).toBeEnabled();
    await userEvent.type(within(item).getByLabelText(/Reason/), 'Not a customer of this business.');
    await userEvent.click(within(item).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(bodiesTo(fetch, decision(3))).toEqual([{ decision: 'remove', reason: 'Not a customer of this business.' }]));
  });

  it("when an owner's reply waits for staff, then the replies queue shows it with why; staff show it, or take any reply down with a reason the owner reads", async () => {
    const replyDecision = (n: number) => `/api/catalog/admin/reviews/${review(n).id}/reply-decision`;
    const heldReply = { text: 'Cheaper at www.our-shop.example.com!', at: '2026-11-22T10:00:00.000Z', status: 'held', holdReasons: ['link'], reason: null };
    const shownReply = { text: 'Thanks, see you soon.', at: '2026-11-22T11:00:00.000Z', status: 'published', holdReasons: [], reason: null };
    const fetch = mockReviews(
      {
        held: [],
        replies: [review(4, { status: 'published', holdReasons: [], ownerReply: heldReply })],
        published: [review(5, { status: 'published', holdReasons: [], reply: { text: shownReply.text, at: shownReply.at }, ownerReply: shownReply })],
      },
      { [replyDecision(4)]: { status: 200, body: review(4) }, [replyDecision(5)]: { status: 200, body: review(5) } },
    );
    renderAdminAt('/dashboard/reviews');
    expect(await screen.findByText('No reviews are waiting.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: "Owners' replies" }));
    const held = await screen.findByRole('region', { name: "The owner's reply to Pat 4" });
    expect(held).toHaveTextContent("The owner's reply (waiting for our team");
    expect(held).toHaveTextContent('Held for: A link');
    expect(held).toHaveTextContent('Cheaper at www.our-shop.example.com!');
    await userEvent.click(within(held).getByRole('button', { name: 'Show the reply' }));
    await waitFor(() => expect(bodiesTo(fetch, replyDecision(4))).toEqual([{ decision: 'approve', reason: '' }]));

    await userEvent.click(screen.getByRole('button', { name: 'Published' }));
    const shown = await screen.findByRole('region', { name: "The owner's reply to Pat 5" });
    expect(within(shown).queryByRole('button', { name: 'Show the reply' })).toBeNull();
    expect(within(shown).getByRole('button', { name: 'Take the reply down' })).toBeDisabled();
    await userEvent.type(within(shown).getByLabelText(/sent to the owner/), 'Please keep replies about the review.');
    await userEvent.click(within(shown).getByRole('button', { name: 'Take the reply down' }));
    await waitFor(() => expect(bodiesTo(fetch, replyDecision(5))).toEqual([{ decision: 'remove', reason: 'Please keep replies about the review.' }]));
  });
});
