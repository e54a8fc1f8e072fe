import { LoginRequestSchema } from '@mealprep/contracts';
import { Button } from '@mealprep/ui';
import { contractResolver } from '@mealprep/ui/forms';
import { useForm } from 'react-hook-form';
import { inputClass, INVALID_EMAIL } from '../lib/sign-in-text';

const resolver = contractResolver({
  schema: LoginRequestSchema,
  // An empty field sends nothing and says nothing; the address is trimmed and lowercased, as the contract does.
  toPayload: (form: { email: string }) => (form.email.trim() ? { email: form.email.trim().toLowerCase() } : null),
  fieldOf: () => 'email',
});

/** Step 1: the address to send the link and code to, checked with auth.login.request's contract first. */
export function EmailStep({ sending, onSend, onInvalid }: { sending: boolean; onSend: (email: string) => void; onInvalid: (message: string) => void }) {
  const { register, handleSubmit, formState } = useForm<{ email: string }, unknown, { email: string } | null>({ defaultValues: { email: '' }, resolver });
  const submit = handleSubmit(
    (request) => {
      if (request && !sending) onSend(request.email);
    },
    () => onInvalid(INVALID_EMAIL),
  );
  return (
    <form className="mt-6 space-y-4" noValidate onSubmit={(event) => void submit(event)}>
      <div>
        <label htmlFor="login-email" className="block text-sm font-medium">
          Email
        </label>
        <input
          id="login-email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          aria-invalid={formState.errors.email ? true : undefined}
          className={`mt-1 ${inputClass}`}
          {...register('email')}
        />
      </div>
      <Button type="submit" className="w-full" disabled={sending}>
        {sending ? 'Sending…' : 'Send magic link'}
      </Button>
      <p className="text-sm text-gray-600 dark:text-gray-400">We'll email you a secure one-time sign-in link. No password to remember.</p>
    </form>
  );
}
