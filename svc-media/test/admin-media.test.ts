import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AdminMediaItem } from '@mealprep/contracts';
import { demoServices } from '@mealprep/demo-data';
import { signIdentity } from '@mealprep/service-kit';
import { serve, silentLogger, TEST_IDENTITY_SECRET, testBroker, testDatabase, testOutbox } from '@mealprep/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaApp, mediaRepositories } from '../src/app';
import { seedDemoMedia } from '../src/domain/demo-media';

const admin = signIdentity({ userId: 'boss', email: 'boss@example.com', roles: ['admin'] }, TEST_IDENTITY_SECRET);
const owner = signIdentity({ userId: 'owner', email: 'owner@example.com', roles: [] }, TEST_IDENTITY_SECRET);

describe('media management', () => {
  let db: Awaited<ReturnType<typeof testDatabase>>;
  let mq: Awaited<ReturnType<typeof testBroker>>;
  let http: Awaited<ReturnType<typeof serve>>;
  let mediaDir: string;
  const services = demoServices();
  const withLogo = services.filter((s) => s.media.logoImageId);

  beforeAll(async () => {
    db = await testDatabase('media-admin');
    mq = await testBroker('media-admin', 'svc-media');
    mediaDir = await mkdtemp(path.join(tmpdir(), 'svc-media-admin-'));
    const outbox = testOutbox(db.connection);
    const repositories = mediaRepositories(db.connection, outbox, mediaDir);
    await seedDemoMedia({ ...repositories, events: outbox });
    await repositories.media.insertMissing([
      {
        id: 'cdn-item',
        url: '/api/media/images/cdn-item/full',
        path: 'cdn/x.jpg',
        imageKitId: 'folder/x.jpg',
        altText: 'From the CDN',
        associatedEntityType: 'service',
        associatedEntityId: null,
        countryCode: 'US',
      },
    ]);
    http = await serve(createMediaApp({ logger: silentLogger, connection: db.connection, broker: mq.broker, identitySecret: TEST_IDENTITY_SECRET, mediaDir, cdnUrl: 'https://ik.example.com/demo/' }));
  });
  afterAll(async () => {
    await http?.close();
    await mq?.destroy();
    await db?.drop();
    await rm(mediaDir, { recursive: true, force: true });
  });

  const call = async (method: string, p: string, body?: unknown, headers: Record<string, string> = admin) => {
    const response = await fetch(`${http.url}${p}`, { method, headers: { 'content-type': 'application/json', ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const list = async (q = '') => ((await call('GET', `/admin/media${q}`)).body as unknown as { items: AdminMediaItem[] }).items;

  it('when an admin lists media, then each card names its service; search covers name, alt text, entity id, country and URL', async () => {
    const items = await list();
    expect(items).toHaveLength(withLogo.length + 1);
    const sample = withLogo[3]!;
    const card = items.find((m) => m.id === sample.media.logoImageId)!;
    expect(card).toMatchObject({ associatedEntityId: sample.id, serviceName: sample.name, countryCode: 'US' });
    expect((await list(`?q=${encodeURIComponent(sample.name)}`)).map((m) => m.id)).toContain(sample.media.logoImageId);
    expect((await list(`?q=${sample.id}`)).map((m) => m.id)).toEqual([sample.media.logoImageId]);
    expect((await list('?q=from%20the%20cdn')).map((m) => m.id)).toEqual(['cdn-item']);
    expect((await list('?q=nothing-matches-this')).length).toBe(0);
    // An item with an imageKitId is shown from the image CDN.
    expect(items.find((m) => m.id === 'cdn-item')!.url).toBe('https://ik.example.com/demo/folder%2Fx.jpg');
  });

  it('when only featured services are asked for, then only their media come', async () => {
    const featured = new Set(withLogo.filter((s) => s.status === 'published' && s.featuredUntil && Date.parse(s.featuredUntil) >= Date.now()).map((s) => s.media.logoImageId));
    const items = await list('?featuredOnly=true');
    expect(items.length).toBe(featured.size);
    expect(items.every((m) => featured.has(m.id) && m.featured)).toBe(true);
  });

  it('when an admin edits alt text, soft-deletes, restores and bulk-deletes, then the list follows; unknown ids change nothing', async () => {
    const [a, b, c] = (await list()).filter((m) => m.associatedEntityId);
    expect((await call('PATCH', `/admin/media/${a!.id}`, { altText: '  Green bowls logo ' })).status).toBe(200);
    expect((await list()).find((m) => m.id === a!.id)!.altText).toBe('Green bowls logo');
    expect((await call('POST', `/admin/media/${a!.id}/delete`)).body).toEqual({ deleted: 1 });
    expect((await list()).map((m) => m.id)).not.toContain(a!.id);
    expect((await list('?includeDeleted=true')).find((m) => m.id === a!.id)!.deletedAt).not.toBeNull();
    expect((await call('POST', `/admin/media/${a!.id}/restore`)).status).toBe(200);
    expect((await list()).map((m) => m.id)).toContain(a!.id);
    expect((await call('POST', `/admin/media/${a!.id}/restore`)).status).toBe(404);

    expect((await call('POST', '/admin/media/bulk/delete', { ids: [b!.id, c!.id, 'no-such-item'] })).status).toBe(404);
    expect((await list()).map((m) => m.id)).toEqual(expect.arrayContaining([b!.id, c!.id]));
    expect((await call('POST', '/admin/media/bulk/delete', { ids: [b!.id, c!.id] })).body).toEqual({ deleted: 2 });
    expect((await list()).map((m) => m.id)).not.toContain(b!.id);
  });

  it('when the caller is not an admin or the input is bad, then it is refused', async () => {
    expect((await call('GET', '/admin/media', undefined, owner)).status).toBe(403);
    expect((await call('GET', '/admin/media', undefined, {})).status).toBe(401);
    expect((await call('POST', '/admin/media/bulk/delete', { ids: [] })).status).toBe(400);
    expect((await call('PATCH', '/admin/media/x', { altText: 'a'.repeat(301) })).status).toBe(400);
    expect((await call('PATCH', '/admin/media/x', { altText: { $set: 'x' } })).status).toBe(400);
    expect((await call('GET', '/admin/media?featuredOnly=maybe')).status).toBe(400);
    expect((await call('PATCH', '/admin/media/no-such-item', { altText: 'x' })).status).toBe(404);
  });
});
