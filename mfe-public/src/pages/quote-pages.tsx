import { isNotFound } from '@mealprep/api-client';
import type { LeadAnswer } from '@mealprep/contracts';
import { Link, useParams, useSearchParams } from '@mealprep/router';
import { Button, ErrorState, Loading, usePageMeta } from '@mealprep/ui';
import { useState } from 'react';
import { useMealTypeLabel } from '../features/meal-types/hooks/use-meal-type-label';
import { useDeleteLead, useLeadForm } from '../features/leads/api/leads';
import { outcomeText, QuoteForm } from '../features/leads/components/quote-form';
import { useService } from '../features/services/api/get-service';
import { ServiceNotFound } from '../features/services/components/service-detail-page';

const OUTCOMES: readonly LeadAnswer['outcome'][] = ['sent', 'held', 'waiting-for-claim'];
const servicePath = (slug: string) => `/service/${encodeURIComponent(slug)}`;

/**
 * /service/{slug}/quote: the quote form on a page of its own, rendered on the server with a token
 * of its own (never kept for another visitor), so it works without JavaScript: the browser posts it
 * here, and the gateway answers with the confirmation page. Not indexed.
 */
export function QuotePage() {
  const { serviceSlug = '' } = useParams();
  const service = useService(serviceSlug);
  const form = useLeadForm(serviceSlug);
  const labelForMealType = useMealTypeLabel();
  const [outcome, setOutcome] = useState<LeadAnswer['outcome'] | null>(null);
  usePageMeta({ title: service.data ? `Request a quote from ${service.data.name}` : 'Request a quote', noindex: true });
  if (isNotFound(service.error) || isNotFound(form.error)) return <ServiceNotFound />;
  if (service.isError || form.isError) return <ErrorState onRetry={() => void Promise.all([service.refetch(), form.refetch()])} />;
  if (!service.data || !form.data) return <Loading />;
  return (
    <section className="mx-auto max-w-2xl">
      <h1 className="text-3xl font-bold tracking-tight">Request a quote from {service.data.name}</h1>
      <p className="mt-2 text-gray-700 dark:text-gray-200">They reply to your e-mail address, which the site never shows.</p>
      <div className="mt-6">
        {outcome ? (
          <p role="status" className="font-medium text-emerald-900 dark:text-emerald-200">
            {outcomeText(outcome)}
          </p>
        ) : (
          <QuoteForm service={service.data} form={form.data} labelForMealType={labelForMealType} onSent={setOutcome} />
        )}
      </div>
      <p className="mt-8">
        <Link to={servicePath(service.data.slug)} className="font-medium text-emerald-800 underline dark:text-emerald-300">
          Back to {service.data.name}
        </Link>
      </p>
    </section>
  );
}

/** /service/{slug}/quote/sent: where a request sent without JavaScript stands (the gateway sends the browser here, so a reload sends nothing twice). */
export function QuoteSentPage() {
  const { serviceSlug = '' } = useParams();
  const [search] = useSearchParams();
  const service = useService(serviceSlug);
  const asked = search.get('outcome');
  const outcome = OUTCOMES.find((o) => o === asked) ?? 'sent';
  usePageMeta({ title: 'Your request is sent', noindex: true });
  if (isNotFound(service.error)) return <ServiceNotFound />;
  return (
    <section className="mx-auto max-w-2xl">
      <h1 className="text-3xl font-bold tracking-tight">Your request is sent</h1>
      <p role="status" className="mt-4 font-medium text-emerald-900 dark:text-emerald-200">
        {outcomeText(outcome)}
      </p>
      {service.data ? (
        <p className="mt-8">
          <Link to={servicePath(service.data.slug)} className="font-medium text-emerald-800 underline dark:text-emerald-300">
            Back to {service.data.name}
          </Link>
        </p>
      ) : null}
    </section>
  );
}

export const DELETED_TEXT = 'Your request is deleted: nothing of it is kept, and the business can no longer read it in the directory.';
export const NOT_FOUND_TEXT = 'There is no request for this link: it was deleted already, or has expired.';

/**
 * /quote-requests/delete?token=…: the page the link in the visitor's copy opens. Opening it deletes
 * nothing (a mail scanner follows links); the button does, with or without JavaScript (the gateway
 * takes the plain form and sends the browser back here with what happened).
 */
export function QuoteDeletePage() {
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const done = search.get('done');
  const remove = useDeleteLead();
  usePageMeta({ title: 'Delete your quote request', noindex: true });
  const result = remove.isSuccess || done === 'deleted' ? DELETED_TEXT : isNotFound(remove.error) || done === 'not-found' ? NOT_FOUND_TEXT : null;
  return (
    <section className="mx-auto max-w-xl">
      <h1 className="text-3xl font-bold tracking-tight">Delete your quote request</h1>
      {result ? (
        <p role="status" className="mt-4 font-medium">
          {result}
        </p>
      ) : token ? (
        <form
          method="post"
          action="/quote-requests/delete"
          className="mt-4 flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            remove.mutate(token);
          }}
        >
          <input type="hidden" name="token" value={token} />
          <p>This deletes the request you sent and the copy the business would read. It cannot be undone.</p>
          {remove.isError && !isNotFound(remove.error) ? (
            <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
              That did not work. Try again in a moment.
            </p>
          ) : null}
          <div>
            <Button type="submit" disabled={remove.isPending}>
              Delete my request
            </Button>
          </div>
        </form>
      ) : (
        <p className="mt-4">Open the link in the copy of your request we mailed you.</p>
      )}
    </section>
  );
}
