import { ListingPhotosPanel, ReportedPhotosPanel } from './listing-photos-panel';
import type { AdminMediaItem } from '@mealprep/contracts';
import { Button, EmptyNote, ErrorState, Loading, usePageMeta } from '@mealprep/ui';
import { useQuery } from '@mealprep/query';
import { controlClass, useSelection } from '../../../lib/admin-actions';
import { adminMediaQuery, useDeleteMedia, useRestoreMedia, useSetAltText } from '../api/admin-media';
import { useDialogs } from '@mealprep/ui/dialogs';
import { useState } from 'react';
import { Link, useSearchParams } from '@mealprep/router';

function MediaCard({ item, selected, onSelect, remove }: { item: AdminMediaItem; selected: boolean; onSelect: (on: boolean) => void; remove: ReturnType<typeof useDeleteMedia> }) {
  const [alt, setAlt] = useState(item.altText);
  const setAltText = useSetAltText();
  const restore = useRestoreMedia();
  const { notify } = useDialogs();
  const deleted = item.deletedAt !== null;
  return (
    <li className={`flex flex-col gap-2 rounded-xl border p-3 text-sm ${deleted ? 'border-red-200 bg-red-50 dark:border-red-900 dark:bg-red-950' : 'border-gray-200 dark:border-gray-800'}`}>
      <div className="flex items-start justify-between gap-2">
        <label className="inline-flex items-center gap-2">
          <input type="checkbox" className="size-4 accent-emerald-700" checked={selected} onChange={(e) => onSelect(e.target.checked)} aria-label={`Select ${item.altText || item.id}`} />
          <span className="font-medium">{item.serviceName ?? 'No service'}</span>
        </label>
        {deleted && <span className="rounded bg-red-100 px-1.5 text-xs text-red-800 dark:bg-red-900 dark:text-red-100">Deleted</span>}
      </div>
      <img src={item.url} alt={item.altText} loading="lazy" className="aspect-square w-full rounded-md bg-gray-50 object-contain dark:bg-gray-900" />
      <form
        className="flex gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setAltText.mutate({ id: item.id, altText: alt, failure: 'Failed to update media' });
        }}
      >
        <label className="sr-only" htmlFor={`alt-${item.id}`}>
          Alt text
        </label>
        <input id={`alt-${item.id}`} className={`${controlClass} min-w-0 flex-1`} value={alt} maxLength={300} onChange={(e) => setAlt(e.target.value)} />
        <Button type="submit" size="sm" variant="outline" disabled={alt.trim() === item.altText}>
          Save
        </Button>
      </form>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-2 text-xs text-gray-600 dark:text-gray-400">
        <dt>Entity</dt>
        <dd className="break-all">{item.associatedEntityId ?? '—'}</dd>
        <dt>Country</dt>
        <dd>{item.countryCode}</dd>
      </dl>
      <div className="flex flex-wrap items-center gap-2">
        {item.associatedEntityId && (
          <Link to={`/dashboard/services/${item.associatedEntityId}/edit`} className="font-medium text-emerald-700 underline dark:text-emerald-400">
            Service
          </Link>
        )}
        <button type="button" className="font-medium text-emerald-700 underline dark:text-emerald-400" onClick={() => notify('Owner info coming soon')}>
          Owner info
        </button>
        {deleted ? (
          <Button size="sm" variant="outline" onClick={() => restore.mutate({ id: item.id, failure: 'Failed to restore media' })}>
            Restore
          </Button>
        ) : (
          <Button size="sm" variant="ghost" onClick={() => remove.mutate({ about: [item.id], one: true, failure: 'Failed to delete media' })}>
            Delete
          </Button>
        )}
      </div>
    </li>
  );
}

/** /dashboard/media: every media item as a card; search, featured only, deleted ones, alt text, delete and restore. */
export function AdminMediaPage() {
  usePageMeta({ title: 'Media', noindex: true });
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const featuredOnly = params.get('featuredOnly') === 'true';
  const includeDeleted = params.get('includeDeleted') === 'true';
  const listing = params.get('listing');
  const [search, setSearch] = useState(q);
  const selection = useSelection();
  const { selected, ids, toggle, clear } = selection;
  const media = useQuery(adminMediaQuery({ q, featuredOnly, includeDeleted }));
  const remove = useDeleteMedia(selection);

  const setParam = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next);
    clear();
  };

  return (
    <section className="space-y-5">
      <h1 className="text-3xl font-bold tracking-tight">Media</h1>
      <form
        role="search"
        className="flex flex-wrap items-center gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          setParam('q', search.trim() || null);
        }}
      >
        <input
          type="search"
          aria-label="Search media"
          placeholder="Search by service, alt text, id, country or URL"
          className={`${controlClass} w-80`}
          maxLength={100}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <label className="inline-flex items-center gap-2 text-sm">
          <input type="checkbox" className="size-4 accent-emerald-700" checked={featuredOnly} onChange={(e) => setParam('featuredOnly', e.target.checked ? 'true' : null)} />
          Featured services only
        </label>
        <label className="inline-flex items-center gap-2 text-sm">
          <input type="checkbox" className="size-4 accent-emerald-700" checked={includeDeleted} onChange={(e) => setParam('includeDeleted', e.target.checked ? 'true' : null)} />
          Include deleted
        </label>
        <Button type="submit" size="sm" variant="secondary">
          Search
        </Button>
        {selected.size > 0 && (
          <Button type="button" size="sm" variant="outline" onClick={() => remove.mutate({ about: ids, failure: 'Failed to delete media' })}>
            Delete {selected.size} selected
          </Button>
        )}
      </form>
      {media.isPending ? (
        <Loading />
      ) : media.isError ? (
        <ErrorState onRetry={() => void media.refetch()} />
      ) : media.data.length === 0 ? (
        <EmptyNote>No media items found</EmptyNote>
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {media.data.map((item) => (
            <MediaCard key={`${item.id}-${item.altText}`} item={item} remove={remove} selected={selected.has(item.id)} onSelect={(on) => toggle(item.id, on)} />
          ))}
        </ul>
      )}
      <ReportedPhotosPanel />
      <ListingPhotosPanel key={listing ?? ''} listingId={listing} onListing={(id) => setParam('listing', id)} />
    </section>
  );
}
