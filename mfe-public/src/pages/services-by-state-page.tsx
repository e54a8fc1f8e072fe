import { usePageMeta } from '@mealprep/ui';
import { StateMap } from '../features/regions/components/state-map';
import { StatesWithCounts } from '../features/regions/components/states-with-counts';

export function ServicesByStatePage() {
  usePageMeta({
    title: 'Meal Prep Services by State',
    description: 'Browse meal prep services in every US state, with how many services each state has.',
    url: '/services-by-state',
  });
  return (
    <div className="flex flex-col gap-10">
      <section className="rounded-2xl bg-gradient-to-br from-emerald-700 to-emerald-900 px-6 py-12 text-center text-white sm:px-12">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Meal Prep Services by State</h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-white">Pick your state to see the meal prep services that cook and deliver near you.</p>
      </section>
      <StateMap />
      <section aria-labelledby="all-states">
        <h2 id="all-states" className="mb-6 text-2xl font-bold tracking-tight">
          All States
        </h2>
        <StatesWithCounts />
      </section>
    </div>
  );
}
