import { ErrorState } from '@mealprep/ui';

/** Last resort for an error outside the remote areas: never a blank page. */
export function RouteError() {
  return (
    <main className="mx-auto max-w-7xl px-4 py-16">
      <ErrorState onRetry={() => window.location.reload()} />
    </main>
  );
}
