import { isAdminQuery, myServicesQuery, sessionQuery } from '@mealprep/api-client';
import { buttonClassName, Loading, usePageMeta } from '@mealprep/ui';
import { useQuery } from '@mealprep/query';
import { Link } from '@mealprep/router';
import type { ReactNode } from 'react';

/** /dashboard: a greeting, then either the invitation to list a service or the welcome line, then `insights` (their listings') and `claims` (their claims of listings). */
export function DashboardHome({ claims, insights }: { claims?: ReactNode; insights?: ReactNode }) {
  usePageMeta({ title: 'Dashboard', noindex: true });
  const session = useQuery(sessionQuery);
  const user = session.data ?? null;
  const mine = useQuery({ ...myServicesQuery, enabled: Boolean(user) });
  const isAdmin = useQuery({ ...isAdminQuery, enabled: Boolean(user) }).data === true;

  return (
    <section className="max-w-3xl">
      <h1 className="text-3xl font-bold tracking-tight">Hello, {user?.email ?? 'Friend'}</h1>
      {mine.isPending && user ? (
        <Loading />
      ) : (mine.data?.length ?? 0) === 0 ? (
        <div className="mt-6 rounded-xl border border-emerald-200 bg-emerald-50 p-6 dark:border-emerald-900 dark:bg-emerald-950">
          <h2 className="text-xl font-semibold">Service Owner?</h2>
          <p className="mt-2 text-gray-700 dark:text-gray-300">List your meal prep service in the directory so customers near you can find it.</p>
          <Link to="/dashboard/add-service" className={buttonClassName({ className: 'mt-4' })}>
            Add Your Service Listing
          </Link>
        </div>
      ) : (
        <p className="mt-4 text-gray-700 dark:text-gray-300">Welcome to your dashboard. Use the sidebar to navigate.</p>
      )}
      {(mine.data?.length ?? 0) > 0 || isAdmin ? (
        <p className="mt-4">
          <Link to={isAdmin ? '/dashboard/leads?view=held' : '/dashboard/leads'} className="font-medium text-emerald-800 underline underline-offset-2 dark:text-emerald-300">
            {isAdmin ? 'Quote requests held for review' : 'Your quote requests'}
          </Link>
        </p>
      ) : null}
      {(mine.data?.length ?? 0) > 0 ? insights : null}
      {claims}
    </section>
  );
}
