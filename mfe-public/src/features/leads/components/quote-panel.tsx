import type { LeadAnswer, PublicService } from '@mealprep/contracts';
import { buttonClassName, ErrorState, Loading } from '@mealprep/ui';
import { useState, type MouseEvent } from 'react';
import { useLeadForm } from '../api/leads';
import { outcomeText, quoteFormAction, QuoteForm } from './quote-form';

/**
 * "Request a quote" on a listing's page (and wherever the listing is offered: the compare page).
 * Without JavaScript its button is a link to the quote page, whose server-rendered form works
 * without it; with JavaScript the form opens here, its token and challenge read as it opens (the
 * time it was shown is then), and the confirmation takes its place.
 */
export function QuotePanel({
  service,
  labelForMealType,
  headingLevel = 2,
}: {
  service: Pick<PublicService, 'id' | 'slug' | 'name' | 'mealTypes'>;
  labelForMealType: (slug: string) => string;
  headingLevel?: 2 | 3;
}) {
  const [open, setOpen] = useState(false);
  const [outcome, setOutcome] = useState<LeadAnswer['outcome'] | null>(null);
  const form = useLeadForm(service.slug, open);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const opening = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    setOpen(true);
  };
  return (
    <section aria-label={`Request a quote from ${service.name}`} className="rounded-lg border border-gray-200 p-4 dark:border-gray-700">
      <Heading className="text-xl font-semibold">Request a quote</Heading>
      <p className="mt-1 text-sm text-gray-700 dark:text-gray-200">Tell {service.name} what you need: they reply to your e-mail address, which the site never shows.</p>
      <div className="mt-4">
        {outcome ? (
          <p role="status" className="font-medium text-emerald-900 dark:text-emerald-200">
            {outcomeText(outcome)}
          </p>
        ) : !open ? (
          <a href={quoteFormAction(service.slug)} onClick={opening} className={buttonClassName()}>
            Request a quote
          </a>
        ) : form.data ? (
          <QuoteForm service={service} form={form.data} labelForMealType={labelForMealType} onSent={setOutcome} />
        ) : form.isError ? (
          <ErrorState onRetry={() => void form.refetch()} />
        ) : (
          <Loading />
        )}
      </div>
    </section>
  );
}
