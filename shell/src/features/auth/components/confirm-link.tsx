import { Button } from '@mealprep/ui';

/**
 * What an e-mailed link opens: whom it signs in, and one button that does it. Nothing signs in
 * until the button is pressed (a page that signed in by itself would let anyone's link sign this
 * browser into their account); the button has the focus, so Enter is enough.
 */
export function ConfirmLink({ email, signedInAs, busy, onConfirm }: { email: string; signedInAs: string | null; busy: boolean; onConfirm: () => void }) {
  return (
    <form
      className="mt-6 space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy) onConfirm();
      }}
    >
      <p className="text-sm text-gray-700 dark:text-gray-300">{signedInAs ? `You are signed in as ${signedInAs}. Signing in will switch to ${email}.` : `This sign-in link is for ${email}.`}</p>
      <Button type="submit" className="w-full" disabled={busy} autoFocus>
        {busy ? 'Signing in…' : 'Sign in'}
      </Button>
    </form>
  );
}
