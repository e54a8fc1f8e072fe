import { queryKeys } from '@mealprep/api-client';
import { CHECK_STATUS_POLL_MS, CHECK_STATUS_REFRESH_AFTER_QUEUE_MS, type CheckFilter } from '@mealprep/contracts/browser';
import { Link, useSearchParams } from '@mealprep/router';
import { AdminTable, Button, EmptyNote, ErrorState, Loading, usePageMeta } from '@mealprep/ui';
import { useQuery, useQueryClient } from '@mealprep/query';
import { useDialogs } from '@mealprep/ui/dialogs';
import { useEffect, useRef } from 'react';
import { controlClass, useAdminBusy, useSelection } from '../../../lib/admin-actions';
import { CHECKS_SCOPE, checkListQuery, checkStatusQuery, useQueueCheckRun, useReviewChecks, type CheckRun, type CheckReview } from '../api/website-checks';
import { useCheckNow } from '../hooks/use-check-now';
import { CheckedCell, StatusCell } from './check-cells';
import { StatusBox } from './check-status-box';

/** While a bulk run is under way the box refreshes this often, so its progress moves. */
const RUNNING_POLL_MS = 2_000;
const FILTERS: Array<{ value: CheckFilter; label: string }> = [
  { value: 'unreviewed', label: 'Unreviewed' },
  { value: 'reviewed', label: 'Reviewed' },
  { value: 'all', label: 'All' },
];

