import { queryKeys } from '@mealprep/api-client';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bodiesTo, callsTo, mockApi, publicService, renderRoutes, serviceCard, serviceList, unavailable } from '../../../testing/render-routes';
import { heldAnswer } from '../../../testing/slow-answers';
import { REPLY_HELD_TEXT, REPLY_REMOVED_TEXT, REVIEW_NOT_SAVED_TEXT, REVIEW_SENDING_TEXT } from '../components/reviews-section';

const SERVICE_ID = 'c'.repeat(24);
const DETAIL = '/api/catalog/services/by-slug/fit-fuel-kitchen';
const REVIEWS = `${DETAIL}/reviews`;
const STANDING = `/api/catalog/services/${SERVICE_ID}/reviews/mine`;
const WRITE = `/api/catalog/services/${SERVICE_ID}/reviews`;
const ME = '/api/auth/me';
const RATED = { average: 4.5, count: 2 };

const review = (id: string, over: Record<string, unknown> = {}) => ({
  id: id.repeat(24),
  rating: 5,
  text: 'Great portions, and the keto menu changes every week.',
  name: 'Eli',
  createdAt: '2026-10-02T10:00:00.000Z',
  editedAt: null,
  reply: null,
  ...over,
});
const page = (items: unknown[], summary: { average: number | null; count: number } = RATED) => ({ items, total: items.length, page: 1, pageSize: 10, pageCount: 1, summary });
const signedIn = { status: 200, body: { user: { id: 'u1', email: 'dana@example.com', roles: [] } } };
const signedOut = { status: 200, body: { user: null } };

function structuredData(): Array<Record<string, unknown>> {
  return [...document.querySelectorAll('script[type="application/ld+json"]')].flatMap((script): Array<Record<string, unknown>> =>
    [JSON.parse(script.textContent ?? '{}') as Record<string, unknown> | Array<Record<string, unknown>>].flat(),
  );
}

