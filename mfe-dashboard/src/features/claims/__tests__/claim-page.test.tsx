import { bodiesTo, callsTo, mockApi } from '@mealprep/api-client/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderDashboardAt } from '../../../testing/render-dashboard';

const ID = 'c'.repeat(24);
const CHECK = `/api/catalog/services/${ID}/claim`;
const CLAIMS = `/api/catalog/services/${ID}/claims`;

const renderAt = renderDashboardAt;

const check = (overrides: Record<string, unknown> = {}) => ({
  serviceId: ID,
  serviceName: 'Green Fork Kitchen',
  serviceSlug: 'green-fork-kitchen',
  claimable: true,
  yours: false,
  owned: false,
  grantedAtOnce: false,
  why: 'gmail.com is a free mail service: it cannot show that you run this business.',
  waiting: null,
  ...overrides,
});
const claim = (overrides: Record<string, unknown> = {}) => ({
  id: 'd'.repeat(24),
  serviceId: ID,
  serviceName: 'Green Fork Kitchen',
  serviceSlug: 'green-fork-kitchen',
  kind: 'claim',
  status: 'waiting',
  claimantUserId: 'u1',
  claimantEmail: 'pat@gmail.com',
  note: 'Mine',
  reason: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  decidedAt: null,
  decidedByEmail: null,
  ...overrides,
});

describe('claiming a listing', () => {
  it('when the address proves the business, then one click grants it and leads to the editor', async () => {
    const fetch = mockApi({
      [CHECK]: { status: 200, body: check({ grantedAtOnce: true, why: "Your address is on the domain of the listing's website (greenfork.com)." }) },
      [CLAIMS]: { status: 201, body: claim({ status: 'granted', reason: "Your address is on the domain of the listing's website (greenfork.com)." }) },
    });
    renderAt(`/dashboard/claim/${ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Claim Green Fork Kitchen' })).toBeInTheDocument();
    expect(screen.queryByLabelText('How are you connected to the business?')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Claim this listing' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'You now manage Green Fork Kitchen' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit your listing' })).toHaveAttribute('href', `/dashboard/services/${ID}/edit`);
    expect(bodiesTo(fetch, CLAIMS)).toEqual([{}]);
    expect(document.title).toBe('Claim a Listing | Meal Prep Directory');
  });

  it('when it does not, then the page says why and the claim goes for review with the note; refusals are shown', async () => {
    const fetch = mockApi({ [CHECK]: { status: 200, body: check() }, [CLAIMS]: { status: 201, body: claim() } });
    renderAt(`/dashboard/claim/${ID}`);
    expect(await screen.findByText('gmail.com is a free mail service: it cannot show that you run this business.')).toBeInTheDocument();
    const send = screen.getByRole('button', { name: 'Send claim for review' });
    expect(send).toBeDisabled();
    await userEvent.type(screen.getByLabelText('How are you connected to the business?'), '  I run it since 2019.  ');
    await userEvent.click(send);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your claim is waiting for review' })).toBeInTheDocument();
    expect(bodiesTo(fetch, CLAIMS)).toEqual([{ note: 'I run it since 2019.' }]);
  });

  it('when the listing has an owner, then the claim is a dispute; a refusal from the server is read out', async () => {
    mockApi({
      [CHECK]: { status: 200, body: check({ owned: true, why: 'This listing already has an owner: your claim goes to our team, who will look at both sides.' }) },
      [CLAIMS]: { status: 409, body: { error: { code: 'too_many_claims', message: 'You already have 3 claims waiting for review. Wait for a decision on one before you claim another listing.' } } },
    });
    renderAt(`/dashboard/claim/${ID}`);
    await userEvent.type(await screen.findByLabelText('How are you connected to the business?'), 'Bought it.');
    await userEvent.click(screen.getByRole('button', { name: 'Send dispute for review' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You already have 3 claims waiting for review.');
  });

  it('when a claim of it already waits, or it is theirs, or it cannot be claimed, then the page says so and offers no form', async () => {
    mockApi({ [CHECK]: { status: 200, body: check({ waiting: claim() }) } });
    renderAt(`/dashboard/claim/${ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your claim is waiting for review' })).toBeInTheDocument();
    document.body.innerHTML = '';
    mockApi({ [CHECK]: { status: 200, body: check({ yours: true }) } });
    renderAt(`/dashboard/claim/${ID}`);
    expect(await screen.findByText('You already own this listing.')).toBeInTheDocument();
    document.body.innerHTML = '';
    const fetch = mockApi({ [CHECK]: { status: 409, body: { error: { code: 'not_claimable', message: 'Only published or closed listings can be claimed.' } } } });
    renderAt(`/dashboard/claim/${ID}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Only published or closed listings can be claimed.');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(callsTo(fetch, CLAIMS)).toHaveLength(0);
  });

  it('when the dashboard opens, then the person sees their claims and how each went', async () => {
    mockApi({
      '/api/auth/me': { status: 200, body: { user: { id: 'u1', email: 'pat@gmail.com', roles: [] } } },
      '/api/catalog/services/mine': { status: 200, body: { items: [] } },
      '/api/catalog/claims/mine': {
        status: 200,
        body: { items: [claim(), claim({ id: 'e'.repeat(24), serviceName: 'Blue Plate', serviceSlug: 'blue-plate', status: 'rejected', reason: 'No proof sent' })] },
      },
    });
    renderAt('/dashboard');
    const list = await screen.findByRole('region', { name: 'Your claims' });
    expect(list).toHaveTextContent('Green Fork KitchenWaiting for review');
    expect(list).toHaveTextContent('Blue PlateNot approved: No proof sent');
  });
});
