import { serverMessage } from '@mealprep/api-client';
import type { LeadMailMode, LeadSettings } from '@mealprep/contracts';
import { useQuery } from '@mealprep/query';
import { Button } from '@mealprep/ui';
import { useId, useState, type FormEvent } from 'react';
import { leadSettingsQuery, useChangeLeadSettings } from '../api/leads';

const control = 'rounded-md border border-gray-300 bg-white px-2 py-1 text-sm text-gray-900 focus:outline-2 focus:outline-emerald-600 dark:border-gray-600 dark:bg-gray-900 dark:text-white';
export const LEAD_MAIL_SETTINGS_TITLE = 'How requests reach you';

/**
 * Where the owner's requests are mailed (their sign-in address, or another they confirm from a
 * link mailed to it) and how (each as it arrives, or one mail a day).
 */
export function LeadMailSettings() {
  const settings = useQuery(leadSettingsQuery);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-6 rounded-xl border border-gray-200 p-4 dark:border-gray-700">
      <h2 id={headingId} className="text-lg font-semibold">
        {LEAD_MAIL_SETTINGS_TITLE}
      </h2>
      {settings.data ? <SettingsForm settings={settings.data} /> : settings.isError ? <p className="mt-2 text-sm">The settings could not be loaded.</p> : null}
    </section>
  );
}

function SettingsForm({ settings }: { settings: LeadSettings }) {
  const change = useChangeLeadSettings();
  const [other, setOther] = useState(settings.pendingAddress !== null || settings.address !== null);
  const [address, setAddress] = useState(settings.pendingAddress ?? settings.address ?? '');
  const [mode, setMode] = useState<LeadMailMode>(settings.mode);
  const [saved, setSaved] = useState(false);
  const ids = { signIn: useId(), other: useId(), address: useId(), each: useId(), daily: useId() };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    change.mutate({ address: other ? address.trim() : null, mode }, { onSuccess: () => setSaved(true) });
  };
  const goesTo = settings.address ?? settings.signInAddress;
  return (
    <form className="mt-2 flex flex-col gap-3 text-sm" onSubmit={submit} noValidate>
      <p className="text-gray-700 dark:text-gray-300">
        Requests are mailed to <strong>{goesTo}</strong>, {settings.mode === 'daily' ? 'in one mail a day (after midnight UTC)' : 'each as it arrives'}.
        {settings.pendingAddress ? ` We mailed a link to ${settings.pendingAddress}: open it to confirm that address; until then requests go to ${goesTo}.` : ''}
      </p>
      <fieldset className="flex flex-col gap-1">
        <legend className="font-medium">Send them to</legend>
        <label htmlFor={ids.signIn} className="flex items-center gap-2">
          <input id={ids.signIn} type="radio" name="lead-address" checked={!other} onChange={() => setOther(false)} />
          My sign-in address ({settings.signInAddress})
        </label>
        <label htmlFor={ids.other} className="flex items-center gap-2">
          <input id={ids.other} type="radio" name="lead-address" checked={other} onChange={() => setOther(true)} />
          Another address (we mail it a link to confirm it first)
        </label>
        {other ? (
          <span className="ml-6 flex flex-col gap-1">
            <label htmlFor={ids.address}>Address for quote requests</label>
            <input id={ids.address} type="email" autoComplete="email" className={`${control} max-w-sm`} value={address} onChange={(event) => setAddress(event.target.value)} />
          </span>
        ) : null}
      </fieldset>
      <fieldset className="flex flex-col gap-1">
        <legend className="font-medium">How</legend>
        <label htmlFor={ids.each} className="flex items-center gap-2">
          <input id={ids.each} type="radio" name="lead-mode" checked={mode === 'each'} onChange={() => setMode('each')} />
          Each request in its own e-mail, as it arrives
        </label>
        <label htmlFor={ids.daily} className="flex items-center gap-2">
          <input id={ids.daily} type="radio" name="lead-mode" checked={mode === 'daily'} onChange={() => setMode('daily')} />
          One e-mail a day with the day&apos;s requests
        </label>
      </fieldset>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={change.isPending}>
          Save
        </Button>
        {change.isError ? (
          <span role="alert" className="text-red-700 dark:text-red-300">
            {serverMessage(change.error) ?? 'That did not work. Try again in a moment.'}
          </span>
        ) : saved ? (
          <span role="status">Saved.</span>
        ) : null}
      </div>
    </form>
  );
}
