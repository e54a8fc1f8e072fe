import { isApiError, loginLinkQuery } from '@mealprep/api-client';
import { Loading, usePageMeta } from '@mealprep/ui';
import { useQuery } from '@mealprep/query';
import { useEffect, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from '@mealprep/router';
import { useSession } from '../../../lib/use-session';
import { useRequestLoginLink, useSignIn, type SignIn } from '../api/sign-in';
import { INVALID_EMAIL, messageOf, safeNext } from '../lib/sign-in-text';
import { CodeStep } from './code-step';
import { ConfirmLink } from './confirm-link';
import { EmailStep } from './email-step';

export { safeNext };

/**
 * /login: e-mail step, then code step. A link from the e-mail (?loginToken&selector) first asks
 * whom it is for (which uses nothing), then shows that address and a Sign in button; only the
 * button's POST uses the link. So neither a mail scanner that opens the link nor a link someone
 * else sent signs this browser in by itself.
 */
export function LoginPage() {
  usePageMeta({ title: 'Sign In', noindex: true });
  const { user, isLoading } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const loginToken = params.get('loginToken');
  const selector = params.get('selector');
  const next = safeNext(params.get('next'));

  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [linkFailed, setLinkFailed] = useState(false);
  const request = useRequestLoginLink();
  const resend = useRequestLoginLink();
  const signIn = useSignIn(user?.id ?? null);
  const hasLink = Boolean(loginToken && selector) && !linkFailed;
  const linkCheck = useQuery({ ...loginLinkQuery(loginToken ?? '', selector ?? ''), enabled: hasLink && !signIn.isPending });

  useEffect(() => {
    if (hasLink && linkCheck.isError) {
      setLinkFailed(true);
      setError(messageOf(linkCheck.error, 'Login failed'));
    }
  }, [hasLink, linkCheck.isError, linkCheck.error]);

  const run = (how: SignIn) => {
    setError(null);
    signIn.mutate(how, {
      onSuccess: () => void navigate(next, { replace: true }),
      onError: (failure) => {
        if (how.with === 'link') setLinkFailed(true);
        setError(messageOf(failure, 'Login failed'));
      },
    });
  };

  const linkFor = linkCheck.data?.email;
  const confirmingLink = hasLink && !(signIn.isPending && signIn.variables.with === 'code');
  if (confirmingLink) {
    if (!linkFor || isLoading) return <Loading />;
    // Already signed in as that address: nothing to confirm, and the link is left unused.
    if (!signIn.isPending && !signIn.isSuccess && user?.email === linkFor) return <Navigate to={next} replace />;
  }
  if (!isLoading && user && !hasLink && !signIn.isPending && !signIn.isSuccess) return <Navigate to={next} replace />;

  const send = (address: string) => {
    setError(null);
    request.mutate(address, {
      onSuccess: () => {
        setSentTo(address);
        resend.reset();
      },
      onError: (failure) => setError(isApiError(failure) && failure.code === 'bad_request' ? INVALID_EMAIL : messageOf(failure, 'Error sending link')),
    });
  };
  const sendAgain = () => {
    if (!sentTo || resend.isPending) return;
    setError(null);
    resend.mutate(sentTo, { onError: (failure) => setError(messageOf(failure, 'Error sending link')) });
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
        {confirmingLink && linkFor ? (
          <ConfirmLink
            email={linkFor}
            signedInAs={user && user.email !== linkFor ? user.email : null}
            busy={signIn.isPending || signIn.isSuccess}
            onConfirm={() => loginToken && selector && run({ with: 'link', loginToken, selector })}
          />
        ) : sentTo === null ? (
          <EmailStep sending={request.isPending} onSend={send} onInvalid={setError} />
        ) : (
          <CodeStep
            sentTo={sentTo}
            verifying={signIn.isPending || signIn.isSuccess}
            resend={resend.isPending ? 'resending' : resend.isSuccess ? 'sent' : 'idle'}
            onSignIn={(code) => run({ with: 'code', email: sentTo, code })}
            onInvalid={setError}
            onResend={sendAgain}
            onBack={() => {
              setSentTo(null);
              setError(null);
              resend.reset();
            }}
          />
        )}
      </div>
    </section>
  );
}
