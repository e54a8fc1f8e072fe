import { serverMessage } from '@mealprep/api-client';
import type { LeadAnswer, LeadForm, PublicService } from '@mealprep/contracts';
import { LEAD_FULFILMENT_LABELS, LEAD_FULFILMENTS, LEAD_KEPT_DAYS, LEAD_MEALS_PER_WEEK, LEAD_MESSAGE_LIMITS, UNCLAIMED_LEAD_KEPT_DAYS } from '@mealprep/contracts/browser';
import { Button } from '@mealprep/ui';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useSendLead, type LeadSending } from '../api/leads';

const field =
  'block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-gray-900 shadow-sm focus:border-emerald-600 focus:outline-2 focus:outline-emerald-600 dark:border-gray-600 dark:bg-gray-900 dark:text-white';
const hint = 'text-xs font-normal text-gray-600 dark:text-gray-300';

export const UNCLAIMED_NOTICE = 'This business has not claimed its listing yet: we pass your request on when it does.';
export const QUOTE_SENDING_TEXT = 'Sending your request…';
export const QUOTE_NOT_SENT_TEXT = 'Your request is not sent yet; what you wrote is still here.';
export const CHECKING_TEXT = 'Your browser is making a short check that you are a person (nothing leaves it but the answer).';

/** Where the form is sent without JavaScript: the gateway takes it there and answers with the confirmation page. */
export const quoteFormAction = (slug: string) => `/service/${encodeURIComponent(slug)}/quote`;
export const quoteSentPath = (slug: string, outcome: LeadAnswer['outcome']) => `/service/${encodeURIComponent(slug)}/quote/sent?outcome=${outcome}`;

/** Today in the visitor's own calendar, as a date input writes it: the earliest start date. */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** What is kept of a request, and for how long: said before it is sent. */
export function consentLine(unclaimed: boolean): string {
  return `We send your name, e-mail address, ZIP code and request to this business${unclaimed ? ' once it claims its listing' : ''}, and mail you a copy with a link that deletes it. We keep it ${
    unclaimed ? `${UNCLAIMED_LEAD_KEPT_DAYS} days unless the business claims its listing, then ` : ''
  }${LEAD_KEPT_DAYS} days, then delete it. Your address is never shown on the site.`;
}

/**
 * The proof of work (the ALTCHA widget, from our own bundle: nothing is loaded from anyone else). It
 * is loaded once the form is on screen in a browser, and reports its answer; without JavaScript it
 * is never there, and the request waits for staff.
 */
function Challenge({ challenge, onState }: { challenge: LeadForm['challenge']; onState: (state: ChallengeState) => void }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    import(/* webpackChunkName: "altcha-widget" */ 'altcha').then(
      () => live && setReady(true),
      // No widget (it failed to load): the request goes without its answer, and waits for staff.
      () => live && onState({ working: false }),
    );
    return () => {
      live = false;
    };
  }, [onState]);
  const [widget, setWidget] = useState<HTMLElement | null>(null);
  useEffect(() => {
    if (!widget) return;
    const changed = (event: Event) => {
      const { state, payload } = (event as CustomEvent<{ state?: string; payload?: string }>).detail ?? {};
      if (state === 'verified') onState({ working: false, payload });
      else if (state === 'error' || state === 'expired') onState({ working: false });
      else onState({ working: true });
    };
    widget.addEventListener('statechange', changed);
    return () => widget.removeEventListener('statechange', changed);
  }, [widget, onState]);
  if (!ready) return <p className={hint}>{CHECKING_TEXT}</p>;
  return (
    <div className="flex flex-col gap-1">
      <altcha-widget ref={setWidget} challenge={JSON.stringify(challenge)} auto="onload" name="altcha" />
      <p className={hint}>{CHECKING_TEXT}</p>
    </div>
  );
}

/** Where the browser's check stands: under way, or done with its answer (none when it could not be made). */
interface ChallengeState {
  working: boolean;
  payload?: string;
}

export const FINISHING_CHECK_TEXT = 'Finishing the check that you are a person…';

export interface QuoteFormProps {
  service: Pick<PublicService, 'id' | 'slug' | 'name' | 'mealTypes'>;
  form: LeadForm;
  labelForMealType: (slug: string) => string;
  /** Called with where the request stands once it is sent (the confirmation is shown in its place). */
  onSent: (outcome: LeadAnswer['outcome']) => void;
}

/**
 * The quote request form. A plain form the gateway takes without JavaScript (POST to the quote
 * page's address, answered with the confirmation page); with JavaScript it is sent in place, with
 * the proof of work the browser solved.
 */
