import { useParams } from '@mealprep/router';
import { FormPage } from '../features/forms/components/form-page';

export function AddYourServicePage() {
  return <FormPage />;
}

export function PaperformPage() {
  const { formId = '' } = useParams();
  return <FormPage formId={formId} />;
}
