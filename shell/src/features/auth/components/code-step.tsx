import { LoginWithCodeSchema } from '@mealprep/contracts';
import { LOGIN_CODE_LENGTH } from '@mealprep/contracts/browser';
import { Button } from '@mealprep/ui';
import { contractResolver } from '@mealprep/ui/forms';
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { inputClass } from '../lib/sign-in-text';

export const INVALID_CODE = 'The code is the 6 digits in the e-mail.';

interface CodeStepProps {
  sentTo: string;
  verifying: boolean;
  resend: 'idle' | 'resending' | 'sent';
  onSignIn: (code: string) => void;
  onInvalid: (message: string) => void;
  onResend: () => void;
  onBack: () => void;
}

/** Step 2: the one-time code from the e-mail (checked with auth.login.code's contract first), resend, or another address. */
export function CodeStep({ sentTo, verifying, resend, onSignIn, onInvalid, onResend, onBack }: CodeStepProps) {
  const resolver = useMemo(
    () =>
      contractResolver({
        schema: LoginWithCodeSchema,
        toPayload: (form: { code: string }) => (form.code.trim() ? { email: sentTo, code: form.code.trim() } : null),
        fieldOf: (path) => (path[0] === 'code' ? 'code' : null),
      }),
    [sentTo],
  );
  const { register, handleSubmit, setFocus, formState } = useForm<{ code: string }, unknown, { email: string; code: string } | null>({ defaultValues: { code: '' }, resolver });
  useEffect(() => setFocus('code'), [setFocus]);
  const submit = handleSubmit(
    (request) => {
      if (request && !verifying) onSignIn(request.code);
    },
    () => onInvalid(INVALID_CODE),
  );
  return (
    <form className="mt-6 space-y-4" noValidate onSubmit={(event) => void submit(event)}>
      <p className="text-sm text-gray-700 dark:text-gray-300">We sent a sign-in link to {sentTo}. Open it on this device or enter the one-time code below.</p>
      <div>
        <label htmlFor="login-code" className="block text-sm font-medium">
          One-time code
        </label>
        <input
          id="login-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={LOGIN_CODE_LENGTH + 4}
          placeholder="123456"
          aria-invalid={formState.errors.code ? true : undefined}
          className={`mt-1 tracking-widest ${inputClass}`}
          {...register('code')}
        />
      </div>
      <Button type="submit" className="w-full" disabled={verifying}>
        {verifying ? 'Signing in…' : 'Sign in'}
      </Button>
      <div className="flex items-center justify-between text-sm">
        <button type="button" className="font-medium text-emerald-700 hover:underline disabled:opacity-60 dark:text-emerald-400" onClick={onResend} disabled={resend === 'resending'}>
          {resend === 'resending' ? 'Resending…' : resend === 'sent' ? 'Sent!' : 'Resend'}
        </button>
        <button type="button" className="font-medium text-gray-700 hover:underline dark:text-gray-300" onClick={onBack}>
          Use a different email
        </button>
      </div>
    </form>
  );
}