describe('reviews on a service page', () => {
  it("when a listing has reviews, then a visitor reads its average, each review with the owner's reply, and is asked to sign in to write one; its structured data carries the rating and the reviews", async () => {
    mockApi({
      [DETAIL]: { status: 200, body: publicService({ id: SERVICE_ID, rating: RATED }) },
      [REVIEWS]: {
        status: 200,
        body: page([review('a'), review('b', { rating: 4, name: 'Dana R.', text: 'Good food, late once.', reply: { text: 'Sorry about that one!', at: '2026-10-03T10:00:00.000Z' } })]),
      },
      [ME]: signedOut,
    });
    renderRoutes('/service/fit-fuel-kitchen');
    const section = (await screen.findByRole('heading', { level: 2, name: 'Reviews' })).parentElement!;
    expect(await within(section).findByText('(2 reviews)')).toBeInTheDocument();
    expect(within(section).getByRole('img', { name: 'Rated 4.5 out of 5' })).toBeInTheDocument();
    const items = within(within(section).getByRole('list', { name: 'Reviews, newest first' })).getAllByRole('article');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual(['Review by Eli', 'Review by Dana R.']);
    expect(within(items[1]!).getByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument();
    expect(within(items[1]!).getByText('Reply from the owner').nextSibling?.textContent).toBe('Sorry about that one!');
    expect(within(section).getByRole('link', { name: 'Sign in to write a review' })).toHaveAttribute('href', '/login?next=%2Fservice%2Ffit-fuel-kitchen');
    expect(within(section).queryByText('Report this review')).not.toBeInTheDocument();
    // The head of the page gives the rating too.
    expect(screen.getAllByText('(2 reviews)')).toHaveLength(2);

    await waitFor(() => expect(structuredData().find((t) => t['@type'] === 'FoodEstablishment')?.review).toBeDefined());
    expect(structuredData().find((t) => t['@type'] === 'FoodEstablishment')).toMatchObject({
      aggregateRating: { '@type': 'AggregateRating', ratingValue: '4.5', reviewCount: 2, bestRating: 5, worstRating: 1 },
      review: [
        { '@type': 'Review', author: { '@type': 'Person', name: 'Eli' }, reviewRating: { ratingValue: 5 } },
        { '@type': 'Review', author: { '@type': 'Person', name: 'Dana R.' }, reviewRating: { ratingValue: 4 } },
      ],
    });
  });

  it('when a listing has no reviews, then it says so and its structured data carries no rating', async () => {
    mockApi({ [DETAIL]: { status: 200, body: publicService({ id: SERVICE_ID }) }, [REVIEWS]: { status: 200, body: page([], { average: null, count: 0 }) }, [ME]: signedOut });
    renderRoutes('/service/fit-fuel-kitchen');
    const section = (await screen.findByRole('heading', { level: 2, name: 'Reviews' })).parentElement!;
    expect(within(section).getByText('No reviews yet')).toBeInTheDocument();
    expect(document.querySelector('script[type="application/ld+json"]')?.textContent).not.toContain('aggregateRating');
  });

  it('when a signed-in visitor writes a review, then it is sent with their rating and name and shows with the new average', async () => {
    const fetch = mockApi({
      [DETAIL]: [
        { status: 200, body: publicService({ id: SERVICE_ID, rating: { average: 5, count: 1 } }) },
        { status: 200, body: publicService({ id: SERVICE_ID, rating: { average: 3, count: 2 } }) },
      ],
      [REVIEWS]: [
        { status: 200, body: page([review('a')], { average: 5, count: 1 }) },
        { status: 200, body: page([review('d', { rating: 1, name: 'Dana', text: 'Cold food twice this month, sadly.' }), review('a')], { average: 3, count: 2 }) },
      ],
      [ME]: signedIn,
      [STANDING]: [
        { status: 200, body: { review: null, owner: false, reported: [] } },
        { status: 200, body: { review: { ...review('d', { rating: 1, name: 'Dana', text: 'Cold food twice this month, sadly.' }), status: 'published', reason: null }, owner: false, reported: [] } },
      ],
      [WRITE]: { status: 201, body: { ...review('d'), status: 'published', reason: null } },
    });
    renderRoutes('/service/fit-fuel-kitchen');
    const form = await screen.findByRole('form', { name: 'Write a review' });
    await userEvent.click(within(form).getByRole('radio', { name: '1 star' }));
    await userEvent.type(within(form).getByLabelText(/Your review/), 'Cold food twice this month, sadly.');
    await userEvent.type(within(form).getByLabelText('Your name as shown'), 'Dana');
    await userEvent.click(within(form).getByRole('button', { name: 'Publish your review' }));
    await waitFor(() => expect(bodiesTo(fetch, WRITE)).toEqual([{ rating: 1, text: 'Cold food twice this month, sadly.', name: 'Dana' }]));
    expect(await screen.findByText('Your review is published.')).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Review by Dana' })).toBeInTheDocument();
    expect(screen.getAllByText('(2 reviews)').length).toBeGreaterThan(0);
    // Every other review may be reported; their own not.
    expect(within(screen.getByRole('article', { name: 'Review by Eli' })).getByRole('button', { name: 'Report this review' })).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Review by Dana' })).queryByRole('button', { name: 'Report this review' })).not.toBeInTheDocument();
  });

  it('when the site refuses a review, then its message shows by the form', async () => {
    mockApi({
      [DETAIL]: { status: 200, body: publicService({ id: SERVICE_ID }) },
      [REVIEWS]: { status: 200, body: page([], { average: null, count: 0 }) },
      [ME]: signedIn,
      [STANDING]: { status: 200, body: { review: null, owner: false, reported: [] } },
      [WRITE]: { status: 400, body: { error: { code: 'invalid_input', message: 'The review must be at least 20 characters long.' } } },
    });
    renderRoutes('/service/fit-fuel-kitchen');
    const form = await screen.findByRole('form', { name: 'Write a review' });
    await userEvent.click(within(form).getByRole('radio', { name: '5 stars' }));
    await userEvent.type(within(form).getByLabelText(/Your review/), 'Yum.');
    await userEvent.type(within(form).getByLabelText('Your name as shown'), 'Dana');
    await userEvent.click(within(form).getByRole('button', { name: 'Publish your review' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('The review must be at least 20 characters long.');
  });

  it('when a visitor sends a review and the answer is slow while another review comes in, then their rating and words stay shown; when it fails, they are kept with a message', async () => {
    const slow = heldAnswer();
    const fetch = mockApi({
      [DETAIL]: { status: 200, body: publicService({ id: SERVICE_ID, rating: { average: 5, count: 1 } }) },
      [REVIEWS]: [
        { status: 200, body: page([review('a')], { average: 5, count: 1 }) },
        { status: 200, body: page([review('k', { name: 'Kim', text: 'Fresh every week, and the driver is always kind.' }), review('a')], { average: 5, count: 2 }) },
      ],
      [ME]: signedIn,
      [STANDING]: { status: 200, body: { review: null, owner: false, reported: [] } },
      [WRITE]: { ...unavailable, after: slow.after },
    });
    const { queryClient } = renderRoutes('/service/fit-fuel-kitchen');
    const form = await screen.findByRole('form', { name: 'Write a review' });
    await userEvent.click(within(form).getByRole('radio', { name: '4 stars' }));
    await userEvent.type(within(form).getByLabelText(/Your review/), 'Hearty bowls, and the salmon is always moist.');
    await userEvent.type(within(form).getByLabelText('Your name as shown'), 'Dana');
    await userEvent.click(within(form).getByRole('button', { name: 'Publish your review' }));
    await waitFor(() => expect(callsTo(fetch, WRITE)).toHaveLength(1));

    // Meanwhile another review is published: the live stream has the listing's reviews read again.
    void queryClient.invalidateQueries({ queryKey: queryKeys.services.all });
    expect(await screen.findByRole('article', { name: 'Review by Kim' })).toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetch, STANDING).some((url) => url.searchParams.get('shown')?.includes('k'.repeat(24)))).toBe(true));
    const writing = screen.getByRole('form', { name: 'Write a review' });
    expect(within(writing).getByRole('radio', { name: '4 stars' })).toBeChecked();
    expect(within(writing).getByLabelText(/Your review/)).toHaveValue('Hearty bowls, and the salmon is always moist.');
    expect(within(writing).getByLabelText('Your name as shown')).toHaveValue('Dana');
    expect(within(writing).getByText(REVIEW_SENDING_TEXT)).toBeInTheDocument();

    slow.release();
    expect(await within(writing).findByRole('alert')).toHaveTextContent(REVIEW_NOT_SAVED_TEXT);
    expect(within(writing).getByRole('alert')).toHaveTextContent('The catalog service is unavailable.');
    expect(within(writing).getByRole('radio', { name: '4 stars' })).toBeChecked();
    expect(within(writing).getByLabelText(/Your review/)).toHaveValue('Hearty bowls, and the salmon is always moist.');
    expect(within(writing).getByLabelText('Your name as shown')).toHaveValue('Dana');
    expect(within(writing).getByRole('button', { name: 'Publish your review' })).toBeEnabled();
    expect(within(writing).queryByText(REVIEW_SENDING_TEXT)).not.toBeInTheDocument();
  });

  it('when a review waits for our team, then its writer reads that and can still edit it', async () => {
    mockApi({
      [DETAIL]: { status: 200, body: publicService({ id: SERVICE_ID }) },
      [REVIEWS]: { status: 200, body: page([], { average: null, count: 0 }) },
      [ME]: signedIn,
      [STANDING]: { status: 200, body: { review: { ...review('d', { text: 'See www.example.com for more.' }), status: 'held', reason: null }, owner: false, reported: [] } },
    });
    renderRoutes('/service/fit-fuel-kitchen');
    const mine = await screen.findByLabelText('Your review');
    expect(within(mine).getByText('Your review waits for our team before it is shown.')).toBeInTheDocument();
    await userEvent.click(within(mine).getByRole('button', { name: 'Edit your review' }));
    expect(screen.getByRole('form', { name: 'Edit your review' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Your review/)).toHaveValue('See www.example.com for more.');
  });

  it("when the listing's owner reads its reviews, then they reply once to a review without a reply", async () => {
    const id = 'a'.repeat(24);
    const fetch = mockApi({
      [DETAIL]: { status: 200, body: publicService({ id: SERVICE_ID, rating: { average: 5, count: 1 } }) },
      [REVIEWS]: [
        { status: 200, body: page([review('a')], { average: 5, count: 1 }) },
        { status: 200, body: page([review('a', { reply: { text: 'Thank you!', at: '2026-10-05T10:00:00.000Z' } })], { average: 5, count: 1 }) },
      ],
      [ME]: signedIn,
      [STANDING]: { status: 200, body: { review: null, owner: true, reported: [] } },
      [`/api/catalog/reviews/${id}/reply`]: { status: 201, body: review('a') },
    });
    renderRoutes('/service/fit-fuel-kitchen');
    expect(await screen.findByText('You own this listing: you can reply once to each review.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Write a review' })).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Reply' }));
    await userEvent.type(screen.getByLabelText(/Your reply, shown to everyone/), 'Thank you!');
    await userEvent.click(screen.getByRole('button', { name: 'Publish reply' }));
    await waitFor(() => expect(bodiesTo(fetch, `/api/catalog/reviews/${id}/reply`)).toEqual([{ text: 'Thank you!' }]));
    expect(await screen.findByText('Reply from the owner')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reply' })).not.toBeInTheDocument();
  });

  it("when the owner's reply waits for our team, then the owner reads that instead of a form; a reply taken down says so too", async () => {
    const id = 'a'.repeat(24);
    const fetch = mockApi({
      [DETAIL]: { status: 200, body: publicService({ id: SERVICE_ID, rating: { average: 4, count: 2 } }) },
      [REVIEWS]: { status: 200, body: page([review('a'), review('b', { rating: 3, name: 'Dana R.' })], { average: 4, count: 2 }) },
      [ME]: signedIn,
      [STANDING]: [
        { status: 200, body: { review: null, owner: true, reported: [], replies: [{ reviewId: 'b'.repeat(24), status: 'removed' }] } },
        {
          status: 200,
          body: {
            review: null,
            owner: true,
            reported: [],
            replies: [
              { reviewId: id, status: 'held' },
              { reviewId: 'b'.repeat(24), status: 'removed' },
            ],
          },
        },
      ],
      [`/api/catalog/reviews/${id}/reply`]: { status: 201, body: review('a') },
    });
    renderRoutes('/service/fit-fuel-kitchen');
    const [first, second] = within(await screen.findByRole('list', { name: 'Reviews, newest first' })).getAllByRole('listitem');
    expect(await within(second!).findByText(REPLY_REMOVED_TEXT)).toBeInTheDocument();
    expect(within(second!).queryByRole('button', { name: 'Reply' })).not.toBeInTheDocument();
    await userEvent.click(within(first!).getByRole('button', { name: 'Reply' }));
    await userEvent.type(within(first!).getByLabelText(/Your reply, shown to everyone/), 'See www.our-shop.example.com!');
    await userEvent.click(within(first!).getByRole('button', { name: 'Publish reply' }));
    await waitFor(() => expect(bodiesTo(fetch, `/api/catalog/reviews/${id}/reply`)).toEqual([{ text: 'See www.our-shop.example.com!' }]));
    expect(await within(first!).findByText(REPLY_HELD_TEXT)).toBeInTheDocument();
    expect(within(first!).queryByRole('button', { name: 'Reply' })).not.toBeInTheDocument();
  });
});

describe('ratings on cards', () => {
  it('when a listed service has reviews, then its card gives the average and count; one with none says nothing of it', async () => {
    mockApi({
      '/api/catalog/services': {
        status: 200,
        body: serviceList([serviceCard({ name: 'Rated Kitchen', slug: 'rated-kitchen', rating: { average: 4.2, count: 17 } }), serviceCard({ name: 'New Kitchen', slug: 'new-kitchen' })]),
      },
    });
    renderRoutes('/services-by-name');
    const rated = (await screen.findByRole('link', { name: 'Rated Kitchen' })).closest('article')!;
    expect(within(rated).getByRole('img', { name: 'Rated 4.2 out of 5' })).toBeInTheDocument();
    expect(within(rated).getByText('(17 reviews)')).toBeInTheDocument();
    const fresh = screen.getByRole('link', { name: 'New Kitchen' }).closest('article')!;
    expect(within(fresh).queryByText(/reviews?\)/)).not.toBeInTheDocument();
    expect(within(fresh).queryByText('No reviews yet')).not.toBeInTheDocument();
  });
});