export function QuoteForm({ service, form, labelForMealType, onSent }: QuoteFormProps) {
  const id = useId();
  const send = useSendLead(service.id);
  // The check (and the widget's code) starts when the visitor first works in the form: nothing is loaded or computed for one who only looks.
  const [engaged, setEngaged] = useState(false);
  const [check, setCheck] = useState<ChallengeState>({ working: false });
  const engage = () => {
    if (engaged) return;
    setEngaged(true);
    setCheck({ working: true });
  };
  // A request sent while the check is still working goes once it is done.
  const [waiting, setWaiting] = useState<LeadSending | null>(null);
  const [message, setMessage] = useState('');
  const deliver = (body: LeadSending, payload: string | undefined) => send.mutate(payload ? { ...body, altcha: payload } : body, { onSuccess: (answer) => onSent(answer.outcome) });
  useEffect(() => {
    if (!waiting || check.working) return;
    setWaiting(null);
    deliver(waiting, check.payload);
    // deliver is made anew each render; what starts it is the check finishing with a request waiting.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [waiting, check]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '');
    const body: LeadSending = {
      name: text('name'),
      email: text('email'),
      zip: text('zip'),
      mealTypes: data.getAll('mealTypes').map(String),
      mealsPerWeek: Number(text('mealsPerWeek')),
      startDate: text('startDate'),
      fulfilment: text('fulfilment'),
      message: text('message'),
      website: text('website'),
      formToken: form.formToken,
    };
    if (!engaged || check.working) {
      engage();
      setWaiting(body);
    } else deliver(body, check.payload);
  };
  return (
    <form method="post" action={quoteFormAction(service.slug)} onSubmit={submit} onFocus={engage} className="flex flex-col gap-4" aria-label={`Request a quote from ${service.name}`}>
      {form.unclaimed ? (
        <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">{UNCLAIMED_NOTICE}</p>
      ) : null}
      <input type="hidden" name="serviceId" value={service.id} />
      <input type="hidden" name="formToken" value={form.formToken} />
      {/* Left empty by people (hidden from sight and from screen readers, never focused); a bot filling every field fills it. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label>
          Leave this empty
          <input name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <label className="flex flex-col gap-1 text-sm font-medium">
          Your name
          <input className={field} name="name" maxLength={80} autoComplete="name" required />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Your e-mail address
          <input className={field} name="email" type="email" maxLength={254} autoComplete="email" required />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          ZIP code
          <input className={field} name="zip" inputMode="numeric" pattern="[0-9]{5}" maxLength={5} autoComplete="postal-code" required />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Meals per week
          <input className={field} name="mealsPerWeek" type="number" min={LEAD_MEALS_PER_WEEK.min} max={LEAD_MEALS_PER_WEEK.max} step={1} required />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Start date
          <input className={field} name="startDate" type="date" min={today()} required suppressHydrationWarning />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Delivery or pickup
          <select className={field} name="fulfilment" defaultValue="either" required>
            {LEAD_FULFILMENTS.map((value) => (
              <option key={value} value={value}>
                {LEAD_FULFILMENT_LABELS[value]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {service.mealTypes.length ? (
        <fieldset>
          <legend className="mb-1 text-sm font-medium">Meal types wanted</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-2">
            {service.mealTypes.map((slug) => (
              <label key={slug} className="flex items-center gap-1 text-sm">
                <input type="checkbox" name="mealTypes" value={slug} />
                {labelForMealType(slug)}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      <div className="flex flex-col gap-1 text-sm font-medium">
        <label htmlFor={`${id}-message`}>Your message</label>
        <textarea
          id={`${id}-message`}
          className={field}
          name="message"
          rows={5}
          minLength={LEAD_MESSAGE_LIMITS.min}
          maxLength={LEAD_MESSAGE_LIMITS.max}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          aria-describedby={`${id}-count`}
          required
        />
        <span id={`${id}-count`} className={hint}>
          {message.trim().length} of {LEAD_MESSAGE_LIMITS.max} characters (at least {LEAD_MESSAGE_LIMITS.min}). Links, capitals and strong words wait for our team.
        </span>
      </div>
      {engaged ? <Challenge challenge={form.challenge} onState={setCheck} /> : <p className={hint}>{CHECKING_TEXT}</p>}
      <p className={hint}>{consentLine(form.unclaimed)}</p>
      <p role="status" className="text-sm text-gray-700 empty:hidden dark:text-gray-200">
        {waiting ? FINISHING_CHECK_TEXT : send.isPending ? QUOTE_SENDING_TEXT : ''}
      </p>
      {send.error ? (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
          {QUOTE_NOT_SENT_TEXT} {serverMessage(send.error) ?? 'That did not work. Try again in a moment.'}
        </p>
      ) : null}
      <div>
        <Button type="submit" disabled={send.isPending || waiting !== null}>
          Send your request
        </Button>
      </div>
    </form>
  );
}

/** Where a sent request stands, in words (the confirmation, in place or on its own page). */
export function outcomeText(outcome: LeadAnswer['outcome']): string {
  if (outcome === 'held') return 'Thank you: your request is with our team for a quick look before it goes to the business. We have mailed you a copy.';
  if (outcome === 'waiting-for-claim')
    return `Thank you: we keep your request until the business claims its listing (at most ${UNCLAIMED_LEAD_KEPT_DAYS} days), then pass it on. We have mailed you a copy.`;
  return 'Thank you: your request is on its way to the business, who replies to your e-mail address. We have mailed you a copy.';
}
