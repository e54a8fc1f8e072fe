import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { photoFileUrl, type EventEnvelope } from '@mealprep/contracts';
import { demoBanners, demoLogos, demoPhotosOf, demoServices } from '@mealprep/demo-data';
import { serve, silentLogger, TEST_IDENTITY_SECRET, testBroker, testDatabase, testOutbox } from '@mealprep/service-kit/testing';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaApp, mediaRepositories } from '../src/app';
import { seedDemoMedia } from '../src/domain/demo-media';

describe('demo banners and logos', () => {
  let db: Awaited<ReturnType<typeof testDatabase>>;
  let mq: Awaited<ReturnType<typeof testBroker>>;
  let http: Awaited<ReturnType<typeof serve>>;
  let mediaDir: string;
  let repositories: ReturnType<typeof mediaRepositories>;
  let firstSeed: { banners: number; logos: number; photos: number };
  /** CPU time the first seed took in this process (sharp's threads included), in ms. */
  let seedCpuMs: number;
  const events: EventEnvelope[] = [];
  let outbox: ReturnType<typeof testOutbox>;
  const seed = () => seedDemoMedia({ ...repositories, events: outbox });

  beforeAll(async () => {
    db = await testDatabase('media-seed');
    mq = await testBroker('media-seed', 'svc-media');
    mediaDir = await mkdtemp(path.join(tmpdir(), 'svc-media-seed-'));
    await mq.broker.subscribe(
      'seen',
      ['media.#'],
      async (event) => {
        events.push(event);
      },
      { exclusive: true },
    );
    outbox = testOutbox(db.connection, mq.broker);
    repositories = mediaRepositories(db.connection, outbox, mediaDir);
    await Promise.all([repositories.banners.ensureIndexes(), repositories.media.ensureIndexes(), repositories.images.ensureIndexes()]);
    // CPU time, not the clock: under a parallel test run the other files and the database have the
    // cores for part of the seed, which is no drawing of ours.
    const started = process.cpuUsage();
    firstSeed = await seed();
    const used = process.cpuUsage(started);
    seedCpuMs = (used.user + used.system) / 1_000;
    http = await serve(createMediaApp({ logger: silentLogger, connection: db.connection, broker: mq.broker, identitySecret: TEST_IDENTITY_SECRET, mediaDir }));
  });

  afterAll(async () => {
    await http?.close();
    await outbox?.stop();
    await mq?.destroy();
    await db?.drop();
    if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
  });

  it('when media starts for the first time, then it draws 4 active banners in order within a few seconds and says so once', async () => {
    expect(firstSeed.banners).toBe(4);
    expect(seedCpuMs).toBeLessThan(10_000);
    const banners = await repositories.banners.list();
    expect(banners.map((b) => b.id)).toEqual([...demoBanners].sort((a, b) => a.order - b.order).map((b) => b.id));
    expect(banners.every((b) => b.isActive && b.source === 'custom' && b.imageId === b.id)).toBe(true);
    expect(banners[0]?.alt_description).toBe(demoBanners.find((b) => b.order === 1)?.alt);
    expect(banners[0]?.url).toBe(`/api/media/images/${banners[0]?.id}/full`);

    await expect.poll(() => events.length).toBe(1);
    expect(events[0]).toMatchObject({ type: 'media.banners.changed', source: 'svc-media', payload: { count: 4 } });
  });

  it('when media starts for the first time, then every demo service has two to four photos, served in each width and format under the names the listings carry', async () => {
    const services = demoServices(new Date(0));
    const all = services.flatMap((service, index) => demoPhotosOf(index, service.slug).map((photo) => ({ service, photo })));
    expect(firstSeed.photos).toBe(all.length);
    expect(services.every((service, index) => demoPhotosOf(index, service.slug).length >= 2 && demoPhotosOf(index, service.slug).length <= 4)).toBe(true);
    // A published demo service's photo: every file is there and is what it says it is.
    const published = all.find(({ service }) => service.status === 'published')!;
    for (const source of published.photo.sources) {
      for (const format of ['avif', 'webp', 'jpeg'] as const) {
        const response = await fetch(`${http.url}${photoFileUrl(published.photo.id, source, format).replace('/api/media', '')}`);
        expect(response.status).toBe(200);
        const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
        expect([meta.width, meta.height]).toEqual([source.width, source.height]);
      }
    }
  });

  it('when the banners are drawn, then each has webp files at 1600, 480 and 160 wide in the media folder', async () => {
    for (const banner of demoBanners) {
      const image = await repositories.images.findById(banner.id);
      expect(image?.folder).toBe('banners');
      expect(image?.renditions.map((r) => r.width).sort((a, b) => a - b)).toEqual([160, 480, 1600]);
    }
    const full = await sharp(path.join(mediaDir, 'banners', demoBanners[0]!.id, '1600.webp')).metadata();
    expect(full).toMatchObject({ format: 'webp', width: 1600, height: 700 });
    const thumb = await sharp(path.join(mediaDir, 'banners', demoBanners[0]!.id, '160.webp')).metadata();
    expect(thumb).toMatchObject({ format: 'webp', width: 160, height: 70 });
  });

  it('when media starts for the first time, then every demo logo is a square webp at 480 and 160 with a media item', async () => {
    const logos = demoLogos();
    expect(logos.length).toBe(48);
    expect(firstSeed.logos).toBe(logos.length);
    const media = await repositories.media.list();
    expect(media.map((m) => m.id).sort()).toEqual(logos.map((l) => l.id).sort());
    const first = media.find((m) => m.id === logos[0]!.id);
    expect(first).toMatchObject({
      altText: `${logos[0]!.name} logo`,
      associatedEntityType: 'service',
      countryCode: 'US',
      imageKitId: null,
      deletedAt: null,
      path: `logos/${logos[0]!.id}`,
    });
    expect(first?.associatedEntityId).toMatch(/^[0-9a-f]{24}$/);
    for (const logo of logos) {
      for (const width of [160, 480]) {
        expect((await stat(path.join(mediaDir, 'logos', logo.id, `${width}.webp`))).size).toBeGreaterThan(500);
      }
    }
    const card = await sharp(path.join(mediaDir, 'logos', logos[0]!.id, '480.webp')).metadata();
    expect(card).toMatchObject({ format: 'webp', width: 480, height: 480, hasAlpha: true });
  });

  it('when it starts again, then nothing is drawn or added twice and no event is sent', async () => {
    const before = await stat(path.join(mediaDir, 'logos', demoLogos()[0]!.id, '480.webp'));
    expect(await seed()).toEqual({ banners: 0, logos: 0, photos: 0 });
    expect(await repositories.banners.list()).toHaveLength(4);
    expect(await repositories.media.list()).toHaveLength(48);
    const after = await stat(path.join(mediaDir, 'logos', demoLogos()[0]!.id, '480.webp'));
    expect(after.mtimeMs).toBe(before.mtimeMs);
    // A marker through the same outbox, relayed after whatever the second start wrote: once it is
    // heard, so is any event the seed sent.
    const marker = outbox.event('media.banners.changed', { count: 0 });
    await outbox.record([marker]);
    await outbox.relay();
    await expect.poll(() => events.at(-1)?.id).toBe(marker.id);
    expect(events.map((e) => e.id)).toEqual([events[0]!.id, marker.id]);
  });

  it('when an admin removed a demo banner, then a restart does not bring it back', async () => {
    await db.connection.collection('banner_images').deleteOne({ _id: demoBanners[0]!.id as never });
    expect(await seed()).toEqual({ banners: 0, logos: 0, photos: 0 });
    expect(await repositories.banners.list()).toHaveLength(3);
  });

  it('when a visitor loads the home page, then the seeded banners come from /banners with image URLs that serve', async () => {
    const { items } = (await (await fetch(`${http.url}/banners`)).json()) as { items: Array<{ id: string; url: string; smallUrl: string }> };
    expect(items).toHaveLength(3);
    const served = await fetch(`${http.url}${items[0]!.smallUrl.replace('/api/media', '')}`);
    expect(served.status).toBe(200);
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(480);
  });
});
