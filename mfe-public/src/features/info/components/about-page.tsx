import { buttonClassName, usePageMeta } from '@mealprep/ui';
import { Link } from '@mealprep/router';
import { useSiteName } from '../../../lib/runtime-config';

const VALUES = [
  { title: 'Honest listings', text: 'Services describe themselves; we review each listing before it goes live and act on reports of closed businesses.' },
  { title: 'Local first', text: 'Independent kitchens deserve to be found as easily as national brands.' },
  { title: 'Free to browse', text: 'Visitors never need an account to search, compare or contact a service.' },
] as const;

const OFFERS = [
  'Meal prep services listed by state, by meal type and alphabetically',
  'Services that ship nationwide, for when nobody cooks nearby',
  'Each service’s delivery options, meal types and contact details on one page',
  'A free listing for meal prep businesses, reviewed usually within 1 business day',
] as const;

export function AboutPage() {
  const siteName = useSiteName();
  usePageMeta({
    title: 'About',
    description: `${siteName} lists local and nationwide meal prep services across the United States.`,
    url: '/about',
  });
  return (
    <article className="mx-auto flex max-w-3xl flex-col gap-10">
      <header>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{`About ${siteName}`}</h1>
        <p className="mt-4 text-lg text-gray-700 dark:text-gray-200">A directory of meal prep services in the United States, from neighbourhood kitchens to services that ship nationwide.</p>
      </header>
      <section aria-labelledby="mission">
        <h2 id="mission" className="text-2xl font-bold tracking-tight">
          Our Mission
        </h2>
        <p className="mt-3 text-gray-700 dark:text-gray-200">
          Eating well during a busy week should not depend on luck. We help people find meal prep services that cook for them, near where they live or delivered to their door, and we help the
          businesses behind those meals reach the people looking for them.
        </p>
      </section>
      <section aria-labelledby="values">
        <h2 id="values" className="text-2xl font-bold tracking-tight">
          Our Values
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-3">
          {VALUES.map((value) => (
            <li key={value.title} className="rounded-xl border border-gray-200 p-4 dark:border-gray-700">
              <h3 className="font-semibold">{value.title}</h3>
              <p className="mt-2 text-sm text-gray-700 dark:text-gray-200">{value.text}</p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="what-we-offer">
        <h2 id="what-we-offer" className="text-2xl font-bold tracking-tight">
          What We Offer
        </h2>
        <ul className="mt-3 list-inside list-disc space-y-2 text-gray-700 dark:text-gray-200">
          {OFFERS.map((offer) => (
            <li key={offer}>{offer}</li>
          ))}
        </ul>
      </section>
      <div className="flex flex-wrap gap-3">
        <Link to="/find-service" className={buttonClassName({ size: 'lg' })}>
          Find a Service
        </Link>
        <Link to="/add-your-service" className={buttonClassName({ variant: 'outline', size: 'lg' })}>
          Add Your Service
        </Link>
      </div>
    </article>
  );
}
