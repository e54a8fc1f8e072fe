import type { ServiceStatus } from '@mealprep/contracts';

/** A listing's status, on the owner's and the admin's screens. Spec §4: published green, pending yellow, draft grey (the default), rejected red, closed neutral. */
const COLOURS: Record<ServiceStatus, string> = {
  published: 'bg-green-100 text-green-800 dark:bg-green-900 dark:text-green-100',
  pending: 'bg-yellow-100 text-yellow-800 dark:bg-yellow-900 dark:text-yellow-100',
  draft: 'bg-gray-100 text-gray-800 dark:bg-gray-800 dark:text-gray-100',
  rejected: 'bg-red-100 text-red-800 dark:bg-red-900 dark:text-red-100',
  closed: 'bg-stone-200 text-stone-800 dark:bg-stone-700 dark:text-stone-100',
};

export function StatusBadge({ status }: { status: ServiceStatus }) {
  return (
    <span data-testid="status-badge" data-status={status} className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize ${COLOURS[status] ?? COLOURS.draft}`}>
      {status}
    </span>
  );
}
