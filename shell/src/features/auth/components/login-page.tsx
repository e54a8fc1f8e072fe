import { isApiError, IS_ADMIN_QUERY_KEY, serverMessage, loginLinkQuery, loginWithCode, loginWithLink, MY_SERVICES_QUERY_KEY, requestLoginLink, SESSION_QUERY_KEY } from '@mealprep/api-client';
import type { SessionUser } from '@mealprep/contracts';
import { LOGIN_CODE_LENGTH } from '@mealprep/contracts/browser';
import { Button, Loading, usePageMeta } from '@mealprep/ui';
import { useQuery, useQueryClient } from '@mealprep/query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Navigate, useNavigate, useSearchParams } from '@mealprep/router';
import { useSession } from '../../../lib/use-session';
import { ConfirmLink } from './confirm-link';

/** The error's reason (the server's message), else the fallback of spec §8. */
function messageOf(error: unknown, fallback: string): string {
  const fromServer = serverMessage(error);
  if (fromServer) return fromServer;
  if (error instanceof Error && error.message && !isApiError(error)) return error.message;
  return fallback;
}

/** Only a dashboard page of this site: never another origin (`//evil.example`) or a script URL. */
export function safeNext(value: string | null): string {
  return value && /^\/dashboard(\/[A-Za-z0-9/_-]*)?$/.test(value) ? value : '/dashboard';
}

const inputClass =
  'block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-gray-900 shadow-sm placeholder:text-gray-500 ' +
  'focus:border-emerald-600 focus:outline-2 focus:outline-emerald-600 dark:border-gray-600 dark:bg-gray-900 dark:text-white dark:placeholder:text-gray-400';

/**
 * /login: e-mail step, then code step. A link from the e-mail (?loginToken&selector) first asks
 * whom it is for (which uses nothing), then shows that address and a Sign in button; only the
 * button's POST uses the link. So neither a mail scanner that opens the link nor a link someone
 * else sent signs this browser in by itself.
 */
