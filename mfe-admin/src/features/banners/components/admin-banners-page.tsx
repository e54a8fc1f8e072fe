import { serverMessage } from '@mealprep/api-client';
import type { StockPhoto } from '@mealprep/contracts';
import { Button, EmptyNote, ErrorState, Loading, usePageMeta } from '@mealprep/ui';
import { useQuery } from '@mealprep/query';
import { controlClass, useAdminBusy, useSelection } from '../../../lib/admin-actions';
import {
  adminBannersQuery,
  BANNERS_SCOPE,
  useAddBanner,
  useDeleteBanners,
  useMoveBanner,
  useSetBannerActive,
  useSetBannersActive,
  useStockPhotoByUrl,
  useStockPhotoSearch,
  type NewBanner,
} from '../api/admin-banners';
import { useDialogs } from '@mealprep/ui/dialogs';
import { useState, type FormEvent } from 'react';

export const DEFAULT_STOCK_QUERY = 'meal prep food healthy';

/** /dashboard/banner-images: the home hero's pictures; add from stock photos or a URL; activate, deactivate, delete. */
export function AdminBannersPage() {
  usePageMeta({ title: 'Banner Images', noindex: true });
  const banners = useQuery(adminBannersQuery);
  const selection = useSelection();
  const { selected, ids, toggle } = selection;
  const acting = useAdminBusy(BANNERS_SCOPE);
  const addBanner = useAddBanner();
  const setActive = useSetBannerActive();
  const setSelectedActive = useSetBannersActive(selection);
  const remove = useDeleteBanners(selection);
  const moveBanner = useMoveBanner();
  const stockSearch = useStockPhotoSearch();
  const stockByUrl = useStockPhotoByUrl();
  const [query, setQuery] = useState(DEFAULT_STOCK_QUERY);
  const [results, setResults] = useState<{ images: StockPhoto[]; page: number; hasMore: boolean } | null>(null);
  const [photoUrl, setPhotoUrl] = useState('');
  const [customUrl, setCustomUrl] = useState('');
  const [customAlt, setCustomAlt] = useState('');
  const { notify } = useDialogs();
  const busy = acting || stockSearch.isPending || stockByUrl.isPending;

  const add = (banner: NewBanner) => addBanner.mutate({ banner, failure: 'Failed to add image' });

  const search = (page: number) =>
    stockSearch.mutate(
      { query: query.trim() || DEFAULT_STOCK_QUERY, page },
      {
        onSuccess: (found) => setResults((current) => ({ images: page === 1 ? found.images : [...(current?.images ?? []), ...found.images], page, hasMore: found.hasMore })),
        onError: (error) => notify(serverMessage(error) ?? 'Failed to search Unsplash. Make sure the URL is a valid Unsplash photo URL.', 'error'),
      },
    );
  const findByUrl = (event: FormEvent) => {
    event.preventDefault();
    if (!photoUrl.trim()) return;
    stockByUrl.mutate(photoUrl.trim(), {
      onSuccess: (photo) => setResults({ images: [photo], page: 1, hasMore: false }),
      onError: () => notify('Failed to search Unsplash. Make sure the URL is a valid Unsplash photo URL.', 'error'),
    });
  };

  const items = banners.data?.items ?? [];

  return (
    <section className="space-y-6">
      <h1 className="text-3xl font-bold tracking-tight">Banner Images</h1>

      {selected.size > 0 && (
        <div
          role="region"
          aria-label="Bulk actions"
          className="flex flex-wrap items-center gap-2 rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm dark:border-emerald-900 dark:bg-emerald-950"
        >
          <span className="font-medium">{selected.size} selected</span>
          <Button size="sm" variant="outline" disabled={busy} onClick={() => setSelectedActive.mutate({ about: ids, isActive: true, failure: 'Failed to update images' })}>
            Activate
          </Button>
          <Button size="sm" variant="outline" disabled={busy} onClick={() => setSelectedActive.mutate({ about: ids, isActive: false, failure: 'Failed to update images' })}>
            Deactivate
          </Button>
          <Button size="sm" variant="outline" disabled={busy} onClick={() => remove.mutate({ about: ids, failure: 'Failed to delete images' })}>
            Delete
          </Button>
        </div>
      )}

      {banners.isPending ? (
        <Loading />
      ) : banners.isError ? (
        <ErrorState onRetry={() => void banners.refetch()} />
      ) : items.length === 0 ? (
        <EmptyNote>No banner images yet</EmptyNote>
      ) : (
        <ol className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Banner images">
          {items.map((banner, index) => (
            <li key={banner.id} className="space-y-2 rounded-xl border border-gray-200 p-3 text-sm dark:border-gray-800">
              <label className="inline-flex items-center gap-2">
                <input
                  type="checkbox"
                  className="size-4 accent-emerald-700"
                  checked={selected.has(banner.id)}
                  onChange={(e) => toggle(banner.id, e.target.checked)}
                  aria-label={`Select ${banner.alt || banner.id}`}
                />
                <span className="font-medium">#{banner.order}</span>
                <span className={banner.isActive ? 'text-emerald-700 dark:text-emerald-400' : 'text-gray-500'}>{banner.isActive ? 'Active' : 'Inactive'}</span>
              </label>
              <img src={banner.smallUrl} alt={banner.alt} loading="lazy" className="aspect-video w-full rounded-md object-cover" />
              <p>{banner.alt || 'No description'}</p>
              {banner.credit && <p className="text-xs text-gray-600 dark:text-gray-400">Photo by {banner.credit.name}</p>}
              <div className="flex gap-2">
                <Button size="sm" variant="outline" disabled={busy} onClick={() => setActive.mutate({ id: banner.id, isActive: !banner.isActive, failure: 'Failed to update image' })}>
                  {banner.isActive ? 'Deactivate' : 'Activate'}
                </Button>
                <Button size="sm" variant="ghost" disabled={busy} onClick={() => remove.mutate({ about: [banner.id], one: true, failure: 'Failed to delete image' })}>
                  Delete
                </Button>
                {index > 0 && (
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Move ${banner.alt || banner.id} earlier`}
                    disabled={busy}
                    onClick={() => moveBanner.mutate({ items, from: index, to: index - 1, failure: 'Failed to update images' })}
                  >
                    ↑
                  </Button>
                )}
                {index < items.length - 1 && (
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Move ${banner.alt || banner.id} later`}
                    disabled={busy}
                    onClick={() => moveBanner.mutate({ items, from: index, to: index + 1, failure: 'Failed to update images' })}
                  >
                    ↓
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ol>
      )}

      <section className="space-y-4 rounded-xl border border-gray-200 p-5 dark:border-gray-800">
        <h2 className="text-lg font-semibold">Add a banner image</h2>
        {banners.data && !banners.data.stockPhotosConfigured ? (
          <p className="text-sm text-gray-700 dark:text-gray-300">Stock photo search is not configured (set STOCK_PHOTO_ACCESS_KEY). You can still add an image by its URL.</p>
        ) : (
          <>
            <form
              role="search"
              className="flex flex-wrap gap-2"
              onSubmit={(e) => {
                e.preventDefault();
                search(1);
              }}
            >
              <input type="search" aria-label="Search stock photos" className={`${controlClass} w-72`} value={query} maxLength={100} onChange={(e) => setQuery(e.target.value)} />
              <Button type="submit" size="sm" variant="secondary" disabled={busy}>
                Search
              </Button>
            </form>
            <form className="flex flex-wrap gap-2" onSubmit={findByUrl}>
              <input
                type="url"
                aria-label="Stock photo page URL"
                placeholder="https://unsplash.com/photos/…"
                className={`${controlClass} w-96`}
                value={photoUrl}
                onChange={(e) => setPhotoUrl(e.target.value)}
              />
              <Button type="submit" size="sm" variant="secondary" disabled={busy}>
                Find photo
              </Button>
            </form>
            {results && (
              <>
                <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Stock photos">
                  {results.images.map((photo) => (
                    <li key={photo.id} className="space-y-1 text-xs">
                      <img src={photo.urls.small} alt={photo.alt_description} loading="lazy" className="aspect-video w-full rounded object-cover" />
                      <p className="truncate">{photo.user.name}</p>
                      <Button size="sm" disabled={busy} onClick={() => add({ source: 'unsplash', unsplashId: photo.id })}>
                        Add
                      </Button>
                    </li>
                  ))}
                </ul>
                {results.hasMore && (
                  <Button size="sm" variant="outline" disabled={busy} onClick={() => search(results.page + 1)}>
                    Load more
                  </Button>
                )}
              </>
            )}
          </>
        )}
        <form
          className="flex flex-wrap gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (customUrl.trim()) add({ source: 'custom', url: customUrl.trim(), alt: customAlt.trim() });
          }}
        >
          <input type="url" aria-label="Image URL" placeholder="https://…/photo.jpg" className={`${controlClass} w-96`} value={customUrl} onChange={(e) => setCustomUrl(e.target.value)} />
          <input aria-label="Description" placeholder="What the picture shows" className={`${controlClass} w-64`} value={customAlt} maxLength={300} onChange={(e) => setCustomAlt(e.target.value)} />
          <Button type="submit" size="sm" disabled={busy}>
            Add image
          </Button>
        </form>
      </section>
    </section>
  );
}
