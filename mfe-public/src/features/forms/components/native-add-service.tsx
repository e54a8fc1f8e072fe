import { buttonClassName, usePageMeta } from '@mealprep/ui';
import { Link } from '@mealprep/router';

const STEPS = [
  ['Sign in', 'Enter your e-mail address: we send a one-time link and code. No password.'],
  ['Tell us about your service', 'Your meals, where you deliver, how to reach you, and your logo.'],
  ['We review it', 'Usually within 1 business day. You get an e-mail when it is live.'],
] as const;

/** /add-your-service without a form provider: how listing works, and the way in. */
export function NativeAddService() {
  usePageMeta({
    title: 'Add Your Service',
    description: 'List your meal prep service in the directory: tell us about your kitchen, your meals and where you deliver.',
    url: '/add-your-service',
  });
  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-6">
      <header>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Add Your Service</h1>
        <p className="mt-3 text-gray-700 dark:text-gray-200">Listing your meal prep service is free. Here is how it works:</p>
      </header>
      <ol className="grid gap-4 sm:grid-cols-3">
        {STEPS.map(([title, text], i) => (
          <li key={title} className="rounded-xl border border-gray-200 p-5 dark:border-gray-800">
            <p className="text-sm font-semibold text-emerald-700 dark:text-emerald-400">Step {i + 1}</p>
            <h2 className="mt-1 text-lg font-semibold">{title}</h2>
            <p className="mt-2 text-sm text-gray-700 dark:text-gray-300">{text}</p>
          </li>
        ))}
      </ol>
      <div>
        <Link to="/dashboard/add-service" className={buttonClassName({ size: 'lg' })}>
          Start your listing
        </Link>
      </div>
    </section>
  );
}
