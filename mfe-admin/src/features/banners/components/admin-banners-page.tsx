import { apiClient, serverMessage, queryKeys } from '@mealprep/api-client';
import type { AdminBannerImage, StockPhoto } from '@mealprep/contracts';
import { Button, EmptyNote, ErrorState, Loading, usePageMeta } from '@mealprep/ui';
import { useQuery } from '@mealprep/query';
import { controlClass, useAdminAction, useSelection } from '../../../lib/admin-actions';
import { useDialogs } from '@mealprep/ui/dialogs';
import { useState, type FormEvent } from 'react';

export const DEFAULT_STOCK_QUERY = 'meal prep food healthy';

/** Under the 'banners' live topic, like the home hero. */
const bannersQuery = {
  queryKey: queryKeys.banners.admin,
  queryFn: async ({ signal }: { signal?: AbortSignal }) =>
    apiClient.get<{ items: AdminBannerImage[]; stockPhotosConfigured: boolean }>('/media/admin/banners', { signal }),
};

/** Moves a banner one place: the list is renumbered 0, 1, 2… and only changed orders are sent. */
async function move(items: AdminBannerImage[], from: number, to: number): Promise<void> {
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  for (const [order, banner] of next.entries()) {
    if (banner.order !== order) await apiClient.request(`/media/admin/banners/${banner.id}`, { method: 'PATCH', body: { order } });
  }
}


