import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AdminBannerImage } from '@mealprep/contracts';
import { createResolver, signIdentity } from '@mealprep/service-kit';
import { serve, silentLogger, TEST_IDENTITY_SECRET, testBroker, testDatabase } from '@mealprep/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaApp } from '../src/app';
import { isPublicAddress, NOT_REACHABLE } from '../src/data-access/public-image-fetch';
import { NOT_CONFIGURED, photoIdFromUrl } from '../src/domain/stock-photos';
import { fakeStockService } from './fake-stock-service';

const admin = signIdentity({ userId: 'boss', email: 'boss@example.com', roles: ['admin'] }, TEST_IDENTITY_SECRET);
const owner = signIdentity({ userId: 'owner', email: 'owner@example.com', roles: [] }, TEST_IDENTITY_SECRET);

describe('banner images', () => {
  let db: Awaited<ReturnType<typeof testDatabase>>;
  let mq: Awaited<ReturnType<typeof testBroker>>;
  let http: Awaited<ReturnType<typeof serve>>;
  let strict: Awaited<ReturnType<typeof serve>>;
  let bare: Awaited<ReturnType<typeof serve>>;
  let stock: Awaited<ReturnType<typeof fakeStockService>>;
  let mediaDir: string;
  const events: string[] = [];

  beforeAll(async () => {
    db = await testDatabase('media-banners');
    mq = await testBroker('media-banners', 'svc-media');
    await mq.broker.subscribe('seen', ['media.#'], async (e) => void events.push(e.type), { exclusive: true });
    mediaDir = await mkdtemp(path.join(tmpdir(), 'svc-media-banners-'));
    stock = await fakeStockService({ imageHost: 'photos.test' });
    // The image fetcher finds hosts through this table only (IMAGE_FETCH_HOSTS): no query leaves the machine.
    const fetchResolve = createResolver([
      ['photos.test', '127.0.0.1'],
      ['sneaky.example.com', '10.0.0.1'],
      ['loopback.example.com', '127.0.0.1'],
      ['mapped.example.com', '::ffff:7f00:1'],
      ['compatible.example.com', '::7f00:1'],
      ['metadata.example.com', '169.254.169.254'],
    ]);
    const common = { logger: silentLogger, connection: db.connection, broker: mq.broker, identitySecret: TEST_IDENTITY_SECRET, mediaDir, fetchResolve };
    http = await serve(createMediaApp({ ...common, stockPhotos: { apiUrl: stock.url, accessKey: 'test-key' }, fetchAllowHosts: ['photos.test'] }));
    // The default: no private address may be fetched.
    strict = await serve(createMediaApp({ ...common, stockPhotos: { apiUrl: stock.url, accessKey: 'test-key' } }));
    bare = await serve(createMediaApp(common));
  });
  afterAll(async () => {
    await Promise.all([http?.close(), strict?.close(), bare?.close(), stock?.close()]);
    await mq?.destroy();
    await db?.drop();
    await rm(mediaDir, { recursive: true, force: true });
  });

  const call = async (base: { url: string }, method: string, p: string, body?: unknown, headers: Record<string, string> = admin) => {
    const response = await fetch(`${base.url}${p}`, { method, headers: { 'content-type': 'application/json', ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> & { error?: { message: string } } };
  };
  const banners = async () => ((await call(http, 'GET', '/admin/banners')).body as unknown as { items: AdminBannerImage[] }).items;

  it('when stock photos are not configured, then the screen is told and a search says so', async () => {
    expect((await call(bare, 'GET', '/admin/banners')).body.stockPhotosConfigured).toBe(false);
    const search = await call(bare, 'GET', '/admin/stock-photos');
    expect(search.status).toBe(503);
    expect(search.body.error?.message).toBe(NOT_CONFIGURED);
  });

  it('when an admin searches stock photos, then 20 a page come with the default query, and whether there are more', async () => {
    const first = await call(http, 'GET', '/admin/stock-photos');
    expect(first.status).toBe(200);
    expect((first.body.images as unknown[]).length).toBe(20);
    expect(first.body.hasMore).toBe(true);
    expect(stock.seen.at(-1)).toBe('/search/photos?query=meal+prep+food+healthy&page=1&per_page=20 Client-ID test-key');
    expect((await call(http, 'GET', '/admin/stock-photos?query=keto&page=3')).body.hasMore).toBe(false);
    expect(photoIdFromUrl('https://unsplash.com/photos/green-salad-bowl-AbCdEf1234')).toBe('AbCdEf1234');
    expect(photoIdFromUrl('https://unsplash.com/photos/AbCdEf1234')).toBe('AbCdEf1234');
    expect(photoIdFromUrl('javascript:alert(1)')).toBeNull();
    const byUrl = await call(http, 'GET', `/admin/stock-photos/by-url?url=${encodeURIComponent('https://unsplash.com/photos/green-salad-AbCdEf1234')}`);
    expect(byUrl.body).toMatchObject({ id: 'AbCdEf1234', user: { name: 'Pat Lens' } });
    expect((await call(http, 'GET', `/admin/stock-photos/by-url?url=${encodeURIComponent('https://example.com/not/a/photo')}`)).status).toBe(400);
  });

  it('when an admin adds a stock photo and an image URL on a named host, then each is fetched once, stored as ours and shown on the home hero', async () => {
    const fromStock = await call(http, 'POST', '/admin/banners', { source: 'unsplash', unsplashId: 'AbCdEf1234' });
    expect(fromStock.status).toBe(201);
    expect(fromStock.body).toMatchObject({ source: 'unsplash', alt: 'Photo AbCdEf1234', credit: { name: 'Pat Lens', username: 'patlens' }, isActive: true });
    expect(fromStock.body.url).toMatch(/^\/api\/media\/images\/u-[0-9a-f]{24}\/full$/);
    const fromUrl = await call(http, 'POST', '/admin/banners', { source: 'custom', url: `${stock.images}/img/custom.png`, alt: 'Our kitchen' });
    expect(fromUrl.status).toBe(201);
    expect(stock.seen.filter((line) => line.startsWith('/img/custom.png?'))).toHaveLength(1);
    expect(stock.seen.filter((line) => line.startsWith('/img/AbCdEf1234.png?'))).toHaveLength(1);
    const hero = (await (await fetch(`${http.url}/banners`)).json()) as { items: Array<{ id: string }> };
    expect(hero.items.map((b) => b.id)).toEqual(expect.arrayContaining([fromStock.body.id, fromUrl.body.id]));
    const imageId = /images\/(u-[0-9a-f]+)\//.exec(String(fromUrl.body.url))![1]!;
    expect((await fetch(`${http.url}/images/${imageId}/card`)).headers.get('content-type')).toBe('image/webp');
    // Announced through the broker: it reaches this test's queue a moment after the add is answered.
    await expect.poll(() => events).toContain('media.banners.changed');
  });

  it('when an image URL redirects by name to the picture, then the picture is added', async () => {
    const answer = await call(http, 'POST', '/admin/banners', { source: 'custom', url: `${stock.images}/to?url=${encodeURIComponent(`${stock.images}/img/moved.png`)}`, alt: 'Moved' });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ alt: 'Moved', isActive: true });
  });

  it('when the URL is not an image or is over 10 MB, or its host or a redirect leads to a private address, or the scheme is wrong, then nothing is added and nothing private is asked', async () => {
    const before = (await banners()).length;
    const asked = stock.seen.length;
    expect((await call(http, 'POST', '/admin/banners', { source: 'custom', url: `${stock.images}/page.html` })).status).toBe(415);
    const huge = await call(http, 'POST', '/admin/banners', { source: 'custom', url: `${stock.images}/huge.png` });
    expect(huge).toMatchObject({ status: 413, body: { error: { message: 'Image size must be less than 10MB' } } });
    const refused = [
      `${stock.images}/img/x.png`,
      'http://photos.test/img/x.png',
      'http://loopback.example.com/img/x.png',
      'http://sneaky.example.com/x.png',
      'http://mapped.example.com/x.png',
      'http://compatible.example.com/x.png',
      'http://metadata.example.com/latest/meta-data',
      'http://10.0.0.1/x.png',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/x.png',
      'http://[::127.0.0.1]/x.png',
      'http://[::ffff:7f00:1]/x.png',
      'file:///etc/passwd',
      'ftp://photos.test/x.png',
      'http://user:pw@photos.test/x.png',
    ];
    for (const url of refused) {
      const answer = await call(strict, 'POST', '/admin/banners', { source: 'custom', url });
      expect(answer.status, url).toBe(400);
      expect(answer.body.error?.message, url).toBe(NOT_REACHABLE);
    }
    const credentials = await call(http, 'POST', '/admin/banners', { source: 'custom', url: `http://user:pw@photos.test:${new URL(stock.images).port}/img/x.png` });
    expect(credentials.body.error?.message).toBe(NOT_REACHABLE);
    // An allowed host that redirects to a private address, by number or by name, is refused at the hop.
    for (const to of ['http://10.0.0.1/x.png', 'http://sneaky.example.com/x.png', 'http://loopback.example.com/img/x.png']) {
      const hop = await call(http, 'POST', '/admin/banners', { source: 'custom', url: `${stock.images}/to?url=${encodeURIComponent(to)}` });
      expect(hop.body.error?.message, to).toBe(NOT_REACHABLE);
    }
    expect((await call(http, 'POST', '/admin/banners', { source: 'custom', url: `${stock.images}/to-private` })).body.error?.message).toBe(NOT_REACHABLE);
    expect((await call(http, 'POST', '/admin/banners', { source: 'custom', url: 'http://unknown-kitchen.example.org/x.png' })).body.error?.message).toBe('That address could not be found.');
    expect((await call(http, 'POST', '/admin/banners', { source: 'unsplash', unsplashId: 'missing00' })).status).toBe(404);
    expect((await banners()).length).toBe(before);
    // The fake was asked for the page that is not an image, the redirects and the missing photo; never for x.png.
    expect(stock.seen.slice(asked).filter((line) => line.startsWith('/img/'))).toEqual([]);
  });

  it('when an admin deactivates, activates and deletes, singly and in bulk, then the hero follows; unknown ids and other users change nothing', async () => {
    const [a, b] = await banners();
    expect((await call(http, 'PATCH', `/admin/banners/${a!.id}`, { isActive: false })).status).toBe(200);
    const heroIds = async () => ((await (await fetch(`${http.url}/banners`)).json()) as { items: Array<{ id: string }> }).items.map((x) => x.id);
    expect(await heroIds()).not.toContain(a!.id);
    expect((await call(http, 'POST', '/admin/banners/bulk', { ids: [a!.id, b!.id], changes: { isActive: true } })).body).toEqual({ updated: 2 });
    expect(await heroIds()).toContain(a!.id);
    expect((await call(http, 'POST', '/admin/banners/bulk/delete', { ids: [a!.id, 'no-such-banner'] })).status).toBe(404);
    expect((await banners()).map((x) => x.id)).toContain(a!.id);
    expect((await call(http, 'POST', '/admin/banners/bulk/delete', { ids: [a!.id] })).body).toEqual({ deleted: 1 });
    expect((await call(http, 'DELETE', `/admin/banners/${b!.id}`)).body).toEqual({ deleted: 1 });
    expect((await call(http, 'GET', '/admin/banners', undefined, owner)).status).toBe(403);
    expect((await call(http, 'POST', '/admin/banners', { source: 'custom', url: `${stock.url}/img/x.png` }, owner)).status).toBe(403);
    expect((await call(http, 'POST', '/admin/banners/bulk', { ids: [], changes: { isActive: true } })).status).toBe(400);
    expect((await call(http, 'PATCH', `/admin/banners/${b!.id}`, { isActive: 'yes' })).status).toBe(400);
  });

  it('when addresses are judged, then loopback, private, link-local, CGNAT, multicast and mapped ones are not public', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      'not-an-ip',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']) expect(isPublicAddress(address), address).toBe(true);
  });
});
