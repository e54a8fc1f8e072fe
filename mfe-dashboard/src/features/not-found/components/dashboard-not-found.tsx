import { buttonClassName, usePageMeta } from '@mealprep/ui';
import { Link } from '@mealprep/router';

export function DashboardNotFound() {
  usePageMeta({ title: 'Page Not Found', noindex: true });
  return (
    <section className="max-w-xl">
      <h1 className="text-3xl font-bold tracking-tight">Page Not Found</h1>
      <p className="mt-2 text-gray-700 dark:text-gray-300">There is no dashboard page at this address.</p>
      <Link to="/dashboard" className={buttonClassName({ className: 'mt-4' })}>
        Back to the dashboard
      </Link>
    </section>
  );
}
