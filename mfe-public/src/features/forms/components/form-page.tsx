import { buttonClassName, ErrorState, Loading, usePageMeta } from '@mealprep/ui';
import { Link } from '@mealprep/router';
import { useRuntimeConfig } from '../../../lib/runtime-config';
import { EmbeddedForm } from './embedded-form';

/** Form ids are short provider handles; anything else cannot be a form and is not sent anywhere. */
export function isPossibleFormId(formId: string | undefined): formId is string {
  return !!formId && /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/.test(formId);
}

export function FormNotFound({ message = 'No form ID provided.' }: { message?: string }) {
  usePageMeta({ title: 'Form Not Found', noindex: true, notFound: true });
  return (
    <section className="mx-auto max-w-xl py-16 text-center">
      <h1 className="text-3xl font-bold tracking-tight">Form Not Found</h1>
      <p className="mt-4 text-gray-600 dark:text-gray-300">{message}</p>
      <Link to="/" className={buttonClassName({ className: 'mt-8' })}>
        Return to Home
      </Link>
    </section>
  );
}

interface FormPageProps {
  /** The form to show; undefined means the add-service form from the runtime config. */
  formId?: string;
}

export function FormPage({ formId }: FormPageProps) {
  const config = useRuntimeConfig();
  const isAddService = formId === undefined;

  if (!isAddService && !isPossibleFormId(formId)) {
    return <FormNotFound message={formId ? 'This form ID is not valid.' : undefined} />;
  }
  if (config.status === 'error') return <ErrorState onRetry={config.retry} />;
  if (config.status === 'loading') return <Loading />;
  const id = (isAddService ? config.config.forms.addServiceFormId : formId) ?? undefined;
  if (!isPossibleFormId(id)) return <FormNotFound />;
  return <FormView formId={id} isAddService={isAddService} scriptSrc={config.config.forms.embedScriptSrc} />;
}

function FormView({ formId, isAddService, scriptSrc }: { formId: string; isAddService: boolean; scriptSrc: string }) {
  const title = isAddService ? 'Add Your Service' : 'Form';
  usePageMeta({
    title,
    description: isAddService ? 'List your meal prep service in the directory: tell us about your kitchen, your meals and where you deliver.' : undefined,
    url: isAddService ? '/add-your-service' : `/paperform/${formId}`,
  });
  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-6">
      <header>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
        {isAddService ? <p className="mt-3 text-gray-700 dark:text-gray-200">Tell us about your meal prep service. Listings are reviewed, usually within 1 business day.</p> : null}
      </header>
      <EmbeddedForm formId={formId} scriptSrc={scriptSrc} />
    </section>
  );
}
