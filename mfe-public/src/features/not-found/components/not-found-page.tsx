import { buttonClassName, usePageMeta } from '@mealprep/ui';
import { Link } from '@mealprep/router';

export function NotFoundPage() {
  usePageMeta({ title: 'Page Not Found', noindex: true, notFound: true });
  return (
    <section className="mx-auto max-w-xl py-16 text-center">
      <h1 className="text-3xl font-bold tracking-tight">Page Not Found</h1>
      <p className="mt-4 text-gray-600 dark:text-gray-300">Sorry, we couldn't find the page you're looking for. It may have moved or never existed.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonClassName()}>
          Go Home
        </Link>
        <Link to="/find-service" className={buttonClassName({ variant: 'outline' })}>
          Find a Service
        </Link>
      </div>
    </section>
  );
}
