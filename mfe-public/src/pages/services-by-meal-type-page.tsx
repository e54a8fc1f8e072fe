import { usePageMeta } from '@mealprep/ui';
import { MealTypesIndex } from '../features/meal-types/components/meal-types-index';
import { PageHeader } from './page-header';

export function ServicesByMealTypePage() {
  usePageMeta({
    title: 'Services by Meal Type',
    description: 'Find meal prep services by diet: keto, vegan, paleo, high protein and more.',
    url: '/services-by-meal-type',
  });
  return (
    <>
      <PageHeader title="Services by Meal Type">
        <p>Choose a diet or meal style to see the services that specialise in it.</p>
      </PageHeader>
      <MealTypesIndex />
    </>
  );
}
