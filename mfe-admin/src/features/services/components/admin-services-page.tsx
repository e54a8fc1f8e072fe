import type { AdminServiceRow, ServiceStatus } from '@mealprep/contracts';
import { SERVICE_STATUSES } from '@mealprep/contracts/browser';
import { AdminTable, Button, EmptyNote, ErrorState, formatDay, Loading, Pager, StatusBadge, usePageMeta, type PagerLinkProps } from '@mealprep/ui';
import { useQuery } from '@mealprep/query';
import { useDialogs } from '@mealprep/ui/dialogs';
import { useState } from 'react';
import { Link, useSearchParams } from '@mealprep/router';
import { controlClass, useAdminBusy, useSelection } from '../../../lib/admin-actions';
import { adminServicesQuery, featureDays, mealTypesQuery, useAdminServiceAction, type AdminFilters } from '../api/admin-services';

function RouterPagerLink({ href, ...rest }: PagerLinkProps) {
  return <Link to={href} {...rest} />;
}

const isFeatured = (row: AdminServiceRow, now: number) => row.status === 'published' && row.featuredUntil !== null && Date.parse(row.featuredUntil) >= now;

/** /dashboard/services: every service for the admins, with filters kept in the URL and bulk actions. */
export function AdminServicesPage() {
  usePageMeta({ title: 'Services', noindex: true });
  const [params, setParams] = useSearchParams();
  const filters: AdminFilters = {
    q: params.get('q') ?? '',
    status: params.get('status') ?? '',
    featured: params.get('featured') ?? '',
    mealType: params.get('mealType') ?? '',
    page: Math.max(1, Math.floor(Number(params.get('page'))) || 1),
  };
  const [search, setSearch] = useState(filters.q);
  const list = useQuery(adminServicesQuery(filters));
  const mealTypes = useQuery(mealTypesQuery);
  const selection = useSelection();
  const { selected, ids, toggle, replace, clear } = selection;
  // Refreshes the table either way.
  const serviceAction = useAdminServiceAction(selection);
  const busy = useAdminBusy(['services']);
  const act = serviceAction.mutate;
  const now = Date.now();

  const setFilter = (key: keyof AdminFilters, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    if (key !== 'page') next.delete('page');
    setParams(next);
    clear();
  };
  const hrefForPage = (page: number) => {
    const next = new URLSearchParams(params);
    if (page > 1) next.set('page', String(page));
    else next.delete('page');
    const query = next.toString();
    return `/dashboard/services${query ? `?${query}` : ''}`;
  };

  const rows = list.data?.items ?? [];
  const allOnPage = rows.length > 0 && rows.every((r) => selected.has(r.id));
  const filtered = Boolean(filters.q || filters.status || filters.featured || filters.mealType);

  const { askNumber, confirm } = useDialogs();
  const askDays = async () => featureDays(await askNumber({ title: 'Feature for how many days?', label: 'Days', defaultValue: 30, min: 1, confirmLabel: 'Feature' }));
  const featureOne = async (row: AdminServiceRow) => {
    const days = await askDays();
    if (days !== null) act({ id: row.id, action: { kind: 'feature', days }, failure: 'Failed to set featured status' });
  };
  const featureMany = async () => {
    const days = await askDays();
    if (days !== null) act({ ids, about: ids, action: { kind: 'feature', days }, failure: 'Failed to set featured status' });
  };
  const removeMany = async () => {
    if (await confirm({ title: `Are you sure you want to delete ${ids.length} service(s)?`, confirmLabel: 'Delete', danger: true }))
      act({ ids, about: ids, action: { kind: 'remove' }, failure: 'Failed to delete services' });
  };
  const removeOne = async (row: AdminServiceRow) => {
    if (await confirm({ title: 'Are you sure you want to delete this service?', confirmLabel: 'Delete', danger: true }))
      act({ id: row.id, about: [row.id], action: { kind: 'remove' }, failure: 'Failed to delete service' });
  };

  return (
    <section className="space-y-5">
      <h1 className="text-3xl font-bold tracking-tight">Services</h1>

      <form
        role="search"
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          setFilter('q', search.trim());
        }}
      >
        <label className="flex flex-col text-sm">
          <span className="sr-only">Search</span>
          <input type="search" className={`${controlClass} w-72`} placeholder="Search by name, slug, description..." value={search} onChange={(e) => setSearch(e.target.value)} maxLength={100} />
        </label>
        <div className="flex flex-col gap-1 text-sm">
          <label htmlFor="filter-status">Status</label>
          <select id="filter-status" className={controlClass} value={filters.status} onChange={(e) => setFilter('status', e.target.value)}>
            <option value="">All statuses</option>
            {SERVICE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1 text-sm">
          <label htmlFor="filter-featured">Featured</label>
          <select id="filter-featured" className={controlClass} value={filters.featured} onChange={(e) => setFilter('featured', e.target.value)}>
            <option value="">All</option>
            <option value="true">Featured</option>
            <option value="false">Not featured</option>
          </select>
        </div>
        <div className="flex flex-col gap-1 text-sm">
          <label htmlFor="filter-mealType">Meal type</label>
          <select id="filter-mealType" className={controlClass} value={filters.mealType} onChange={(e) => setFilter('mealType', e.target.value)}>
            <option value="">All meal types</option>
            {(mealTypes.data ?? []).map((m) => (
              <option key={m.slug} value={m.slug}>
                {m.name}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" variant="secondary" size="sm">
          Search
        </Button>
      </form>

      {selected.size > 0 && (
        <div
          role="region"
          aria-label="Bulk actions"
          className="flex flex-wrap items-center gap-2 rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm dark:border-emerald-900 dark:bg-emerald-950"
        >
          <span className="font-medium">{selected.size} selected</span>
          <select
            aria-label="Set status of selected"
            className={controlClass}
            value=""
            disabled={busy}
            onChange={(e) => {
              const status = e.target.value as ServiceStatus;
              if (status) act({ ids, about: ids, action: { kind: 'status', status }, failure: 'Failed to update service status' });
            }}
          >
            <option value="">Set status…</option>
            {SERVICE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
          <Button size="sm" variant="outline" disabled={busy} onClick={() => void featureMany()}>
            Feature
          </Button>
          <Button size="sm" variant="outline" disabled={busy} onClick={() => act({ ids, about: ids, action: { kind: 'unfeature' }, failure: 'Failed to unfeature services' })}>
            Unfeature
          </Button>
          <Button size="sm" variant="outline" disabled={busy} onClick={() => void removeMany()}>
            Delete
          </Button>
          <Button size="sm" variant="ghost" onClick={clear}>
            Clear selection
          </Button>
        </div>
      )}

      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <ErrorState onRetry={() => void list.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyNote>
          <p className="font-medium">No services found</p>
          {filtered && <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">Try adjusting your filters or search query</p>}
        </EmptyNote>
      ) : (
        <>
          <p className="text-sm text-gray-600 dark:text-gray-400">{list.data.total} services</p>
          <AdminTable
            columns={[
              // The box and the name share the first column, the one kept in view on a phone.
              <span key="name" className="flex items-center gap-3">
                <input type="checkbox" aria-label="Select all" className="size-4 accent-emerald-700" checked={allOnPage} onChange={(e) => replace(e.target.checked ? rows.map((r) => r.id) : [])} />
                Name
              </span>,
              'Status',
              'Featured',
              'Meal Types',
              'Actions',
            ]}
          >
            {rows.map((row) => {
              const featured = isFeatured(row, now);
              return (
                <tr key={row.id} className="border-b border-gray-100 align-top dark:border-gray-800">
                  <td className="py-2 pr-4">
                    <div className="flex items-start gap-3">
                      <input
                        type="checkbox"
                        aria-label={`Select ${row.name}`}
                        className="mt-1 size-4 shrink-0 accent-emerald-700"
                        checked={selected.has(row.id)}
                        onChange={(e) => toggle(row.id, e.target.checked)}
                      />
                      <div>
                        <div className="font-medium">{row.name}</div>
                        <div className="text-xs text-gray-600 dark:text-gray-400">{row.slug}</div>
                      </div>
                    </div>
                  </td>
                  <td className="py-2 pr-4">
                    <StatusBadge status={row.status} />
                  </td>
                  <td className="py-2 pr-4">{featured && row.featuredUntil ? `Until ${formatDay(row.featuredUntil)}` : '—'}</td>
                  <td className="py-2 pr-4">
                    {row.mealTypes.slice(0, 3).join(', ')}
                    {row.mealTypes.length > 3 ? ` +${row.mealTypes.length - 3}` : ''}
                  </td>
                  <td className="py-2">
                    <div className="flex flex-wrap items-center gap-2">
                      <Link to={`/dashboard/services/${row.id}/edit`} className="font-medium text-emerald-700 underline dark:text-emerald-400">
                        Admin
                      </Link>
                      <a href={`/service/${row.slug}`} target="_blank" rel="noopener noreferrer" className="font-medium text-emerald-700 underline dark:text-emerald-400">
                        Public
                      </a>
                      <select
                        aria-label={`Status of ${row.name}`}
                        className={controlClass}
                        value={row.status}
                        disabled={busy}
                        onChange={(e) => act({ id: row.id, action: { kind: 'status', status: e.target.value as ServiceStatus }, failure: 'Failed to update service status' })}
                      >
                        {SERVICE_STATUSES.map((s) => (
                          <option key={s} value={s}>
                            {s}
                          </option>
                        ))}
                      </select>
                      {featured ? (
                        <Button size="sm" variant="outline" disabled={busy} onClick={() => act({ id: row.id, action: { kind: 'unfeature' }, failure: 'Failed to unfeature service' })}>
                          Unfeature
                        </Button>
                      ) : (
                        <Button size="sm" variant="outline" disabled={busy} onClick={() => void featureOne(row)}>
                          Featured
                        </Button>
                      )}
                      <Button size="sm" variant="ghost" disabled={busy} onClick={() => void removeOne(row)}>
                        Delete
                      </Button>
                    </div>
                  </td>
                </tr>
              );
            })}
          </AdminTable>
          <Pager page={list.data.page} pageCount={list.data.pageCount} hrefForPage={hrefForPage} linkComponent={RouterPagerLink} />
        </>
      )}
    </section>
  );
}