/** /dashboard/service-utilities: website checks, their queue and their review. */
export function ServiceUtilitiesPage() {
  usePageMeta({ title: 'Service Utilities', noindex: true });
  const [params, setParams] = useSearchParams();
  const filter = (FILTERS.find((f) => f.value === params.get('filter'))?.value ?? 'unreviewed') as CheckFilter;
  const queryClient = useQueryClient();
  const { confirm } = useDialogs();
  const status = useQuery({
    ...checkStatusQuery,
    refetchInterval: (query) => (query.state.data?.run && !query.state.data.run.finishedAt ? RUNNING_POLL_MS : CHECK_STATUS_POLL_MS),
  });
  const checks = useQuery(checkListQuery(filter));
  const selection = useSelection();
  const busy = useAdminBusy(CHECKS_SCOPE);
  const queueRun = useQueueCheckRun();
  const review = useReviewChecks(selection);
  const { checking, note, checkNow } = useCheckNow();
  const refreshSoon = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (refreshSoon.current && clearTimeout(refreshSoon.current)), []);

  // When a run finishes, the table shows its results.
  const finishedAt = status.data?.run?.finishedAt ?? null;
  useEffect(() => {
    if (finishedAt) void queryClient.invalidateQueries({ queryKey: queryKeys.checks.lists });
  }, [finishedAt, queryClient]);

  const startRun = (run: CheckRun, failure: string) =>
    queueRun.mutate(
      { run, failure },
      { onSuccess: () => void (refreshSoon.current = setTimeout(() => void queryClient.invalidateQueries({ queryKey: queryKeys.checks.all }), CHECK_STATUS_REFRESH_AFTER_QUEUE_MS)) },
    );
  const reviewChecks = async (action: CheckReview, about: string[], failure: string) => {
    if (action === 'close' && !(await confirm({ title: `Mark ${about.length} service(s) as closed?`, confirmLabel: 'Mark as closed', danger: true }))) return;
    review.mutate({ review: action, about, failure });
  };
  const items = checks.data?.items ?? [];
  const allSelected = items.length > 0 && items.every((c) => selection.selected.has(c.id));

  return (
    <section className="space-y-5">
      <h1 className="text-3xl font-bold tracking-tight">Service Utilities</h1>
      <section className="space-y-3 rounded-xl border border-gray-200 p-5 dark:border-gray-800" aria-labelledby="availability-title">
        <h2 id="availability-title" className="text-xl font-semibold">
          Website Availability Check
        </h2>
        <p className="text-sm text-gray-600 dark:text-gray-400">Checks each listed website in the background and flags the ones a person should look at.</p>
        <div className="flex flex-wrap gap-2">
          <Button disabled={busy} onClick={() => startRun('run-all', 'Failed to check websites')}>
            Check All Services
          </Button>
          <Button variant="outline" disabled={busy} onClick={() => startRun('run-unchecked', 'Failed to check unchecked websites')}>
            Check Unchecked Only
          </Button>
        </div>
        {status.isPending ? <Loading /> : status.isError ? <ErrorState onRetry={() => void status.refetch()} /> : <StatusBox status={status.data} />}
      </section>

      <div className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-sm">
          Show
          <select
            className={controlClass}
            value={filter}
            onChange={(event) => {
              selection.clear();
              setParams(event.target.value === 'unreviewed' ? {} : { filter: event.target.value });
            }}
          >
            {FILTERS.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </select>
        </label>
        <div className="flex flex-wrap gap-2" role="region" aria-label="Bulk actions">
          <Button size="sm" variant="outline" disabled={busy || selection.ids.length === 0} onClick={() => void reviewChecks('recheck', selection.ids, 'Failed to check websites')}>
            Re-check Selected
          </Button>
          <Button size="sm" variant="outline" disabled={busy || selection.ids.length === 0} onClick={() => void reviewChecks('close', selection.ids, 'Failed to mark services as closed')}>
            Mark as Closed
          </Button>
          <Button size="sm" variant="outline" disabled={busy || selection.ids.length === 0} onClick={() => void reviewChecks('ignore', selection.ids, 'Failed to ignore checks')}>
            Ignore Until Next Check
          </Button>
          <Button size="sm" variant="ghost" disabled={selection.ids.length === 0} onClick={selection.clear}>
            Clear Selection
          </Button>
        </div>
      </div>

      {note && (
        <p role="status" aria-label="Website check" className="text-sm">
          {note}
        </p>
      )}

      {checks.isPending ? (
        <Loading />
      ) : checks.isError ? (
        <ErrorState onRetry={() => void checks.refetch()} />
      ) : items.length === 0 ? (
        <EmptyNote>{filter === 'unreviewed' ? 'No checks to review' : 'No checks found'}</EmptyNote>
      ) : (
        <AdminTable
          columns={[
            <input key="all" type="checkbox" aria-label="Select all" checked={allSelected} onChange={(e) => (e.target.checked ? selection.replace(items.map((c) => c.id)) : selection.clear())} />,
            'Service',
            'Links',
            'Actions',
            'Checked',
            'Status',
          ]}
        >
          {items.map((check) => (
            <tr key={check.id} className="border-b border-gray-100 align-top dark:border-gray-800">
              <td className="py-2 pr-3">
                <input type="checkbox" aria-label={`Select ${check.serviceName}`} checked={selection.selected.has(check.id)} onChange={(e) => selection.toggle(check.id, e.target.checked)} />
              </td>
              <td className="py-2 pr-4 font-medium">{check.serviceName}</td>
              <td className="py-2 pr-4">
                <div className="flex flex-col gap-0.5">
                  {check.websiteUrl && (
                    <a href={check.websiteUrl} target="_blank" rel="noopener noreferrer nofollow" className="break-all text-emerald-700 underline dark:text-emerald-400">
                      {check.websiteUrl}
                    </a>
                  )}
                  <Link to={`/dashboard/services/${check.serviceId}/edit`} className="underline">
                    Admin Page
                  </Link>
                  <a href={`/service/${check.serviceSlug}`} target="_blank" rel="noopener noreferrer" className="underline">
                    Public Page
                  </a>
                </div>
              </td>
              <td className="py-2 pr-4">
                {check.reviewAction ? (
                  <span className="font-medium">{check.reviewAction === 'closed' ? 'Closed' : 'Ignored'}</span>
                ) : (
                  <div className="flex flex-wrap gap-1">
                    <Button size="sm" variant="outline" disabled={busy} onClick={() => void checkNow(check)}>
                      {checking === check.serviceId ? 'Checking…' : 'Re-check'}
                    </Button>
                    <Button size="sm" variant="outline" disabled={busy} onClick={() => void reviewChecks('close', [check.id], 'Failed to mark service as closed')}>
                      Close
                    </Button>
                    <Button size="sm" variant="outline" disabled={busy} onClick={() => void reviewChecks('ignore', [check.id], 'Failed to ignore check')}>
                      Ignore
                    </Button>
                  </div>
                )}
              </td>
              <td className="py-2 pr-4">
                <CheckedCell check={check} />
              </td>
              <td className="py-2">
                <StatusCell check={check} />
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </section>
  );
}
