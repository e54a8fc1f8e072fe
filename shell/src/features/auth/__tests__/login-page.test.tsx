import { bodiesTo, callsTo, mockApi } from '@mealprep/api-client/testing';
import { SESSION_QUERY_KEY } from '@mealprep/api-client';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { Route, Routes } from '@mealprep/router';
import { MemoryRouter } from '@mealprep/router/testing';
import { currentLocation, LocationProbe, testQueryClient, WithQueryClient } from '../../../testing/providers';
import { LoginPage, safeNext } from '../components/login-page';

const user = { id: 'u1', email: 'owner@example.com', roles: [] };
const signedOut = { status: 200, body: { user: null } };

function renderLogin(path = '/login', client = testQueryClient()) {
  return render(
    <StrictMode>
      <WithQueryClient client={client}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/login" element={<LoginPage />} />
            <Route path="/dashboard" element={<p>dashboard</p>} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </WithQueryClient>
    </StrictMode>,
  );
}

describe('sign-in screen', () => {
  it('when opened, then step 1 shows its texts; an empty address sends nothing; the address is trimmed and lowercased', async () => {
    const fetch = mockApi({ '/api/auth/me': signedOut, '/api/auth/login/request': { status: 202, body: { sent: true } } });
    renderLogin();
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByText('Passwordless magic link')).toBeInTheDocument();
    expect(screen.getByText("We'll email you a secure one-time sign-in link. No password to remember.")).toBeInTheDocument();
    const field = screen.getByLabelText('Email');
    expect(field).toHaveAttribute('placeholder', 'you@example.com');
    expect(field.closest('form')).toHaveAttribute('novalidate');
    expect(document.title).toBe('Sign In | Meal Prep Directory');
    expect(document.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');

    await userEvent.click(screen.getByRole('button', { name: 'Send magic link' }));
    expect(callsTo(fetch, '/api/auth/login/request')).toHaveLength(0);

    await userEvent.type(field, '  Owner@Example.COM ');
    await userEvent.click(screen.getByRole('button', { name: 'Send magic link' }));
    expect(await screen.findByText('We sent a sign-in link to owner@example.com. Open it on this device or enter the one-time code below.')).toBeInTheDocument();
    expect(bodiesTo(fetch, '/api/auth/login/request')).toEqual([{ email: 'owner@example.com' }]);
    expect(screen.getByPlaceholderText('123456')).toHaveAttribute('inputmode', 'numeric');
  });

  it('when the address or the code breaks the sign-in contract, then the page says so, marks the field and sends nothing', async () => {
    const fetch = mockApi({ '/api/auth/me': signedOut, '/api/auth/login/request': { status: 202, body: { sent: true } }, '/api/auth/login/code': { status: 200, body: { user } } });
    renderLogin();
    const field = await screen.findByLabelText('Email');
    await userEvent.type(field, 'owner-at-example');
    await userEvent.click(screen.getByRole('button', { name: 'Send magic link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a valid email address.');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(fetch, '/api/auth/login/request')).toHaveLength(0);
    await userEvent.clear(field);
    await userEvent.type(field, 'owner@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send magic link' }));
    const code = await screen.findByPlaceholderText('123456');
    expect(code).toHaveFocus();
    await userEvent.type(code, '12a45');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The code is the 6 digits in the e-mail.');
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(fetch, '/api/auth/login/code')).toHaveLength(0);
  });

  it('when the code step is shown, then Resend goes Resending… then Sent!, and "Use a different email" goes back', async () => {
    let release: () => void = () => {};
    const fetch = mockApi({ '/api/auth/me': signedOut, '/api/auth/login/request': { status: 202, body: { sent: true } } });
    renderLogin();
    await userEvent.type(await screen.findByLabelText('Email'), 'a@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send magic link' }));
    await screen.findByRole('button', { name: 'Sign in' });
    const gate = new Promise<void>((resolve) => (release = resolve));
    const plain = fetch.getMockImplementation()!;
    fetch.mockImplementationOnce(async (...args) => {
      await gate;
      return plain(...args);
    });
    await userEvent.click(screen.getByRole('button', { name: 'Resend' }));
    expect(screen.getByRole('button', { name: 'Resending…' })).toBeDisabled();
    await act(async () => release());
    expect(await screen.findByRole('button', { name: 'Sent!' })).toBeInTheDocument();
    expect(callsTo(fetch, '/api/auth/login/request')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Use a different email' }));
    expect(screen.getByRole('button', { name: 'Send magic link' })).toBeInTheDocument();
  });

  it('when sending fails, then the server reason shows, else "Error sending link"; the button is usable again', async () => {
    const limited = { status: 429, body: { error: { code: 'too_many_requests', message: 'Too many sign-in e-mails. Please wait 14 minutes and try again.' } } };
    mockApi({ '/api/auth/me': signedOut, '/api/auth/login/request': [limited, { status: 500 }] });
    renderLogin();
    await userEvent.type(await screen.findByLabelText('Email'), 'a@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send magic link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many sign-in e-mails. Please wait 14 minutes and try again.');
    await userEvent.click(screen.getByRole('button', { name: 'Send magic link' }));
    expect(await screen.findByText('Error sending link')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send magic link' })).toBeEnabled();
  });

  it('when the code is wrong, then the reason shows; when right, then the user is signed in and sent to /dashboard', async () => {
    const wrong = { status: 400, body: { error: { code: 'code_invalid', message: 'That code is not right or has expired. Check the e-mail or request a new one.' } } };
    const fetch = mockApi({
      '/api/auth/me': signedOut,
      '/api/auth/login/request': { status: 202, body: { sent: true } },
      '/api/auth/login/code': [wrong, { status: 502 }, { status: 200, body: { user } }],
    });
    const client = testQueryClient();
    renderLogin('/login', client);
    await userEvent.type(await screen.findByLabelText('Email'), 'owner@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send magic link' }));
    const code = await screen.findByPlaceholderText('123456');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(callsTo(fetch, '/api/auth/login/code')).toHaveLength(0);
    await userEvent.type(code, ' 000000 ');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not right or has expired.');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Login failed')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('dashboard')).toBeInTheDocument();
    expect(currentLocation()).toBe('/dashboard');
    expect(bodiesTo(fetch, '/api/auth/login/code').at(-1)).toEqual({ email: 'owner@example.com', code: '000000' });
    expect(client.getQueryData(SESSION_QUERY_KEY)).toEqual(user);
  });

  const LINK = { loginToken: 'abc.def.ghi-jkl_mnopqrstuv', selector: 'AAAAAAAAAAAAAAAAAAAAAA' };
  const LINK_PATH = `/login?loginToken=${LINK.loginToken}&selector=${LINK.selector}`;
  const linkFor = (email: string) => ({ status: 200, body: { email } });
  const usedLink = { status: 400, body: { error: { code: 'bad_request', message: 'This sign-in link is invalid, has expired or was already used. Request a new one.' } } };

  it('when the e-mailed link is opened, then it shows whom it signs in with a focused Sign in button; only pressing it signs in', async () => {
    const fetch = mockApi({ '/api/auth/me': signedOut, '/api/auth/login/link/check': linkFor('owner@example.com'), '/api/auth/login/link': { status: 200, body: { user } } });
    renderLogin(LINK_PATH);
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    expect(await screen.findByText('This sign-in link is for owner@example.com.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toHaveFocus();
    expect(new Set(bodiesTo(fetch, '/api/auth/login/link/check').map((b) => JSON.stringify(b)))).toEqual(new Set([JSON.stringify(LINK)]));
    expect(callsTo(fetch, '/api/auth/login/link')).toHaveLength(0);
    expect(currentLocation()).toBe(LINK_PATH);

    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('dashboard')).toBeInTheDocument();
    expect(bodiesTo(fetch, '/api/auth/login/link')).toEqual([LINK]);
  });

  it('when a link for another address is opened by someone signed in, then they are told it will switch accounts, and nothing changes until they press Sign in', async () => {
    const signedInAs = { id: 'u2', email: 'a@example.com', roles: [] };
    const fetch = mockApi({
      '/api/auth/me': { status: 200, body: { user: signedInAs } },
      '/api/auth/login/link/check': linkFor('owner@example.com'),
      '/api/auth/login/link': { status: 200, body: { user } },
    });
    const client = testQueryClient();
    renderLogin(LINK_PATH, client);
    expect(await screen.findByText('You are signed in as a@example.com. Signing in will switch to owner@example.com.')).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Sign in' });
    expect(button).toHaveFocus();
    expect(callsTo(fetch, '/api/auth/login/link')).toHaveLength(0);
    expect(client.getQueryData(SESSION_QUERY_KEY)).toEqual(signedInAs);

    await userEvent.click(button);
    expect(await screen.findByText('dashboard')).toBeInTheDocument();
    expect(bodiesTo(fetch, '/api/auth/login/link')).toEqual([LINK]);
    expect(client.getQueryData(SESSION_QUERY_KEY)).toEqual(user);
  });

  it('when someone signed in opens their own link, then they go to /dashboard and the link is left unused', async () => {
    const fetch = mockApi({ '/api/auth/me': { status: 200, body: { user } }, '/api/auth/login/link/check': linkFor('owner@example.com') });
    renderLogin(LINK_PATH.replace(/A/g, 'D'));
    expect(await screen.findByText('dashboard')).toBeInTheDocument();
    expect(callsTo(fetch, '/api/auth/login/link')).toHaveLength(0);
  });

  it('when the link no longer works, then the reason shows on the sign-in form and nothing is posted to sign in', async () => {
    const fetch = mockApi({ '/api/auth/me': signedOut, '/api/auth/login/link/check': usedLink });
    renderLogin(LINK_PATH.replace(/A/g, 'B'));
    expect(await screen.findByRole('alert')).toHaveTextContent('This sign-in link is invalid, has expired or was already used.');
    expect(screen.getByRole('button', { name: 'Send magic link' })).toBeInTheDocument();
    expect(screen.queryByText(/This sign-in link is for/)).not.toBeInTheDocument();
    expect(callsTo(fetch, '/api/auth/login/link')).toHaveLength(0);
  });

  it('when the link is used up between opening and pressing Sign in, then the reason shows on the sign-in form', async () => {
    mockApi({ '/api/auth/me': signedOut, '/api/auth/login/link/check': linkFor('owner@example.com'), '/api/auth/login/link': usedLink });
    renderLogin(LINK_PATH.replace(/A/g, 'C'));
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This sign-in link is invalid, has expired or was already used.');
    expect(screen.getByRole('button', { name: 'Send magic link' })).toBeInTheDocument();
  });

  it('when the sign-in came from a dashboard page, then the user returns there; anywhere else is refused', async () => {
    mockApi({ '/api/auth/me': signedOut, '/api/auth/login/request': { status: 202, body: { sent: true } }, '/api/auth/login/code': { status: 200, body: { user } } });
    render(
      <WithQueryClient>
        <MemoryRouter initialEntries={['/login?next=%2Fdashboard%2Fadd-service']}>
          <Routes>
            <Route path="/login" element={<LoginPage />} />
            <Route path="/dashboard/add-service" element={<p>add service</p>} />
          </Routes>
        </MemoryRouter>
      </WithQueryClient>,
    );
    await userEvent.type(await screen.findByLabelText('Email'), 'owner@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send magic link' }));
    await userEvent.type(await screen.findByPlaceholderText('123456'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('add service')).toBeInTheDocument();
    for (const next of ['https://evil.example/dashboard', '//evil.example', '/login', 'javascript:alert(1)', '/dashboard?x=<script>']) expect(safeNext(next)).toBe('/dashboard');
    expect(safeNext('/dashboard/services/abc/edit')).toBe('/dashboard/services/abc/edit');
    // A visitor who signs in to review a service goes back to its page.
    expect(safeNext('/service/green-fork-kitchen')).toBe('/service/green-fork-kitchen');
    for (const next of ['/service/', '/service/a/b', '/service/x?y=1', '/services-by-name']) expect(safeNext(next)).toBe('/dashboard');
  });

  it('when someone signed in opens /login, then they go to /dashboard', async () => {
    mockApi({ '/api/auth/me': { status: 200, body: { user } } });
    renderLogin();
    expect(await screen.findByText('dashboard')).toBeInTheDocument();
  });
});
