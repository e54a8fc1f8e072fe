import { isAdminQuery, serverMessage } from '@mealprep/api-client';
import type { LeadStatus, LeadView } from '@mealprep/contracts';
import { LEAD_FULFILMENT_LABELS, LEAD_STATUS_LABELS, LEAD_STATUSES } from '@mealprep/contracts/browser';
import { useQuery } from '@mealprep/query';
import { Link, useSearchParams } from '@mealprep/router';
import { Button, EmptyNote, ErrorState, formatDayAndTime, Loading, Pager, usePageMeta, type PagerLinkProps } from '@mealprep/ui';
import { useId } from 'react';
import { leadPageQuery, LEADS_CSV_URL, useChangeLead, useStaffLeadAction, type LeadListView } from '../api/leads';
import { LeadMailSettings } from './lead-mail-settings';

function RouterPagerLink({ href, ...rest }: PagerLinkProps) {
  return <Link to={href} {...rest} />;
}

const VIEWS: Array<{ view: LeadListView; label: string }> = [
  { view: 'inbox', label: 'My inbox' },
  { view: 'held', label: 'Held for review' },
  { view: 'all', label: 'All requests' },
];
const HOLD_REASONS: Record<string, string> = {
  link: 'it has a link',
  'strong-language': 'it has strong language',
  shouting: 'it is written in capitals',
  'no-challenge': 'it was sent without the browser check (no JavaScript)',
  repeated: 'the same text went to other listings within the hour',
};
const control = 'rounded-md border border-gray-300 bg-white px-2 py-1 text-sm text-gray-900 focus:outline-2 focus:outline-emerald-600 dark:border-gray-600 dark:bg-gray-900 dark:text-white';
const link = 'font-medium text-emerald-800 underline underline-offset-2 hover:text-emerald-950 dark:text-emerald-300 dark:hover:text-emerald-200';

/** The reply opens the owner's own mail program, to the visitor (the site never shows the owner's address to them). */
export function replyHref(lead: LeadView): string {
  return `mailto:${encodeURIComponent(lead.request.email)}?subject=${encodeURIComponent(`Your quote request to ${lead.serviceName}`)}`;
}

function LeadItem({ lead, staffView }: { lead: LeadView; staffView: boolean }) {
  const change = useChangeLead();
  const staff = useStaffLeadAction();
  const statusId = useId();
  const r = lead.request;
  const open = () => {
    if (!lead.read && !staffView) change.mutate({ id: lead.id, change: { read: true } });
  };
  return (
    <li>
      <article
        aria-label={`Request from ${r.name}`}
        className={`rounded-lg border p-4 ${lead.read || staffView ? 'border-gray-200 dark:border-gray-700' : 'border-emerald-400 bg-emerald-50/50 dark:border-emerald-700 dark:bg-emerald-950/40'}`}
      >
        <details onToggle={(event) => (event.currentTarget.open ? open() : undefined)}>
          <summary className="cursor-pointer list-none">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 className={`text-lg ${lead.read || staffView ? 'font-medium' : 'font-bold'}`}>
                {!lead.read && !staffView ? <span className="mr-2 rounded-full bg-emerald-700 px-2 py-0.5 text-xs font-semibold text-white">Unread</span> : null}
                {r.name} <span className="font-normal text-gray-600 dark:text-gray-300">for {lead.serviceName}</span>
              </h2>
              <p className="text-sm text-gray-600 dark:text-gray-300">
                {LEAD_STATUS_LABELS[lead.status]} · {formatDayAndTime(lead.createdAt)}
              </p>
            </div>
            <p className="mt-1 line-clamp-2 text-sm text-gray-700 dark:text-gray-200">{r.message}</p>
            {lead.held ? <p className="mt-1 text-sm font-medium text-amber-800 dark:text-amber-200">Held for staff: {HOLD_REASONS[lead.held] ?? lead.held}.</p> : null}
          </summary>
          <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
            <dt className="font-medium">E-mail</dt>
            <dd>{r.email}</dd>
            <dt className="font-medium">ZIP code</dt>
            <dd>{r.zip}</dd>
            <dt className="font-medium">Meals per week</dt>
            <dd>{r.mealsPerWeek}</dd>
            <dt className="font-medium">Start date</dt>
            <dd>{r.startDate}</dd>
            <dt className="font-medium">Delivery or pickup</dt>
            <dd>{LEAD_FULFILMENT_LABELS[r.fulfilment]}</dd>
            {r.mealTypes.length ? (
              <>
                <dt className="font-medium">Meal types</dt>
                <dd>{r.mealTypes.join(', ')}</dd>
              </>
            ) : null}
          </dl>
          <p className="mt-3 whitespace-pre-line text-sm">{r.message}</p>
          <div className="mt-4 flex flex-wrap items-center gap-3">
            {lead.held === null ? (
              <a href={replyHref(lead)} className={link} onClick={() => lead.status === 'new' && change.mutate({ id: lead.id, change: { status: 'replied', read: true } })}>
                Reply by e-mail
              </a>
            ) : null}
            <label htmlFor={statusId} className="text-sm font-medium">
              Status
            </label>
            <select
              id={statusId}
              className={control}
              value={lead.status}
              disabled={change.isPending}
              onChange={(event) => change.mutate({ id: lead.id, change: { status: event.target.value as LeadStatus } })}
            >
              {LEAD_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {LEAD_STATUS_LABELS[status]}
                </option>
              ))}
            </select>
            {staffView && lead.held ? (
              <>
                <Button size="sm" disabled={staff.isPending} onClick={() => staff.mutate({ id: lead.id, action: 'approve' })}>
                  Approve
                </Button>
                <Button size="sm" variant="outline" disabled={staff.isPending} onClick={() => staff.mutate({ id: lead.id, action: 'spam' })}>
                  Mark spam and block the sender
                </Button>
              </>
            ) : null}
          </div>
          {change.error || staff.error ? (
            <p role="alert" className="mt-2 text-sm font-medium text-red-700 dark:text-red-300">
              {serverMessage(change.error ?? staff.error) ?? 'That did not work. Try again in a moment.'}
            </p>
          ) : null}
          <p className="mt-3 text-xs text-gray-600 dark:text-gray-300">Deleted on {formatDayAndTime(lead.expiresAt)}, or sooner if the visitor deletes it.</p>
        </details>
      </article>
    </li>
  );
}

