import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PhotoLookupSchema, photoFileUrl, type PhotoFacts } from '@mealprep/contracts';
import { signIdentity, signInternal } from '@mealprep/service-kit';
import { serve, silentLogger, TEST_IDENTITY_SECRET, testBroker, testDatabase, testOutbox } from '@mealprep/service-kit/testing';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaApp, mediaRepositories } from '../src/app';
import { bombPng } from './bomb-png';
import { DAILY_PHOTO_REPORTS, GALLERY_FULL, NOT_YOUR_LISTING, REPORTS_USED_UP } from '../src/domain/photos/listing-photos';
import { NOT_A_PHOTO, SVG_REFUSED } from '../src/domain/photos/photo-renditions';
import { NOT_AN_IMAGE, TOO_BIG, TOO_MANY_PIXELS, UNREADABLE } from '../src/domain/uploads';

const as = (userId: string, roles: Array<'admin'> = []) => signIdentity({ userId, email: `${userId}@example.com`, roles }, TEST_IDENTITY_SECRET);
const owner = as('owner-1');
const stranger = as('owner-2');
const staff = as('boss', ['admin']);

describe('listing photos', () => {
  let db: Awaited<ReturnType<typeof testDatabase>>;
  let mq: Awaited<ReturnType<typeof testBroker>>;
  let http: Awaited<ReturnType<typeof serve>>;
  let mediaDir: string;
  let gpsPhoto: Buffer;
  let repositories: ReturnType<typeof mediaRepositories>;

  beforeAll(async () => {
    db = await testDatabase('media-photos');
    mq = await testBroker('media-photos', 'svc-media');
    mediaDir = await mkdtemp(path.join(tmpdir(), 'svc-media-photos-'));
    http = await serve(createMediaApp({ logger: silentLogger, connection: db.connection, broker: mq.broker, identitySecret: TEST_IDENTITY_SECRET, mediaDir }));
    repositories = mediaRepositories(db.connection, testOutbox(db.connection), mediaDir);
    await repositories.directory.apply({ id: 'listing-pub', version: 1, name: 'Green Box', status: 'published', ownerUserId: 'owner-1', photoIds: [] });
    await repositories.directory.apply({ id: 'listing-draft', version: 1, name: 'Draft Box', status: 'draft', ownerUserId: 'owner-1', photoIds: [] });
    await repositories.directory.apply({
      id: 'listing-full',
      version: 1,
      name: 'Full Box',
      status: 'published',
      ownerUserId: 'owner-1',
      photoIds: Array.from({ length: 12 }, (_, i) => `p-${String(i).padStart(24, '0')}`),
    });
    // A phone's photo: upside down by its orientation tag, with a GPS position and a camera in its EXIF.
    gpsPhoto = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#c84' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'PhoneMaker', Model: 'Phone 12' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 42/1 4608/100', GPSLongitudeRef: 'W', GPSLongitude: '74/1 0/1 2160/100' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
  });
  afterAll(async () => {
    await http?.close();
    await mq?.destroy();
    await db?.drop();
    await rm(mediaDir, { recursive: true, force: true });
  });

  const upload = async (bytes: Buffer, listingId: string, headers: Record<string, string> = owner) => {
    const response = await fetch(`${http.url}/photos?listingId=${encodeURIComponent(listingId)}&fileName=kitchen.jpg`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', ...headers },
      body: new Uint8Array(bytes),
    });
    return { status: response.status, body: (await response.json()) as { photo?: PhotoFacts; error?: { message: string } } };
  };
  const storedPhotos = async () => (await readdir(path.join(mediaDir, 'photos')).catch(() => [])).length;
  /** The served path of a file (the gateway serves it under /api/media). */
  const served = (photo: PhotoFacts, width: number, format: 'avif' | 'webp' | 'jpeg') =>
    photoFileUrl(
      photo.id,
      photo.sources.find((s) => s.width === width)!,
      format,
    ).replace('/api/media', '');

  it('when an owner uploads a phone photo with a GPS position, then every width and format is served upright, cached for good, with no metadata at all', async () => {
    expect(gpsPhoto.includes(Buffer.from('PhoneMaker'))).toBe(true);
    const original = await sharp(gpsPhoto).metadata();
    expect(original.exif).toBeDefined();
    expect(original.orientation).toBe(6);
    // Its EXIF points at a GPS block (tag 0x8825, in either byte order).
    expect(original.exif!.includes(Buffer.from([0x88, 0x25])) || original.exif!.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    const answer = await upload(gpsPhoto, 'listing-pub');
    expect(answer.status).toBe(201);
    const photo = answer.body.photo!;
    expect(photo.id).toMatch(/^p-[0-9a-f]{24}$/);
    // Turned by its orientation: 600 wide, 900 high; never enlarged past its own width.
    expect({ width: photo.width, height: photo.height }).toEqual({ width: 600, height: 900 });
    expect(photo.sources.map((s) => [s.width, s.height])).toEqual([
      [320, 480],
      [600, 900],
    ]);
    for (const source of photo.sources) {
      for (const format of ['avif', 'webp', 'jpeg'] as const) {
        const response = await fetch(`${http.url}${served(photo, source.width, format)}`);
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toBe(`image/${format}`);
        expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        const bytes = Buffer.from(await response.arrayBuffer());
        const meta = await sharp(bytes).metadata();
        expect(meta.format).toBe(format === 'avif' ? 'heif' : format);
        expect([meta.width, meta.height]).toEqual([source.width, source.height]);
        expect(meta.exif).toBeUndefined();
        expect(meta.xmp).toBeUndefined();
        expect(meta.orientation).toBeUndefined();
        expect(bytes.includes(Buffer.from('PhoneMaker'))).toBe(false);
      }
    }
  });

  it('when a photo of a draft listing is asked for, then only its owner and staff are served it, anyone else gets the 404 of an unknown id', async () => {
    const { body } = await upload(gpsPhoto, 'listing-draft');
    const url = `${http.url}${served(body.photo!, 320, 'webp')}`;
    const visitor = await fetch(url);
    expect(visitor.status).toBe(404);
    expect(((await visitor.json()) as { error: { message: string } }).error.message).toBe('There is no such photo.');
    expect((await fetch(url, { headers: stranger })).status).toBe(404);
    const own = await fetch(url, { headers: owner });
    expect(own.status).toBe(200);
    expect(own.headers.get('cache-control')).toBe('private, no-store');
    expect((await fetch(url, { headers: staff })).status).toBe(200);
    // A name whose hash is not the file's is unknown too.
    expect((await fetch(url.replace(/-[0-9a-f]{32}\./, `-${'0'.repeat(32)}.`), { headers: owner })).status).toBe(404);
  });

  it("when a photo is uploaded to another owner's listing, a full gallery, or is not a photo, then each is refused with its message and nothing is stored", async () => {
    const before = await storedPhotos();
    const refusals: Array<[() => Promise<{ status: number; body: { error?: { message: string } } }>, number, string]> = [
      [() => upload(gpsPhoto, 'listing-pub', stranger), 403, NOT_YOUR_LISTING],
      [() => upload(gpsPhoto, 'no-such-listing'), 403, NOT_YOUR_LISTING],
      [() => upload(gpsPhoto, 'listing-full'), 409, GALLERY_FULL],
      [() => upload(Buffer.from('just some text, named photo.jpg'), 'listing-pub'), 415, NOT_AN_IMAGE],
      [() => upload(gpsPhoto.subarray(0, Math.floor(gpsPhoto.length / 2)), 'listing-pub'), 400, UNREADABLE],
      [() => upload(bombPng(50_000, 50_000), 'listing-pub'), 400, TOO_MANY_PIXELS],
      [() => upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'listing-pub'), 415, SVG_REFUSED],
      [() => upload(Buffer.from('GIF89a' + '\0'.repeat(40)), 'listing-pub'), 415, NOT_A_PHOTO],
      [() => upload(Buffer.concat([gpsPhoto, Buffer.alloc(11 * 1024 * 1024 - gpsPhoto.length)]), 'listing-pub'), 413, TOO_BIG],
    ];
    for (const [answer, status, message] of refusals) {
      const { status: got, body } = await answer();
      expect({ got, message: body.error?.message }).toEqual({ got: status, message });
    }
    expect(await storedPhotos()).toBe(before);
  });

  it('when staff remove a photo with a reason, then visitors and its owner get the 404, staff still see it, and the removal is announced once for the owner to be mailed', async () => {
    const heard: Array<{ type: string; payload: unknown }> = [];
    await mq.broker.subscribe('photos-heard', ['media.photo.removed'], async (event) => void heard.push(event), { exclusive: true });
    const { body } = await upload(gpsPhoto, 'listing-pub');
    const url = `${http.url}${served(body.photo!, 320, 'jpeg')}`;
    expect((await fetch(url)).status).toBe(200);
    const remove = (headers: Record<string, string>, reason: unknown) =>
      fetch(`${http.url}/admin/photos/${body.photo!.id}/remove`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ reason }) });
    expect((await remove(owner, 'Not food at all')).status).toBe(403);
    const short = await remove(staff, 'no');
    expect(short.status).toBe(400);
    expect((await fetch(url)).status).toBe(200);
    const removed = await remove(staff, 'Shows a person who did not agree to be shown');
    expect(removed.status).toBe(200);
    expect(((await removed.json()) as { photo: PhotoFacts }).photo.removedAt).not.toBeNull();
    expect((await fetch(url)).status).toBe(404);
    expect((await fetch(url, { headers: owner })).status).toBe(404);
    expect((await fetch(url, { headers: staff })).status).toBe(200);
    expect((await remove(staff, 'Removed a second time')).status).toBe(200);
    // A marker: another photo removed after the second removal; once its event is heard, any event of the second removal would have been too.
    const marker = `p-${'e'.repeat(24)}`;
    await repositories.photos.insertMissing({ id: marker, listingId: 'listing-pub', uploadedBy: 'owner-1', width: 600, height: 900, sources: [], bytes: {}, createdAt: new Date().toISOString() });
    const markerRemoved = await fetch(`${http.url}/admin/photos/${marker}/remove`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...staff },
      body: JSON.stringify({ reason: 'The marker of this test' }),
    });
    expect(markerRemoved.status).toBe(200);
    await expect.poll(() => heard.some((e) => (e.payload as { photoId: string }).photoId === marker)).toBe(true);
    expect(heard.filter((e) => (e.payload as { photoId: string }).photoId === body.photo!.id)).toHaveLength(1);
    expect(heard.find((e) => (e.payload as { photoId: string }).photoId === body.photo!.id)!.payload).toEqual({
      photoId: body.photo!.id,
      listingId: 'listing-pub',
      listingName: 'Green Box',
      slug: '',
      ownerUserId: 'owner-1',
      reason: 'Shows a person who did not agree to be shown',
      byUserId: 'boss',
    });
    // Put back by staff: served again.
    expect((await fetch(`${http.url}/admin/photos/${body.photo!.id}/restore`, { method: 'POST', headers: staff })).status).toBe(200);
    expect((await fetch(url)).status).toBe(200);
  });

  it("when people report a photo, then each counts once in staff's queue, a visitor must sign in, a photo no visitor sees cannot be reported, and staff may dismiss the reports", async () => {
    const { body } = await upload(gpsPhoto, 'listing-pub');
    const { body: draft } = await upload(gpsPhoto, 'listing-draft');
    const report = (photoId: string, headers: Record<string, string>, reason: unknown = 'Not a photo of food at all') =>
      fetch(`${http.url}/photos/${photoId}/reports`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ reason }) });
    expect((await report(body.photo!.id, {})).status).toBe(401);
    expect((await report(body.photo!.id, stranger, '<b>bad</b>')).status).toBe(400);
    expect((await report(draft.photo!.id, stranger)).status).toBe(404);
    expect((await report(body.photo!.id, stranger)).status).toBe(201);
    expect((await report(body.photo!.id, stranger, 'Reported again, same person')).status).toBe(201);
    expect((await report(body.photo!.id, as('someone-else'))).status).toBe(201);
    const queue = async () =>
      ((await (await fetch(`${http.url}/admin/photos/reported`, { headers: staff })).json()) as { items: Array<{ photoId: string; count: number; photo: PhotoFacts | null }> }).items;
    expect((await fetch(`${http.url}/admin/photos/reported`, { headers: owner })).status).toBe(403);
    const entry = (await queue()).find((e) => e.photoId === body.photo!.id);
    expect(entry).toMatchObject({ count: 2, photo: { id: body.photo!.id, listingId: 'listing-pub' } });
    expect((await fetch(`${http.url}/admin/photos/${body.photo!.id}/dismiss-reports`, { method: 'POST', headers: staff })).status).toBe(200);
    expect((await queue()).some((e) => e.photoId === body.photo!.id)).toBe(false);
  });

  it('when one person reports photos in a loop, then the day stops at its limit', async () => {
    const flooder = as('flooder');
    const statuses: number[] = [];
    for (let i = 0; i < DAILY_PHOTO_REPORTS + 1; i++) {
      // Photos of a public listing, recorded directly (reporting reads the record, not the files).
      const photo = { id: `p-${String(i).padStart(24, 'f')}` };
      await repositories.photos.insertMissing({ id: photo.id, listingId: 'listing-pub', uploadedBy: 'owner-1', width: 600, height: 900, sources: [], bytes: {}, createdAt: new Date().toISOString() });
      const answer = await fetch(`${http.url}/photos/${photo.id}/reports`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...flooder },
        body: JSON.stringify({ reason: 'Reported in a loop' }),
      });
      statuses.push(answer.status);
      if (answer.status === 429) expect(((await answer.json()) as { error: { message: string } }).error.message).toBe(REPORTS_USED_UP);
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(DAILY_PHOTO_REPORTS);
    expect(statuses.at(-1)).toBe(429);
  });

  it('when svc-catalog asks about a photo on its signed route, then it learns the listing, uploader and sizes; unsigned, it is refused', async () => {
    const { body } = await upload(gpsPhoto, 'listing-pub');
    const signed = await fetch(`${http.url}/internal/media/photos/${body.photo!.id}`, { headers: signInternal(TEST_IDENTITY_SECRET) });
    expect(signed.status).toBe(200);
    expect(PhotoLookupSchema.parse(await signed.json()).photo).toMatchObject({ id: body.photo!.id, listingId: 'listing-pub', uploadedBy: 'owner-1', width: 600, removedAt: null });
    const unknown = await fetch(`${http.url}/internal/media/photos/p-${'0'.repeat(24)}`, { headers: signInternal(TEST_IDENTITY_SECRET) });
    expect(PhotoLookupSchema.parse(await unknown.json()).photo).toBeNull();
    expect((await fetch(`${http.url}/internal/media/photos/${body.photo!.id}`)).status).toBeGreaterThanOrEqual(401);
  });
});
