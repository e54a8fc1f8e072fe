import type { WebsiteCheck } from '@mealprep/contracts';
import { CHECK_ERROR_DISPLAY_CHARS } from '@mealprep/contracts/browser';
import { formatDay, formatDayAndTime } from '@mealprep/ui';

const STATUS_CLASS: Record<string, string> = {
  accessible: 'bg-green-100 text-green-800 dark:bg-green-900/40 dark:text-green-300',
  unreachable: 'bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-300',
  error: 'bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-300',
  blank: 'bg-yellow-100 text-yellow-800 dark:bg-yellow-900/40 dark:text-yellow-200',
};
const OTHER_CLASS = 'bg-gray-100 text-gray-700 dark:bg-gray-800 dark:text-gray-300';

function cut(text: string): string {
  return text.length > CHECK_ERROR_DISPLAY_CHARS ? `${text.slice(0, CHECK_ERROR_DISPLAY_CHARS)}…` : text;
}

export function CheckedCell({ check }: { check: WebsiteCheck }) {
  if (!check.checkedAt) return <span className="text-gray-600 dark:text-gray-400">Never checked</span>;
  return (
    <>
      <div>{formatDayAndTime(check.checkedAt)}</div>
      {check.nextCheckDue && <div className="text-xs text-gray-600 dark:text-gray-400">Next: {formatDay(check.nextCheckDue)}</div>}
    </>
  );
}

export function StatusCell({ check }: { check: WebsiteCheck }) {
  return (
    <div className="space-y-1">
      <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium capitalize ${check.status ? (STATUS_CLASS[check.status] ?? OTHER_CLASS) : OTHER_CLASS}`}>
        {check.status ?? 'queued'}
      </span>
      {check.httpStatus !== null && <div className="text-xs">HTTP {check.httpStatus}</div>}
      {check.errorMessage && (
        <div className="text-xs text-gray-700 dark:text-gray-300" title={check.errorMessage}>
          {cut(check.errorMessage)}
        </div>
      )}
    </div>
  );
}