/**
 * /dashboard/leads: an owner's quote requests, newest first, unread marked, by status; a reply
 * opens their mail program to the visitor; a CSV of them all; new ones arrive live. Staff also
 * have the queue the checks held (approve, or mark spam, which blocks the sender 30 days) and every request.
 */
export function LeadsInbox() {
  usePageMeta({ title: 'Quote requests', noindex: true });
  const [params, setParams] = useSearchParams();
  const isAdmin = useQuery(isAdminQuery).data === true;
  const view = (VIEWS.find((v) => v.view === params.get('view'))?.view ?? 'inbox') as LeadListView;
  const status = LEAD_STATUSES.find((s) => s === params.get('status')) ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const list = useQuery(leadPageQuery({ view: isAdmin ? view : 'inbox', status, page }));
  const statusId = useId();
  const setParam = (name: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    next.delete('page');
    setParams(next);
  };
  const hrefForPage = (n: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(n));
    return `/dashboard/leads?${next.toString()}`;
  };
  return (
    <section className="max-w-4xl">
      <h1 className="text-3xl font-bold tracking-tight">Quote requests</h1>
      <p className="mt-2 text-gray-700 dark:text-gray-300">
        Visitors ask your listings for a quote here. Reply by e-mail: the visitor gets your answer from your own address. {list.data ? `${list.data.unread} unread.` : ''}
      </p>
      {isAdmin ? (
        <nav aria-label="Lists of requests" className="mt-4 flex flex-wrap gap-3">
          {VIEWS.map((v) => (
            <Link
              key={v.view}
              to={v.view === 'inbox' ? '/dashboard/leads' : `/dashboard/leads?view=${v.view}`}
              aria-current={v.view === view ? 'page' : undefined}
              className={v.view === view ? 'font-semibold' : link}
            >
              {v.label}
            </Link>
          ))}
        </nav>
      ) : null}
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <label htmlFor={statusId} className="text-sm font-medium">
          Show
        </label>
        <select id={statusId} className={control} value={status} onChange={(event) => setParam('status', event.target.value)}>
          <option value="">Every status</option>
          {LEAD_STATUSES.map((s) => (
            <option key={s} value={s}>
              {LEAD_STATUS_LABELS[s]}
            </option>
          ))}
        </select>
        <a href={LEADS_CSV_URL} download className={link}>
          Download as CSV
        </a>
      </div>
      <div className="mt-6">
        {list.isError ? (
          <ErrorState onRetry={() => void list.refetch()} />
        ) : !list.data ? (
          <Loading />
        ) : list.data.items.length === 0 ? (
          <EmptyNote>{view === 'held' && isAdmin ? 'No request is waiting for review.' : 'No quote requests yet. They arrive here as visitors send them.'}</EmptyNote>
        ) : (
          <>
            <ul className="flex flex-col gap-3" aria-label="Requests, newest first">
              {list.data.items.map((lead) => (
                <LeadItem key={lead.id} lead={lead} staffView={isAdmin && view !== 'inbox'} />
              ))}
            </ul>
            <Pager className="mt-6" page={list.data.page} pageCount={list.data.pageCount} hrefForPage={hrefForPage} linkComponent={RouterPagerLink} />
          </>
        )}
      </div>
      <LeadMailSettings />
    </section>
  );
}