/** /dashboard/banner-images: the home hero's pictures; add from stock photos or a URL; activate, deactivate, delete. */
export function AdminBannersPage() {
  usePageMeta({ title: 'Banner Images', noindex: true });
  const banners = useQuery(bannersQuery);
  const selection = useSelection();
  const { selected, ids, toggle } = selection;
  const { busy: acting, act } = useAdminAction(['banners'], selection);
  const [query, setQuery] = useState(DEFAULT_STOCK_QUERY);
  const [results, setResults] = useState<{ images: StockPhoto[]; page: number; hasMore: boolean } | null>(null);
  const [photoUrl, setPhotoUrl] = useState('');
  const [customUrl, setCustomUrl] = useState('');
  const [customAlt, setCustomAlt] = useState('');
  const [searching, setSearching] = useState(false);
  const { notify } = useDialogs();
  const busy = acting || searching;

  const add = (body: unknown) =>
    act(async () => {
      await apiClient.post('/media/admin/banners', body);
      notify('Image added successfully!', 'success');
    }, 'Failed to add image');

  const search = async (page: number) => {
    setSearching(true);
    try {
      const found = await apiClient.get<{ images: StockPhoto[]; hasMore: boolean }>(`/media/admin/stock-photos?${new URLSearchParams({ query: query.trim() || DEFAULT_STOCK_QUERY, page: String(page) }).toString()}`);
      setResults((current) => ({ images: page === 1 ? found.images : [...(current?.images ?? []), ...found.images], page, hasMore: found.hasMore }));
    } catch (error) {
      notify(serverMessage(error) ?? 'Failed to search Unsplash. Make sure the URL is a valid Unsplash photo URL.', 'error');
    } finally {
      setSearching(false);
    }
  };
  const findByUrl = async (event: FormEvent) => {
    event.preventDefault();
    if (!photoUrl.trim()) return;
    setSearching(true);
    try {
      const photo = await apiClient.get<StockPhoto>(`/media/admin/stock-photos/by-url?${new URLSearchParams({ url: photoUrl.trim() }).toString()}`);
      setResults({ images: [photo], page: 1, hasMore: false });
    } catch {
      notify('Failed to search Unsplash. Make sure the URL is a valid Unsplash photo URL.', 'error');
    } finally {
      setSearching(false);
    }
  };

  const items = banners.data?.items ?? [];

  return (
    <section className="space-y-6">
      <h1 className="text-3xl font-bold tracking-tight">Banner Images</h1>

      {selected.size > 0 && (
        <div role="region" aria-label="Bulk actions" className="flex flex-wrap items-center gap-2 rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm dark:border-emerald-900 dark:bg-emerald-950">
          <span className="font-medium">{selected.size} selected</span>
          <Button size="sm" variant="outline" disabled={busy} onClick={() => void act(() => apiClient.post('/media/admin/banners/bulk', { ids, changes: { isActive: true } }), 'Failed to update images', ids)}>
            Activate
          </Button>
          <Button size="sm" variant="outline" disabled={busy} onClick={() => void act(() => apiClient.post('/media/admin/banners/bulk', { ids, changes: { isActive: false } }), 'Failed to update images', ids)}>
            Deactivate
          </Button>
          <Button size="sm" variant="outline" disabled={busy} onClick={() => void act(() => apiClient.post('/media/admin/banners/bulk/delete', { ids }), 'Failed to delete images', ids)}>
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
                <input type="checkbox" className="size-4 accent-emerald-700" checked={selected.has(banner.id)} onChange={(e) => toggle(banner.id, e.target.checked)} aria-label={`Select ${banner.alt || banner.id}`} />
                <span className="font-medium">#{banner.order}</span>
                <span className={banner.isActive ? 'text-emerald-700 dark:text-emerald-400' : 'text-gray-500'}>{banner.isActive ? 'Active' : 'Inactive'}</span>
              </label>
              <img src={banner.smallUrl} alt={banner.alt} loading="lazy" className="aspect-video w-full rounded-md object-cover" />
              <p>{banner.alt || 'No description'}</p>
              {banner.credit && <p className="text-xs text-gray-600 dark:text-gray-400">Photo by {banner.credit.name}</p>}
              <div className="flex gap-2">
                <Button
                  size="sm"
                  variant="outline"
                  disabled={busy}
                  onClick={() => void act(() => apiClient.request(`/media/admin/banners/${banner.id}`, { method: 'PATCH', body: { isActive: !banner.isActive } }), 'Failed to update image')}
                >
                  {banner.isActive ? 'Deactivate' : 'Activate'}
                </Button>
                <Button size="sm" variant="ghost" disabled={busy} onClick={() => void act(() => apiClient.request(`/media/admin/banners/${banner.id}`, { method: 'DELETE' }), 'Failed to delete image', [banner.id])}>
                  Delete
                </Button>
                {index > 0 && (
                  <Button size="sm" variant="ghost" aria-label={`Move ${banner.alt || banner.id} earlier`} disabled={busy} onClick={() => void act(() => move(items, index, index - 1), 'Failed to update images')}>
                    ↑
                  </Button>
                )}
                {index < items.length - 1 && (
                  <Button size="sm" variant="ghost" aria-label={`Move ${banner.alt || banner.id} later`} disabled={busy} onClick={() => void act(() => move(items, index, index + 1), 'Failed to update images')}>
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
                void search(1);
              }}
            >
              <input type="search" aria-label="Search stock photos" className={`${controlClass} w-72`} value={query} maxLength={100} onChange={(e) => setQuery(e.target.value)} />
              <Button type="submit" size="sm" variant="secondary" disabled={busy}>
                Search
              </Button>
            </form>
            <form className="flex flex-wrap gap-2" onSubmit={(e) => void findByUrl(e)}>
              <input type="url" aria-label="Stock photo page URL" placeholder="https://unsplash.com/photos/…" className={`${controlClass} w-96`} value={photoUrl} onChange={(e) => setPhotoUrl(e.target.value)} />
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
                      <Button size="sm" disabled={busy} onClick={() => void add({ source: 'unsplash', unsplashId: photo.id })}>
                        Add
                      </Button>
                    </li>
                  ))}
                </ul>
                {results.hasMore && (
                  <Button size="sm" variant="outline" disabled={busy} onClick={() => void search(results.page + 1)}>
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
            if (customUrl.trim()) void add({ source: 'custom', url: customUrl.trim(), alt: customAlt.trim() });
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
