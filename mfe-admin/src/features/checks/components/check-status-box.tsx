import type { BulkCheckStatus } from '@mealprep/contracts';
import { CHECK_STALLED_AFTER_MS } from '@mealprep/contracts/browser';
import { formatDayAndTime } from '@mealprep/ui';

/** The stalled warning: no checks in the last hour and the latest is over 15 minutes old. */
export function isStalled(status: BulkCheckStatus, now: number): boolean {
  return status.checksLastHour === 0 && status.mostRecentCheckAt !== null && now - Date.parse(status.mostRecentCheckAt) > CHECK_STALLED_AFTER_MS;
}

export function StatusBox({ status }: { status: BulkCheckStatus }) {
  const running = status.run && !status.run.finishedAt ? status.run : null;
  const rows: Array<[string, string]> = [
    ['Total Services', String(status.totalServices)],
    ['Unchecked', String(status.uncheckedCount)],
    ['Recent (30d)', String(status.recentChecks)],
    ['Last Hour', String(status.checksLastHour)],
    ['Most recent check', status.mostRecentCheckAt ? formatDayAndTime(status.mostRecentCheckAt) : 'Never'],
  ];
  return (
    <div className="rounded-lg bg-gray-50 p-4 text-sm dark:bg-gray-900" role="status" aria-label="Bulk Check Status">
      <h3 className="mb-2 font-semibold">Bulk Check Status</h3>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-5">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-gray-600 dark:text-gray-400">{label}</dt>
            <dd className="font-medium">{value}</dd>
          </div>
        ))}
      </dl>
      {isStalled(status, Date.now()) && <p className="mt-2 text-amber-700 dark:text-amber-300">(No activity in last 15 min - may be stalled)</p>}
      {running && (
        <div className="mt-3">
          <progress className="w-full" max={running.queued} value={running.done} aria-label="Bulk check progress" />
          <p>
            {running.done} / {running.queued} checked
          </p>
        </div>
      )}
    </div>
  );
}
