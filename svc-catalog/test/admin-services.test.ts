import type { AdminServiceList } from '@mealprep/contracts';
import { demoServices } from '@mealprep/demo-data';
import { describe, expect, it } from 'vitest';
import { as, useCatalog } from './harness';

const NOW = new Date('2026-11-01T12:00:00Z');
const demo = demoServices(NOW);
const admin = as('boss', ['admin']);
const owner = as('owner-1');

describe('admin services management', () => {
  const catalog = useCatalog('catalog-admin', { demo: NOW, now: NOW });
  const events = catalog.events;

  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = admin) => {
    const response = await fetch(`${catalog.url}${path}`, { method, headers: { 'content-type': 'application/json', ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> & { error?: { message: string } } };
  };
  const list = async (query = '') => (await call('GET', `/admin/services${query}`)).body as unknown as AdminServiceList;

  it('when an admin lists services, then every status comes, newest first, filtered by search, status, featured and meal type', async () => {
    const all = await list('?pageSize=100');
    expect(all.total).toBe(demo.length);
    const created = all.items.map((s) => s.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    expect((await list('?status=pending')).items.every((s) => s.status === 'pending')).toBe(true);
    const featured = await list('?featured=true&pageSize=100');
    expect(featured.total).toBe(demo.filter((s) => s.status === 'published' && s.featuredUntil && Date.parse(s.featuredUntil) >= NOW.getTime()).length);
    expect((await list('?featured=false&pageSize=100')).total).toBe(demo.length - featured.total);
    const keto = await list('?mealType=keto&pageSize=100');
    expect(keto.items.every((s) => s.mealTypes.includes('keto'))).toBe(true);
    const target = demo[5]!;
    expect((await list(`?q=${encodeURIComponent(target.slug)}`)).items.map((s) => s.id)).toContain(target.id);
    expect((await list('?q=%24where&status=draft')).total).toBe(0);
    expect((await list('?page=2&pageSize=20')).items).toHaveLength(20);
  });

  it('when the caller is not an admin or the query is malformed, then it is refused', async () => {
    expect((await call('GET', '/admin/services', undefined, owner)).status).toBe(403);
    expect((await call('GET', '/admin/services', undefined, {})).status).toBe(401);
    for (const q of ['?status=famous', '?featured=maybe', '?page=0', '?pageSize=1000', '?sort=name', `?q=${'x'.repeat(500)}`, '?mealType[$ne]=x']) {
      expect((await call('GET', `/admin/services${q}`)).status, q).toBe(400);
    }
  });

  it('when an admin bulk-publishes, then each service changes and is announced; 0, 10,000 or unknown ids change nothing', async () => {
    const drafts = (await list('?status=pending&pageSize=100')).items.map((s) => s.id);
    expect(drafts.length).toBeGreaterThan(0);
    expect((await call('POST', '/admin/services/bulk/status', { ids: [], status: 'published' })).status).toBe(400);
    // 10,000 ids do not even fit the body limit: refused before anything is parsed.
    const flood = await call('POST', '/admin/services/bulk/status', { ids: Array(10_000).fill('a'.repeat(24)), status: 'published' });
    expect(flood.status).toBe(413);
    expect(flood.body.error?.message).toBeTruthy();
    expect((await call('POST', '/admin/services/bulk/status', { ids: Array(1_001).fill('a'.repeat(24)), status: 'published' })).status).toBe(400);
    const unknown = await call('POST', '/admin/services/bulk/status', { ids: [...drafts, 'f'.repeat(24)], status: 'published' });
    expect(unknown.status).toBe(404);
    expect((await list('?status=pending&pageSize=100')).items.map((s) => s.id)).toEqual(drafts);
    expect((await call('POST', '/admin/services/bulk/status', { ids: drafts, status: 'published' }, owner)).status).toBe(403);

    const done = await call('POST', '/admin/services/bulk/status', { ids: drafts, status: 'published' });
    expect(done).toMatchObject({ status: 200, body: { updated: drafts.length } });
    expect((await list('?status=pending')).total).toBe(0);
    await expect.poll(() => events.filter((e) => e.type === 'catalog.service.status-changed').length).toBeGreaterThanOrEqual(drafts.length);
  });

  it('when an admin features for N days, then only published services can be, with the spec messages; unfeature undoes it', async () => {
    const published = (await list('?status=published&featured=false&pageSize=3')).items.map((s) => s.id);
    const closed = (await list('?status=closed&pageSize=1')).items[0]!.id;
    const one = await call('POST', `/admin/services/${closed}/feature`, { days: 7 });
    expect(one).toMatchObject({ status: 409, body: { error: { message: 'Only published services can be featured' } } });
    const bulk = await call('POST', '/admin/services/bulk/feature', { ids: [...published, closed], days: 7 });
    expect(bulk).toMatchObject({ status: 409, body: { error: { message: 'Only published services can be featured. 1 selected service(s) are not published.' } } });
    for (const days of [0, -1, 1.5, '30', null]) expect((await call('POST', `/admin/services/${published[0]}/feature`, { days })).status).toBe(400);

    const featured = await call('POST', '/admin/services/bulk/feature', { ids: published, days: 7 });
    expect(featured.status).toBe(200);
    expect(featured.body.featuredUntil).toBe(new Date(NOW.getTime() + 7 * 86_400_000).toISOString());
    const nowFeatured = (await list('?featured=true&pageSize=100')).items.map((s) => s.id);
    for (const id of published) expect(nowFeatured).toContain(id);
    expect((await call('POST', `/admin/services/${published[0]}/unfeature`)).status).toBe(200);
    expect((await call('POST', '/admin/services/bulk/unfeature', { ids: published.slice(1) })).status).toBe(200);
    const after = (await list('?featured=true&pageSize=100')).items.map((s) => s.id);
    for (const id of published) expect(after).not.toContain(id);
  });

  it('when an admin deletes, singly or in bulk, then the services are gone everywhere and announced', async () => {
    const [a, b, c] = (await list('?status=published&pageSize=3')).items;
    expect((await call('DELETE', `/admin/services/${a!.id}`)).body).toEqual({ deleted: 1 });
    expect((await call('POST', '/admin/services/bulk/delete', { ids: [b!.id, c!.id] })).body).toEqual({ deleted: 2 });
    expect((await call('GET', `/services/by-slug/${a!.slug}`, undefined, {})).status).toBe(404);
    expect((await list('?pageSize=100')).total).toBe(demo.length - 3);
    expect((await call('DELETE', `/admin/services/${a!.id}`)).status).toBe(404);
    await expect
      .poll(() =>
        events
          .filter((e) => e.type === 'catalog.service.deleted')
          .map((e) => (e.payload as { serviceId: string }).serviceId)
          .sort(),
      )
      .toEqual([a!.id, b!.id, c!.id].sort());
  });

  it('when an admin unpublishes and republishes a post, then the public blog follows and is told; others are refused', async () => {
    const { items } = (await call('GET', '/admin/articles')).body as unknown as { items: Array<{ id: string; slug: string; status: string }> };
    expect(items.length).toBeGreaterThan(0);
    const post = items.find((p) => p.status === 'published')!;
    const publicSlugs = async () => ((await call('GET', '/articles', undefined, {})).body as unknown as { items: Array<{ slug: string }> }).items.map((p) => p.slug);
    expect(await publicSlugs()).toContain(post.slug);
    expect((await call('PATCH', `/admin/articles/${post.id}/status`, { status: 'draft' })).status).toBe(200);
    expect(await publicSlugs()).not.toContain(post.slug);
    expect((await call('GET', `/articles/${post.slug}`, undefined, {})).status).toBe(404);
    expect(((await call('GET', '/admin/articles')).body as unknown as { items: Array<{ id: string; status: string }> }).items.find((p) => p.id === post.id)?.status).toBe('draft');
    expect((await call('PATCH', `/admin/articles/${post.id}/status`, { status: 'published' })).status).toBe(200);
    expect(await publicSlugs()).toContain(post.slug);
    await expect.poll(() => events.filter((e) => e.type === 'catalog.articles.changed').map((e) => e.payload)).toContainEqual({ slugs: [post.slug] });
    expect((await call('GET', '/admin/articles', undefined, owner)).status).toBe(403);
    expect((await call('PATCH', `/admin/articles/${post.id}/status`, { status: 'draft' }, owner)).status).toBe(403);
    expect((await call('PATCH', `/admin/articles/${post.id}/status`, { status: 'archived' })).status).toBe(400);
    expect((await call('PATCH', `/admin/articles/${'f'.repeat(24)}/status`, { status: 'draft' })).status).toBe(404);
    expect((await call('PATCH', '/admin/articles/nope/status', { status: 'draft' })).status).toBe(400);
  });
});
