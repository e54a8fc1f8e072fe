import { bodiesTo, callsTo, mockApi } from '@mealprep/api-client/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderDashboardAt } from '../../../testing/render-dashboard';

const renderAdd = () => renderDashboardAt('/dashboard/add-service');

const reference = {
  '/api/catalog/meal-types': {
    status: 200,
    body: {
      items: [
        { slug: 'keto', name: 'Keto', description: '' },
        { slug: 'vegan', name: 'Vegan', description: '' },
      ],
    },
  },
  '/api/catalog/regions': { status: 200, body: { items: [{ slug: 'texas', name: 'Texas', countryCode: 'US', type: 'state' }] } },
  '/api/auth/me': { status: 200, body: { user: { id: 'u1', email: 'owner@example.com', roles: [] } } },
};

async function fillRequired() {
  await userEvent.type(screen.getByLabelText(/^Your name/), 'Sam Owner');
  await userEvent.clear(screen.getByLabelText(/^Email/));
  await userEvent.type(screen.getByLabelText(/^Email/), 'sam@example.com');
  await userEvent.type(screen.getByLabelText(/^Business name/), 'Sam Keto Kitchen');
}

// The whole owner's form, typed into key by key: on a busy machine a test takes well past the default 15 s.
describe('Submit your service', { timeout: 45_000 }, () => {
  it('when opened, then required fields are marked and Submit stays disabled with its tooltip until they and the terms are filled', async () => {
    mockApi(reference);
    renderAdd();
    expect(screen.getByRole('heading', { level: 1, name: 'Submit your service' })).toBeInTheDocument();
    expect(document.title).toBe('Submit your service | Meal Prep Directory');
    const submit = screen.getByRole('button', { name: 'Submit your service' });
    expect(submit).toBeDisabled();
    expect(submit.parentElement).toHaveAttribute('title', 'Fill all required fields to submit');
    await screen.findByLabelText('Keto');
    for (const label of [/^Your name/, /^Email/, /^Business name/]) expect(screen.getByLabelText(label)).toHaveAttribute('aria-required', 'true');
    await fillRequired();
    expect(submit).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: /I accept the Terms of Service/ }));
    expect(submit).toBeEnabled();
    expect(submit.parentElement).not.toHaveAttribute('title');
    await userEvent.clear(screen.getByLabelText(/^Your name/));
    await userEvent.type(screen.getByLabelText(/^Your name/), '   ');
    expect(submit).toBeDisabled();
  });

  it('when opened by a signed-in owner, then the email is their address until they type another', async () => {
    mockApi(reference);
    renderAdd();
    const email = screen.getByLabelText(/^Email/);
    await waitFor(() => expect(email).toHaveValue('owner@example.com'));
    await userEvent.clear(email);
    await userEvent.type(email, 'kitchen@example.com');
    expect(email).toHaveValue('kitchen@example.com');
  });

  it('when the owner says whether they have a website, then only the matching inputs show; Other reveals its text field', async () => {
    mockApi(reference);
    renderAdd();
    expect(screen.queryByLabelText('Website')).toBeNull();
    expect(screen.queryByLabelText('Instagram handle')).toBeNull();
    await userEvent.click(screen.getAllByRole('radio', { name: 'Yes' })[0]!);
    expect(screen.getByLabelText('Website')).toBeInTheDocument();
    expect(screen.queryByLabelText('Instagram handle')).toBeNull();
    await userEvent.click(screen.getAllByRole('radio', { name: 'No' })[0]!);
    expect(screen.queryByLabelText('Website')).toBeNull();
    expect(screen.getByLabelText('Instagram handle')).toBeInTheDocument();
    expect(screen.getByLabelText('Facebook page')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('How did you find us?'), 'Other');
    expect(screen.getByLabelText('Where did you hear of us?')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Years in business'), 'Other');
    expect(screen.getByLabelText('How long have you been in business?')).toBeInTheDocument();
    expect(screen.getAllByRole('option', { name: '250+ orders (up to 1500 meals or more)' })).toHaveLength(1);
  });

  it('when submitted, then a draft is created, then sent for approval, then the edit page opens', async () => {
    const fetch = mockApi({
      ...reference,
      '/api/catalog/services': { status: 201, body: { id: 'a'.repeat(24), slug: 'sam-keto-kitchen', status: 'draft' } },
      [`/api/catalog/services/${'a'.repeat(24)}/submit`]: { status: 200, body: {} },
      [`/api/catalog/services/${'a'.repeat(24)}/edit`]: { status: 404, body: { error: { code: 'not_found', message: 'x' } } },
    });
    renderAdd();
    await screen.findByLabelText('Keto');
    await fillRequired();
    await userEvent.click(screen.getByLabelText('Keto'));
    await userEvent.click(screen.getAllByRole('radio', { name: 'No' })[0]!);
    await userEvent.type(screen.getByLabelText('Instagram handle'), '@samketo');
    await userEvent.type(screen.getByLabelText('City'), 'Austin');
    await userEvent.selectOptions(screen.getByLabelText('State'), 'Texas');
    await userEvent.type(screen.getByLabelText('Lowest price per meal ($)'), '11');
    await userEvent.selectOptions(screen.getByLabelText('Plans'), 'One-off orders');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Monday' }));
    await userEvent.click(screen.getByRole('checkbox', { name: /I accept the Terms of Service/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit your service' }));
    // The location shows from the start (the add page's): waited for until the submission has moved it on.
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/dashboard/services/${'a'.repeat(24)}/edit`));
    const [sent] = bodiesTo(fetch, '/api/catalog/services') as Array<Record<string, unknown>>;
    expect(sent).toMatchObject({
      name: 'Sam Keto Kitchen',
      slug: 'sam-keto-kitchen',
      mealTypes: ['keto'],
      status: 'draft',
      contact: { email: 'sam@example.com', website: '', socialLinks: ['https://www.instagram.com/samketo'] },
      locations: [{ address: { city: 'Austin', region: 'Texas', countryCode: 'US' } }],
      metadata: { ownerName: 'Sam Owner', termsAccepted: true, submittedVia: 'dashboard' },
      // One price is both ends; what was left alone says nothing.
      offer: { pricePerMeal: { low: 11, high: 11 }, plans: 'one-off', pauseAnyTime: null, deliveryDays: ['mon'], orderCutoff: null, minimumOrderMeals: null, allergenFriendly: [], menuUrl: '' },
    });
    expect(callsTo(fetch, `/api/catalog/services/${'a'.repeat(24)}/submit`)).toHaveLength(1);
  });

  it('when a field breaks the listing contract, then the field says why, is marked invalid and nothing is sent until it is fixed', async () => {
    const fetch = mockApi({
      ...reference,
      '/api/catalog/services': { status: 201, body: { id: 'b'.repeat(24), slug: 'sam-keto-kitchen', status: 'draft' } },
      [`/api/catalog/services/${'b'.repeat(24)}/submit`]: { status: 200, body: {} },
    });
    renderAdd();
    await screen.findByLabelText('Keto');
    await fillRequired();
    await userEvent.clear(screen.getByLabelText(/^Email/));
    await userEvent.type(screen.getByLabelText(/^Email/), 'sam-at-example');
    await userEvent.click(screen.getByRole('checkbox', { name: /I accept the Terms of Service/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit your service' }));
    expect(await screen.findByText('Email must be an e-mail address')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Email/)).toHaveAccessibleDescription('Email must be an e-mail address');
    expect(callsTo(fetch, '/api/catalog/services')).toHaveLength(0);
    await userEvent.clear(screen.getByLabelText(/^Email/));
    await userEvent.type(screen.getByLabelText(/^Email/), 'sam@example.com');
    await waitFor(() => expect(screen.queryByText('Email must be an e-mail address')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Submit your service' }));
    await waitFor(() => expect(callsTo(fetch, '/api/catalog/services')).toHaveLength(1));
  });

  it('when creation fails, then the server message shows, else "Failed to create service listing"', async () => {
    mockApi({
      ...reference,
      '/api/catalog/services': [{ status: 409, body: { error: { code: 'slug_taken', message: 'That URL slug is already used by another service. Choose another.' } } }, { status: 500 }],
    });
    renderAdd();
    await screen.findByLabelText('Keto');
    await fillRequired();
    await userEvent.click(screen.getByRole('checkbox', { name: /I accept the Terms of Service/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit your service' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That URL slug is already used by another service. Choose another.');
    await userEvent.click(screen.getByRole('button', { name: 'Submit your service' }));
    expect(await screen.findByText('Failed to create service listing')).toBeInTheDocument();
  });

  it('when a logo is picked, then the type and size are checked first; a failed upload reverts the preview with its message', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() }));
    mockApi({
      ...reference,
      '/api/media/uploads': [
        { status: 415, body: { error: { code: 'unsupported_image', message: 'SVG images are not accepted. Please upload a PNG, JPEG, GIF, WebP or AVIF image.' } } },
        { status: 500 },
        { status: 201, body: { mediaId: 'u-abc', url: '/api/media/images/u-abc/full' } },
      ],
    });
    renderAdd();
    const picker = screen.getByLabelText('Upload a logo');
    await userEvent.upload(picker, new File(['hello'], 'notes.txt', { type: 'text/plain' }), { applyAccept: false });
    expect(await screen.findByText('Please select an image file')).toBeInTheDocument();
    const big = new File([new Uint8Array(10_485_761)], 'big.png', { type: 'image/png' });
    await userEvent.upload(picker, big);
    expect(await screen.findByText('Image size must be less than 10MB')).toBeInTheDocument();
    const png = new File([new Uint8Array([0x89, 0x50])], 'logo.png', { type: 'image/png' });
    await userEvent.upload(picker, png);
    expect(await screen.findByText('SVG images are not accepted. Please upload a PNG, JPEG, GIF, WebP or AVIF image.')).toBeInTheDocument();
    expect(screen.queryByAltText('Logo preview')).toBeNull();
    await userEvent.upload(picker, png);
    expect(await screen.findByText('Failed to upload image. Please try again.')).toBeInTheDocument();
    await userEvent.upload(picker, png);
    expect(await screen.findByAltText('Logo preview')).toHaveAttribute('src', '/api/media/images/u-abc/card');
  });
});
