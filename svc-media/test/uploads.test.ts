import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MediaItemLookupSchema } from '@mealprep/contracts';
import { signIdentity, signInternal } from '@mealprep/service-kit';
import { serve, silentLogger, TEST_IDENTITY_SECRET, testBroker, testDatabase, testOutbox } from '@mealprep/service-kit/testing';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaApp, mediaRepositories } from '../src/app';
import { bombPng } from './bomb-png';
import { tooManyAtOnce } from '../src/domain/upload-gate';
import { DAILY_UPLOADS, NOT_AN_IMAGE, TOO_BIG, TOO_MANY_PIXELS, UNREADABLE } from '../src/domain/uploads';

const as = (userId: string, roles: Array<'admin'> = []) => signIdentity({ userId, email: `${userId}@example.com`, roles }, TEST_IDENTITY_SECRET);
const owner = as('owner-1');
const admin = as('boss', ['admin']);

describe('logo uploads', () => {
  let db: Awaited<ReturnType<typeof testDatabase>>;
  let mq: Awaited<ReturnType<typeof testBroker>>;
  let http: Awaited<ReturnType<typeof serve>>;
  let mediaDir: string;
  let photo: Buffer;

  beforeAll(async () => {
    db = await testDatabase('media-uploads');
    mq = await testBroker('media-uploads', 'svc-media');
    mediaDir = await mkdtemp(path.join(tmpdir(), 'svc-media-uploads-'));
    http = await serve(createMediaApp({ logger: silentLogger, connection: db.connection, broker: mq.broker, identitySecret: TEST_IDENTITY_SECRET, mediaDir }));
    photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#3a7' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'GPS 40.7128 N 74.0060 W', Artist: 'Owner' } })
      .toBuffer();
  });
  afterAll(async () => {
    await http?.close();
    await mq?.destroy();
    await db?.drop();
    await rm(mediaDir, { recursive: true, force: true });
  });

  const upload = async (bytes: Buffer, fileName: string, contentType = 'application/octet-stream', headers: Record<string, string> = owner) => {
    const response = await fetch(`${http.url}/uploads?fileName=${encodeURIComponent(fileName)}&folder=services`, {
      method: 'POST',
      headers: { 'content-type': contentType, ...headers },
      body: new Uint8Array(bytes),
    });
    return { status: response.status, body: (await response.json()) as { mediaId?: string; url?: string; error?: { message: string } } };
  };
  const uploadedCount = async () => (await readdir(path.join(mediaDir, 'uploads')).catch(() => [])).length;

  it('when an owner uploads a photo, then it is re-encoded without its EXIF into the page sizes, under a random name, cached for good', async () => {
    const answer = await upload(photo, 'my logo.jpg', 'image/jpeg');
    expect(answer.status).toBe(201);
    expect(answer.body.mediaId).toMatch(/^u-[0-9a-f]{24}$/);
    expect(answer.body.url).toBe(`/api/media/images/${answer.body.mediaId}/full`);
    const full = await fetch(`${http.url}/images/${answer.body.mediaId}/full`);
    expect(full.status).toBe(200);
    expect(full.headers.get('content-type')).toBe('image/webp');
    expect(full.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const bytes = Buffer.from(await full.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(900); // never enlarged past the original
    expect(meta.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from('GPS 40.7128'))).toBe(false);
    const thumb = await sharp(Buffer.from(await (await fetch(`${http.url}/images/${answer.body.mediaId}/thumb`)).arrayBuffer())).metadata();
    expect(thumb.width).toBe(160);
    const media = await mediaRepositories(db.connection, testOutbox(db.connection), mediaDir).media.findById(answer.body.mediaId!);
    expect(media).toMatchObject({ associatedEntityType: 'service', uploadedBy: 'owner-1', altText: 'my logo' });
  });

  it('when a PNG is named .jpg and sent as JPEG, then its bytes decide: it is read as the PNG it is', async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 4, background: '#f00' } })
      .png()
      .toBuffer();
    const answer = await upload(png, 'logo.jpg', 'image/jpeg');
    expect(answer.status).toBe(201);
  });

  it.each([
    ['a text file named .png', () => Buffer.from('hello, I am not an image'), 'logo.png', 415, NOT_AN_IMAGE],
    [
      'an SVG',
      () => Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'logo.svg',
      415,
      'SVG images are not accepted. Please upload a PNG, JPEG, GIF, WebP or AVIF image.',
    ],
    ['an 11 MB file', () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(11 * 1024 * 1024)]), 'big.jpg', 413, TOO_BIG],
    [
      'a 1×1 px image',
      () =>
        sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
          .png()
          .toBuffer(),
      'dot.png',
      400,
      'The image is too small (at least 16×16 pixels).',
    ],
    ['a 20000×20000 px PNG of a few KB', () => bombPng(20_000, 20_000), 'bomb.png', 400, TOO_MANY_PIXELS],
    ['a truncated image', () => photo.subarray(0, Math.floor(photo.length / 2)), 'cut.jpg', 400, UNREADABLE],
    ['an empty body', () => Buffer.alloc(0), 'empty.png', 400, NOT_AN_IMAGE],
  ] as const)('when the upload is %s, then it is refused with a clear message and nothing is stored', async (_label, make, name, status, message) => {
    const before = await uploadedCount();
    const bytes = await make();
    const answer = await upload(Buffer.from(bytes), name);
    expect(answer.status).toBe(status);
    expect(answer.body.error?.message).toBe(message);
    expect(await uploadedCount()).toBe(before);
  });

  it('when a listing starts using an uploaded logo, then the media item is tied to that service', async () => {
    const { subscribeCatalogEvents } = await import('../src/entry-points/mq/catalog-events');
    const repositories = mediaRepositories(db.connection, testOutbox(db.connection), mediaDir);
    await subscribeCatalogEvents({ broker: mq.broker, media: repositories.media, directory: repositories.directory, identitySecret: TEST_IDENTITY_SECRET, logger: silentLogger });
    const { body } = await upload(photo, 'logo.jpg', 'image/jpeg');
    await mq.broker.publish('catalog.service.created', { serviceId: 'c'.repeat(24), slug: 'x', status: 'draft', logoImageId: body.mediaId! });
    await expect.poll(async () => (await repositories.media.findById(body.mediaId!))?.associatedEntityId).toBe('c'.repeat(24));
    // Deleting the service retires its media.
    await mq.broker.publish('catalog.service.deleted', { serviceId: 'c'.repeat(24), slug: 'x', status: 'draft', logoImageId: body.mediaId! });
    await expect.poll(async () => (await repositories.media.findById(body.mediaId!))?.deletedAt).not.toBeNull();
  });

  it('when a visitor who is not signed in uploads, then it is refused', async () => {
    const answer = await upload(photo, 'logo.jpg', 'image/jpeg', {});
    expect(answer.status).toBe(401);
  });

  it('when an admin soft-deletes an upload, then visitors and its uploader get a 404 for it, an admin still sees it uncached, and once restored it is served again', async () => {
    const { body } = await upload(photo, 'gone.jpg', 'image/jpeg');
    const image = (headers: Record<string, string> = {}) => fetch(`${http.url}/images/${body.mediaId}/card`, { headers });
    expect((await image()).status).toBe(200);
    expect((await fetch(`${http.url}/admin/media/${body.mediaId}/delete`, { method: 'POST', headers: admin })).status).toBe(200);

    for (const headers of [{}, owner]) {
      const refused = await image(headers);
      expect(refused.status).toBe(404);
      expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(`There is no image "${body.mediaId}".`);
    }
    const seen = await image(admin);
    expect(seen.status).toBe(200);
    expect(seen.headers.get('content-type')).toBe('image/webp');
    expect(seen.headers.get('cache-control')).toBe('private, no-store');

    expect((await fetch(`${http.url}/admin/media/${body.mediaId}/restore`, { method: 'POST', headers: admin })).status).toBe(200);
    const back = await image();
    expect(back.status).toBe(200);
    expect(back.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('when svc-catalog asks about an upload on the signed internal route, then it learns who uploaded it and whether it is deleted; without the signature it learns nothing', async () => {
    const { body } = await upload(photo, 'mine.jpg', 'image/jpeg');
    const ask = async (id: string, headers: Record<string, string>) => {
      const response = await fetch(`${http.url}/internal/media/${id}`, { headers });
      return { status: response.status, body: (await response.json()) as unknown };
    };
    const known = await ask(body.mediaId!, signInternal(TEST_IDENTITY_SECRET));
    expect(known.status).toBe(200);
    expect(MediaItemLookupSchema.parse(known.body)).toEqual({ item: { id: body.mediaId, uploadedBy: 'owner-1', associatedEntityId: null, deletedAt: null } });
    expect(await ask('u-000000000000000000000000', signInternal(TEST_IDENTITY_SECRET))).toEqual({ status: 200, body: { item: null } });
    expect((await ask(body.mediaId!, {})).status).toBe(403);
    expect((await ask(body.mediaId!, signInternal('x'.repeat(40)))).status).toBe(403);
    expect((await ask(body.mediaId!, admin)).status).toBe(403);
  });
});

describe('upload limits', () => {
  // 18:30 UTC: the day's uploads come back at midnight, in 5.5 hours.
  const NOW = new Date('2026-11-01T18:30:00Z');
  let db: Awaited<ReturnType<typeof testDatabase>>;
  let mq: Awaited<ReturnType<typeof testBroker>>;
  let http: Awaited<ReturnType<typeof serve>>;
  let mediaDir: string;
  let tiny: Buffer;

  beforeAll(async () => {
    db = await testDatabase('media-upload-limits');
    mq = await testBroker('media-upload-limits', 'svc-media');
    mediaDir = await mkdtemp(path.join(tmpdir(), 'svc-media-limits-'));
    http = await serve(createMediaApp({ logger: silentLogger, connection: db.connection, broker: mq.broker, identitySecret: TEST_IDENTITY_SECRET, mediaDir, now: () => NOW }));
    tiny = await sharp({ create: { width: 24, height: 24, channels: 3, background: '#e91' } })
      .png()
      .toBuffer();
  });
  afterAll(async () => {
    await http?.close();
    await mq?.destroy();
    await db?.drop();
    await rm(mediaDir, { recursive: true, force: true });
  });

  const send = async (bytes: Buffer, headers: Record<string, string>) => {
    const response = await fetch(`${http.url}/uploads?fileName=logo.png`, { method: 'POST', headers: { 'content-type': 'application/octet-stream', ...headers }, body: new Uint8Array(bytes) });
    const body = (await response.json()) as { mediaId?: string; error?: { message: string } };
    return { status: response.status, retryAfter: response.headers.get('retry-after'), message: body.error?.message, mediaId: body.mediaId };
  };
  const storedFiles = async () => (await readdir(path.join(mediaDir, 'uploads')).catch(() => [])).length;

  it("when one user sends six 40-megapixel uploads at once, then two are taken, four are refused with 429 and a message, and another user's upload meanwhile goes through", async () => {
    // Solid colour: small to send, 40 megapixels to decode three times over.
    const huge = await sharp({ create: { width: 8000, height: 5000, channels: 3, background: '#345' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const flooder = as('flooder');
    const settled: Array<Awaited<ReturnType<typeof send>>> = [];
    const flood = Array.from({ length: 6 }, () => send(huge, flooder).then((answer) => (settled.push(answer), answer)));
    // The refusals come back at once, while the two taken are still being drawn.
    await expect.poll(() => settled.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(4);
    const neighbour = await send(tiny, as('neighbour'));
    expect(neighbour.status).toBe(201);

    const answers = await Promise.all(flood);
    expect(answers.filter((a) => a.status === 201)).toHaveLength(2);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused).toHaveLength(4);
    for (const answer of refused) expect(answer).toMatchObject({ status: 429, retryAfter: '5', message: tooManyAtOnce(2) });
    // Done, the flooder may upload again.
    expect((await send(tiny, flooder)).status).toBe(201);
  }, 60_000);

  it('when a user has stored 50 images today, then the 51st is refused with 429, a message and Retry-After until midnight (UTC), and nothing is stored; failed uploads do not count, other users and admins are not held back', async () => {
    const daily = as('daily-uploader');
    const upload = async (count: number) => {
      for (let i = 0; i < count; i += 1) expect((await send(tiny, daily)).status).toBe(201);
    };
    await upload(11);
    // A refused upload stores nothing and costs nothing.
    expect((await send(Buffer.from('not an image at all'), daily)).status).toBe(415);
    await upload(DAILY_UPLOADS - 11);
    const before = await storedFiles();
    const refused = await send(tiny, daily);
    expect(refused).toMatchObject({
      status: 429,
      retryAfter: String(5.5 * 60 * 60),
      message: 'You have uploaded 50 images today, the most allowed in a day. You can upload again in 6 hours.',
    });
    expect(await storedFiles()).toBe(before);

    expect((await send(tiny, as('someone-else'))).status).toBe(201);
    expect((await send(tiny, admin)).status).toBe(201);
    const quotas = mediaRepositories(db.connection, testOutbox(db.connection), mediaDir).quotas;
    expect(await quotas.used('daily-uploader', '2026-11-01')).toBe(DAILY_UPLOADS);
    expect(await quotas.used('boss', '2026-11-01')).toBe(0);
  }, 120_000);

  it("when a user's first upload of the day is refused, then the database is left as it was", async () => {
    const records = db.connection.collection('upload_quotas');
    const before = await records.countDocuments();
    expect((await send(Buffer.from('not an image at all'), as('first-timer'))).status).toBe(415);
    expect(await records.countDocuments()).toBe(before);
  });

  it('when many uploads of one user race for the last places of the day, then exactly those places are taken, on any instance', async () => {
    const quotas = mediaRepositories(db.connection, testOutbox(db.connection), mediaDir).quotas;
    const taken = await Promise.all(Array.from({ length: 12 }, () => quotas.take('racer', '2026-11-01', 5)));
    expect(taken.filter(Boolean)).toHaveLength(5);
    expect(await quotas.used('racer', '2026-11-01')).toBe(5);
    await quotas.giveBack('racer', '2026-11-01');
    expect(await quotas.take('racer', '2026-11-01', 5)).toBe(true);
    expect(await quotas.take('racer', '2026-11-01', 5)).toBe(false);
  });
});
