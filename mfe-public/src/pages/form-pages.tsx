import { ErrorState, Loading } from '@mealprep/ui';
import { useParams } from '@mealprep/router';
import { FormPage } from '../features/forms/components/form-page';
import { NativeAddService } from '../features/forms/components/native-add-service';
import { useRuntimeConfig } from '../lib/runtime-config';

/** The provider's form when one is configured; otherwise our own flow: sign in, then the owner form. */
export function AddYourServicePage() {
  const config = useRuntimeConfig();
  if (config.status === 'error') return <ErrorState onRetry={config.retry} />;
  if (config.status === 'loading') return <Loading />;
  return config.config.forms.addServiceFormId === null ? <NativeAddService /> : <FormPage />;
}

export function PaperformPage() {
  const { formId = '' } = useParams();
  return <FormPage formId={formId} />;
}
