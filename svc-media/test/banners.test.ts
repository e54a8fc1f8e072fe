import { BannerImageListSchema } from '@mealprep/contracts';
import { serve, silentLogger, TEST_IDENTITY_SECRET, testBroker, testDatabase, testOutbox } from '@mealprep/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaApp, mediaRepositories } from '../src/app';
import type { NewBannerImage } from '../src/data-access/banner-image-repository';

function banner(id: string, order: number, changes: Partial<NewBannerImage> = {}): NewBannerImage {
  return {
    id,
    source: 'custom',
    unsplashId: null,
    urls: { regular: '', small: '' },
    url: '',
    alt_description: `Banner ${id}`,
    user: null,
    isActive: true,
    order,
    imageId: id,
    ...changes,
  };
}

describe('the home page banners', () => {
  let db: Awaited<ReturnType<typeof testDatabase>>;
  let mq: Awaited<ReturnType<typeof testBroker>>;
  let http: Awaited<ReturnType<typeof serve>>;

  beforeAll(async () => {
    db = await testDatabase('media-banners');
    mq = await testBroker('media-banners', 'svc-media');
    http = await serve(createMediaApp({ logger: silentLogger, connection: db.connection, broker: mq.broker, identitySecret: TEST_IDENTITY_SECRET }));
  });

  afterAll(async () => {
    await http?.close();
    await mq?.destroy();
    await db?.drop();
  });

  it('when there are no banners, then the list is empty and revalidated on every read', async () => {
    const response = await fetch(`${http.url}/banners`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.json()).toEqual({ items: [] });
  });

  it('when there are seven banners and one is inactive, then the five active ones come first by order', async () => {
    const repositories = mediaRepositories(db.connection, testOutbox(db.connection));
    await repositories.banners.ensureIndexes();
    await repositories.banners.insertMissing(
      [
        banner('b-seven', 7),
        banner('b-three', 3),
        banner('b-one', 1),
        banner('b-five', 5),
        banner('b-two-off', 2, { isActive: false }),
        banner('b-four', 4, {
          source: 'unsplash',
          unsplashId: 'abc123',
          imageId: null,
          urls: { regular: 'https://images.unsplash.com/photo-1?w=1080', small: 'https://images.unsplash.com/photo-1?w=400' },
          url: 'https://images.unsplash.com/photo-1',
          user: { name: 'Ada Cook', username: 'adacook' },
        }),
        banner('b-six', 6),
      ],
      () => [],
    );

    const response = await fetch(`${http.url}/banners`);
    expect(response.status).toBe(200);
    const body = BannerImageListSchema.parse(await response.json());
    expect(body.items.map((b) => b.id)).toEqual(['b-one', 'b-three', 'b-four', 'b-five', 'b-six']);
    expect(body.items[0]).toEqual({
      id: 'b-one',
      source: 'custom',
      url: '/api/media/images/b-one/full',
      smallUrl: '/api/media/images/b-one/card',
      alt: 'Banner b-one',
      credit: null,
      order: 1,
    });
    expect(body.items[2]).toMatchObject({
      source: 'unsplash',
      url: 'https://images.unsplash.com/photo-1?w=1080',
      smallUrl: 'https://images.unsplash.com/photo-1?w=400',
      credit: { name: 'Ada Cook', username: 'adacook' },
    });
  });

  it('when the query has a parameter the list does not take, then the answer is a 400', async () => {
    const response = await fetch(`${http.url}/banners?limit=10`);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('bad_request');
  });

  it('when database and broker are connected, then the service is ready and healthy', async () => {
    const ready = await fetch(`${http.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', checks: { database: true, broker: true } });
    expect((await fetch(`${http.url}/healthz`)).status).toBe(200);
  });
});
