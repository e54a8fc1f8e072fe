import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bodiesTo, mockApi, publicService, renderRoutes } from '../../../testing/render-routes';
import { QUOTE_NOT_SENT_TEXT, UNCLAIMED_NOTICE } from '../components/quote-form';

// The widget itself runs in a real browser (e2e/tests/quote-requests.e2e.ts); here its answer is given as its event gives it.
vi.mock('altcha', () => ({}));

const SERVICE_ID = 'd'.repeat(24);
const DETAIL = '/api/catalog/services/by-slug/fit-fuel-kitchen';
const FORM = `${DETAIL}/lead-form`;
const SEND = `/api/catalog/services/${SERVICE_ID}/leads`;
const challenge = { parameters: { algorithm: 'SHA-256', nonce: 'ab', salt: 'cd', cost: 1, keyLength: 32, keyPrefix: 'ef' }, signature: '00' };
const leadForm = (unclaimed: boolean) => ({ status: 200, body: { formToken: '1.token', challenge, unclaimed } });

async function fillIn(user: ReturnType<typeof userEvent.setup>, form: HTMLElement) {
  const field = (name: string) => within(form).getByLabelText(name);
  await user.type(field('Your name'), 'Dana Rivera');
  await user.type(field('Your e-mail address'), 'dana@example.com');
  await user.type(field('ZIP code'), '78701');
  await user.type(field('Meals per week'), '10');
  await user.type(field('Start date'), '2099-01-04');
  await user.selectOptions(field('Delivery or pickup'), 'pickup');
  await user.click(field('Keto'));
  await user.type(field('Your message'), 'Keto lunches for two, five days a week.');
}

/** The widget, once loaded, reporting that it solved its challenge. */
async function solveCheck(payload: string) {
  await waitFor(() => expect(document.querySelector('altcha-widget')).not.toBeNull());
  const widget = document.querySelector('altcha-widget')!;
  expect(JSON.parse(widget.getAttribute('challenge')!)).toEqual(challenge);
  widget.dispatchEvent(new CustomEvent('statechange', { detail: { state: 'verified', payload } }));
}

describe('requesting a quote from a listing', () => {
  it("when a visitor opens the form on the page and sends it, then it goes with the form token and the answer of the browser's check, and the confirmation takes its place", async () => {
    const fetch = mockApi({
      [DETAIL]: { status: 200, body: publicService({ id: SERVICE_ID, mealTypes: ['keto', 'vegan'] }) },
      [FORM]: leadForm(false),
      [SEND]: { status: 201, body: { outcome: 'sent' } },
    });
    const user = userEvent.setup();
    renderRoutes('/service/fit-fuel-kitchen');
    const opener = await screen.findByRole('link', { name: 'Request a quote' });
    // Without JavaScript the link is the quote page, whose form works without it.
    expect(opener).toHaveAttribute('href', '/service/fit-fuel-kitchen/quote');
    await user.click(opener);
    const form = await screen.findByRole('form', { name: 'Request a quote from Fit Fuel Kitchen' });
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/service/fit-fuel-kitchen/quote');
    expect(within(form).queryByText(UNCLAIMED_NOTICE)).not.toBeInTheDocument();
    expect(form).toHaveTextContent('We keep it 180 days, then delete it. Your address is never shown on the site.');
    await fillIn(user, form);
    await solveCheck('c29sdmVk');
    await user.click(within(form).getByRole('button', { name: 'Send your request' }));
    expect(await screen.findByText(/your request is on its way to the business/)).toBeInTheDocument();
    expect(bodiesTo(fetch, SEND)).toEqual([
      {
        name: 'Dana Rivera',
        email: 'dana@example.com',
        zip: '78701',
        mealTypes: ['keto'],
        mealsPerWeek: 10,
        startDate: '2099-01-04',
        fulfilment: 'pickup',
        message: 'Keto lunches for two, five days a week.',
        website: '',
        formToken: '1.token',
        altcha: 'c29sdmVk',
      },
    ]);
  });

  it('when the listing is unclaimed, then the visitor is told before sending that the request waits for a claim; a refusal keeps what they typed', async () => {
    const fetch = mockApi({
      [DETAIL]: { status: 200, body: publicService({ id: SERVICE_ID, ownerUserId: null }) },
      [FORM]: leadForm(true),
      [SEND]: { status: 429, body: { error: { code: 'rate_limited', message: 'You have sent 5 requests in the last hour.' } } },
    });
    const user = userEvent.setup();
    renderRoutes('/service/fit-fuel-kitchen/quote');
    const form = await screen.findByRole('form', { name: 'Request a quote from Fit Fuel Kitchen' });
    expect(within(form).getByText(UNCLAIMED_NOTICE)).toBeInTheDocument();
    expect(form).toHaveTextContent('We keep it 30 days unless the business claims its listing');
    await fillIn(user, form);
    await solveCheck('c29sdmVk');
    await user.click(within(form).getByRole('button', { name: 'Send your request' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(`${QUOTE_NOT_SENT_TEXT} You have sent 5 requests in the last hour.`);
    expect(within(form).getByLabelText('Your message')).toHaveValue('Keto lunches for two, five days a week.');
    expect(bodiesTo(fetch, SEND)).toHaveLength(1);
  });

  it('when the visitor sends before the check is done, then the request waits for it and goes once, with its answer', async () => {
    const fetch = mockApi({ [DETAIL]: { status: 200, body: publicService({ id: SERVICE_ID }) }, [FORM]: leadForm(false), [SEND]: { status: 201, body: { outcome: 'sent' } } });
    const user = userEvent.setup();
    renderRoutes('/service/fit-fuel-kitchen/quote');
    const form = await screen.findByRole('form', { name: 'Request a quote from Fit Fuel Kitchen' });
    await fillIn(user, form);
    await waitFor(() => expect(document.querySelector('altcha-widget')).not.toBeNull());
    await user.click(within(form).getByRole('button', { name: 'Send your request' }));
    expect(await screen.findByText('Finishing the check that you are a person…')).toBeInTheDocument();
    expect(bodiesTo(fetch, SEND)).toEqual([]);
    await solveCheck('bGF0ZQ==');
    expect(await screen.findByText(/your request is on its way/)).toBeInTheDocument();
    expect(bodiesTo(fetch, SEND)).toEqual([expect.objectContaining({ altcha: 'bGF0ZQ==' })]);
  });
});
