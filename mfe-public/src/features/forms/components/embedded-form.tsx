import { Loading } from '@mealprep/ui';
import { useRef } from 'react';
import { useFormEmbed } from '../hooks/use-form-embed';

export const FORM_FAILED_TEXT = 'The form could not be loaded.';

export function providerFormUrl(formId: string): string {
  return `https://${formId}.paperform.co`;
}

/** The provider's form, with a visible way out when its script never delivers. */
export function EmbeddedForm({ formId, scriptSrc }: { formId: string; scriptSrc: string }) {
  const container = useRef<HTMLDivElement>(null);
  const status = useFormEmbed(container, scriptSrc);

  return (
    <div className="flex flex-col gap-4">
      {status === 'loading' ? <Loading label="Loading form…" /> : null}
      {status === 'failed' ? (
        <div role="alert" className="rounded-xl border border-amber-300 bg-amber-50 px-6 py-8 text-center text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50">
          <p>{FORM_FAILED_TEXT}</p>
          <a
            href={providerFormUrl(formId)}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-4 inline-flex font-medium underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-2"
          >
            Open the form in a new tab
          </a>
        </div>
      ) : null}
      <div ref={container} data-paperform-id={formId} className="min-h-24" />
    </div>
  );
}