export function LoginPage() {
  usePageMeta({ title: 'Sign In', noindex: true });
  const { user, isLoading } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const loginToken = params.get('loginToken');
  const next = safeNext(params.get('next'));
  const selector = params.get('selector');

  const [step, setStep] = useState<'email' | 'code'>('email');
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState('');
  const [code, setCode] = useState('');
  const [sending, setSending] = useState(false);
  const [verifying, setVerifying] = useState(false);
  const [resend, setResend] = useState<'idle' | 'resending' | 'sent'>('idle');
  const [error, setError] = useState<string | null>(null);
  const [linkState, setLinkState] = useState<'none' | 'confirm' | 'working' | 'failed'>(loginToken && selector ? 'confirm' : 'none');
  const codeInput = useRef<HTMLInputElement>(null);
  const linkCheck = useQuery({ ...loginLinkQuery(loginToken ?? '', selector ?? ''), enabled: linkState === 'confirm' });

  const signedIn = (signedInUser: SessionUser) => {
    // Another account's data must not linger after a switch.
    if (user && user.id !== signedInUser.id) {
      queryClient.removeQueries({ queryKey: IS_ADMIN_QUERY_KEY });
      queryClient.removeQueries({ queryKey: MY_SERVICES_QUERY_KEY });
    }
    queryClient.setQueryData(SESSION_QUERY_KEY, signedInUser);
    void queryClient.invalidateQueries({ queryKey: IS_ADMIN_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: MY_SERVICES_QUERY_KEY });
    navigate(next, { replace: true });
  };

  const linkFailed = (failure: unknown) => {
    setLinkState('failed');
    setError(messageOf(failure, 'Login failed'));
  };

  useEffect(() => {
    if (linkState === 'confirm' && linkCheck.isError) linkFailed(linkCheck.error);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per failure: the error object and the handler change on every render
  }, [linkState, linkCheck.isError]);

  useEffect(() => {
    if (step === 'code') codeInput.current?.focus();
  }, [step]);

  const onConfirmLink = async () => {
    if (!loginToken || !selector || linkState !== 'confirm') return;
    setLinkState('working');
    setError(null);
    try {
      signedIn(await loginWithLink(loginToken, selector));
    } catch (failure) {
      linkFailed(failure);
    }
  };

  const linkFor = linkCheck.data?.email;
  if (linkState === 'confirm' || linkState === 'working') {
    if (!linkFor || isLoading) return <Loading />;
    // Already signed in as that address: nothing to confirm, and the link is left unused.
    if (linkState === 'confirm' && user?.email === linkFor) return <Navigate to={next} replace />;
  }
  if (!isLoading && user && linkState === 'none') return <Navigate to={next} replace />;

  const send = async (address: string) => {
    await requestLoginLink(address);
    setSentTo(address);
  };

  const onSubmitEmail = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim().toLowerCase();
    if (!address || sending) return;
    setSending(true);
    setError(null);
    try {
      await send(address);
      setStep('code');
      setCode('');
    } catch (failure) {
      setError(isApiError(failure) && failure.code === 'bad_request' ? 'Please enter a valid email address.' : messageOf(failure, 'Error sending link'));
    } finally {
      setSending(false);
    }
  };

  const onSubmitCode = async (event: FormEvent) => {
    event.preventDefault();
    const value = code.trim();
    if (!value || verifying) return;
    setVerifying(true);
    setError(null);
    try {
      signedIn(await loginWithCode(sentTo, value));
    } catch (failure) {
      setError(messageOf(failure, 'Login failed'));
      setVerifying(false);
    }
  };

  const onResend = async () => {
    if (resend === 'resending') return;
    setResend('resending');
    setError(null);
    try {
      await send(sentTo);
      setResend('sent');
    } catch (failure) {
      setResend('idle');
      setError(messageOf(failure, 'Error sending link'));
    }
  };

  return (
    <section className="mx-auto max-w-md py-8">
      <div className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8 dark:border-gray-800 dark:bg-gray-900">
        <h1 className="text-2xl font-bold tracking-tight">Sign in</h1>
        <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">Passwordless magic link</p>
        {error && (
          <p role="alert" className="mt-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
            {error}
          </p>
        )}
        {linkFor && (linkState === 'confirm' || linkState === 'working') ? (
          <ConfirmLink email={linkFor} signedInAs={user && user.email !== linkFor ? user.email : null} busy={linkState === 'working'} onConfirm={() => void onConfirmLink()} />
        ) : step === 'email' ? (
          <form className="mt-6 space-y-4" noValidate onSubmit={onSubmitEmail}>
            <div>
              <label htmlFor="login-email" className="block text-sm font-medium">
                Email
              </label>
              <input
                id="login-email"
                type="email"
                name="email"
                autoComplete="email"
                inputMode="email"
                placeholder="you@example.com"
                className={`mt-1 ${inputClass}`}
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
            </div>
            <Button type="submit" className="w-full" disabled={sending}>
              {sending ? 'Sending…' : 'Send magic link'}
            </Button>
            <p className="text-sm text-gray-600 dark:text-gray-400">We'll email you a secure one-time sign-in link. No password to remember.</p>
          </form>
        ) : (
          <form className="mt-6 space-y-4" noValidate onSubmit={onSubmitCode}>
            <p className="text-sm text-gray-700 dark:text-gray-300">
              We sent a sign-in link to {sentTo}. Open it on this device or enter the one-time code below.
            </p>
            <div>
              <label htmlFor="login-code" className="block text-sm font-medium">
                One-time code
              </label>
              <input
                id="login-code"
                ref={codeInput}
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9]*"
                maxLength={LOGIN_CODE_LENGTH + 4}
                placeholder="123456"
                className={`mt-1 tracking-widest ${inputClass}`}
                value={code}
                onChange={(e) => setCode(e.target.value)}
              />
            </div>
            <Button type="submit" className="w-full" disabled={verifying}>
              {verifying ? 'Signing in…' : 'Sign in'}
            </Button>
            <div className="flex items-center justify-between text-sm">
              <button
                type="button"
                className="font-medium text-emerald-700 hover:underline disabled:opacity-60 dark:text-emerald-400"
                onClick={() => void onResend()}
                disabled={resend === 'resending'}
              >
                {resend === 'resending' ? 'Resending…' : resend === 'sent' ? 'Sent!' : 'Resend'}
              </button>
              <button
                type="button"
                className="font-medium text-gray-700 hover:underline dark:text-gray-300"
                onClick={() => {
                  setStep('email');
                  setError(null);
                  setResend('idle');
                }}
              >
                Use a different email
              </button>
            </div>
          </form>
        )}
      </div>
    </section>
  );
}
