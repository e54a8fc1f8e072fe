import type { AdminMediaQuery } from '@mealprep/contracts';
import { listMedia, restore, softDelete, updateAltText, type AdminMediaDeps } from './admin-media';
import { fakeDirectory, fakeMedia, mediaRecord } from '../testing/fakes';

const NOW = new Date('2026-03-02T10:00:00.000Z');

function setUp(cdnUrl?: string) {
  const media = fakeMedia([
    mediaRecord({ id: 'm-creme', associatedEntityId: 'svc-creme', altText: 'Logo', createdAt: '2026-02-01T00:00:00.000Z' }),
    mediaRecord({ id: 'm-keto', associatedEntityId: 'svc-keto', altText: 'Keto box on a table', createdAt: '2026-02-03T00:00:00.000Z' }),
    mediaRecord({ id: 'm-old', associatedEntityId: 'svc-expired', altText: 'Old logo', createdAt: '2026-02-02T00:00:00.000Z' }),
    mediaRecord({ id: 'm-draft', associatedEntityId: 'svc-draft', altText: 'Draft logo', createdAt: '2026-01-15T00:00:00.000Z' }),
    mediaRecord({ id: 'm-gone', altText: 'Deleted picture', createdAt: '2026-02-04T00:00:00.000Z', deletedAt: '2026-02-05T00:00:00.000Z' }),
    mediaRecord({ id: 'm-cdn', imageKitId: 'folder/pic 1.jpg', url: '/legacy/pic.jpg', createdAt: '2026-01-01T00:00:00.000Z' }),
  ]);
  const directory = fakeDirectory([
    { id: 'svc-creme', name: 'Crème Fraîche Kitchen', slug: 'creme', status: 'published', featuredUntil: '2026-03-09T00:00:00.000Z' },
    { id: 'svc-keto', name: 'Keto Kitchen', slug: 'keto', status: 'published', featuredUntil: null },
    { id: 'svc-expired', name: 'Yesterday Meals', slug: 'yesterday', status: 'published', featuredUntil: '2026-03-01T00:00:00.000Z' },
    { id: 'svc-draft', name: 'Draft Meals', slug: 'draft', status: 'draft', featuredUntil: '2026-12-01T00:00:00.000Z' },
  ]);
  const deps: AdminMediaDeps = { media: media.repo, directory: directory.repo, cdnUrl, now: () => NOW };
  return { deps, media };
}

const query = (over: Partial<AdminMediaQuery> = {}): AdminMediaQuery => ({ featuredOnly: false, includeDeleted: false, ...over });
const ids = async (deps: AdminMediaDeps, q: AdminMediaQuery) => (await listMedia(deps, q)).items.map((m) => m.id);

describe('the admin media screen', () => {
  it('lists media newest first without deleted items unless asked, each with the name of the service that uses it', async () => {
    const t = setUp();
    expect(await ids(t.deps, query())).toEqual(['m-keto', 'm-old', 'm-creme', 'm-draft', 'm-cdn']);
    expect(await ids(t.deps, query({ includeDeleted: true }))).toEqual(['m-gone', 'm-keto', 'm-old', 'm-creme', 'm-draft', 'm-cdn']);
    expect((await listMedia(t.deps, query())).items.find((m) => m.id === 'm-keto')?.serviceName).toBe('Keto Kitchen');
  });

  it('search ignores case and accents, and every word must be found (in the service name, alt text, ids or URL)', async () => {
    const t = setUp();
    expect(await ids(t.deps, query({ q: 'creme fraiche' }))).toEqual(['m-creme']);
    expect(await ids(t.deps, query({ q: 'KITCHEN' }))).toEqual(['m-keto', 'm-creme']);
    expect(await ids(t.deps, query({ q: 'kitchen table' }))).toEqual(['m-keto']);
    expect(await ids(t.deps, query({ q: 'svc-draft' }))).toEqual(['m-draft']);
    expect(await ids(t.deps, query({ q: 'kitchen sushi' }))).toEqual([]);
  });

  it('"featured only" keeps media of published services featured until now or later, not expired or unpublished ones', async () => {
    const t = setUp();
    expect(await ids(t.deps, query({ featuredOnly: true }))).toEqual(['m-creme']);
  });

  it('an item from the image CDN is shown from the CDN, its id escaped, whatever slashes end the CDN address', async () => {
    const t = setUp('https://ik.example/mealprep//');
    expect((await listMedia(t.deps, query({ q: 'ik.example' }))).items.map((m) => m.url)).toEqual(['https://ik.example/mealprep/folder%2Fpic%201.jpg']);
    expect((await listMedia(setUp().deps, query())).items.find((m) => m.id === 'm-cdn')?.url).toBe('/legacy/pic.jpg');
  });

  it('deleting a selection with an unknown id changes nothing and says how many are missing; otherwise they are soft-deleted and can be restored', async () => {
    const t = setUp();
    await expect(softDelete(t.deps, ['m-keto', 'm-nope'])).rejects.toMatchObject({ status: 404, message: '1 of the selected media items do not exist. Nothing was changed.' });
    expect(t.media.items.get('m-keto')?.deletedAt).toBeNull();
    expect(await softDelete(t.deps, ['m-keto', 'm-old'])).toEqual({ deleted: 2 });
    expect(t.media.items.get('m-keto')?.deletedAt).toBe(NOW.toISOString());
    await restore(t.deps, 'm-keto');
    expect(t.media.items.get('m-keto')?.deletedAt).toBeNull();
  });

  it('restoring an item that is not deleted, or changing the alt text of an unknown item, is a 404', async () => {
    const t = setUp();
    await expect(restore(t.deps, 'm-keto')).rejects.toMatchObject({ status: 404, message: 'There is no deleted media item with that id.' });
    await expect(updateAltText(t.deps, 'm-nope', 'x')).rejects.toMatchObject({ status: 404 });
    await updateAltText(t.deps, 'm-keto', 'Keto box');
    expect(t.media.items.get('m-keto')?.altText).toBe('Keto box');
  });
});
