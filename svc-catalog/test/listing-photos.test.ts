import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { EditableService, PhotoFacts, PublicService, ServiceInsertInput } from '@mealprep/contracts';
import { verifyInternal } from '@mealprep/service-kit';
import { TEST_IDENTITY_SECRET } from '@mealprep/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_NOT_YOURS, PHOTO_REMOVED, PHOTOS_UNCHECKED } from '../src/domain/listings/listing-photos';
import { as, useCatalog } from './harness';

/** svc-media's signed question about a photo, answered from a table the test fills; `down` makes it fail. */
function fakeMedia() {
  const photos = new Map<string, PhotoFacts>();
  const state = { down: false, asked: 0 };
  const server: Server = createServer((req, res) => {
    const match = /^\/internal\/media\/photos\/([a-z0-9-]+)$/.exec(req.url ?? '');
    state.asked += 1;
    if (state.down) return void res.writeHead(500).end();
    if (!match || !verifyInternal(req.headers, TEST_IDENTITY_SECRET)) return void res.writeHead(403).end();
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ photo: photos.get(match[1]!) ?? null }));
  });
  return {
    photos,
    state,
    url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    start: () => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let counter = 0;
const photoId = () => `p-${(counter += 1).toString(16).padStart(24, '0')}`;
const hash = (n: number) => n.toString(16).padStart(32, 'a');
const drawn = (listingId: string, extra: Partial<PhotoFacts> = {}): PhotoFacts => ({
  id: photoId(),
  listingId,
  uploadedBy: 'owner-a',
  width: 1600,
  height: 1200,
  sources: [320, 640, 1280, 1600].map((w, i) => ({ width: w, height: (w * 3) / 4, avif: hash(i * 3 + 1), webp: hash(i * 3 + 2), jpeg: hash(i * 3 + 3) })),
  removedAt: null,
  ...extra,
});

function listing(slug: string): ServiceInsertInput {
  return {
    name: `Photo Test ${slug}`,
    slug,
    tagline: 'Dinners in glass jars',
    description: 'Fresh dinners every Sunday.',
    mealTypes: ['keto'],
    deliveryMethods: { localDelivery: true, pickup: false, shipsDomestically: false, shipsInternationally: false },
    contact: { email: `hello@${slug}.example.com`, phone: '555-0100', website: `https://${slug}.example.com`, socialLinks: [] },
    locations: [],
    media: { logoImageId: null },
    metadata: { ownerName: 'Sam Sunrise', yearsInBusiness: '1-2 years', termsAccepted: true, submittedVia: 'dashboard' },
  };
}

describe("a listing's gallery", () => {
  const media = fakeMedia();
  beforeAll(() => media.start());
  afterAll(() => media.stop());
  const catalog = useCatalog('catalog-listing-photos', { mediaUrl: media.url });
  const send = catalog.send;
  const create = async (userId: string, slug: string) => {
    const created = await send('POST', '/services', as(userId), listing(slug));
    expect(created.status).toBe(201);
    return created.body.id as string;
  };
  const edit = async (id: string) => (await send('GET', `/services/${id}/edit`, as('boss', ['admin']))).body as unknown as EditableService;
  const setPhotos = (userId: string, id: string, body: unknown, roles: Array<'admin'> = []) => send('PUT', `/services/${id}/photos`, as(userId, roles), body);
  const add = (...photos: PhotoFacts[]) => photos.forEach((p) => media.photos.set(p.id, p));

  it('when an owner sets three photos with descriptions, a caption, an order and a cover, then the listing keeps them and announces their ids; the cover leads the public page and the card', async () => {
    const id = await create('owner-a', 'photos-a');
    const [one, two, three] = [drawn(id), drawn(id), drawn(id)];
    add(one, two, three);
    const saved = await setPhotos('owner-a', id, {
      photos: [
        { id: one.id, alt: 'Chicken and rice in glass jars', caption: 'Our Sunday box' },
        { id: two.id, alt: 'Our kitchen at dawn' },
        { id: three.id, alt: 'Salad with feta and olives', caption: '' },
      ],
      coverId: three.id,
    });
    expect(saved.status).toBe(200);
    const media1 = (saved.body as unknown as EditableService).media;
    expect(media1.photos!.map((p) => [p.id, p.alt, p.caption])).toEqual([
      [one.id, 'Chicken and rice in glass jars', 'Our Sunday box'],
      [two.id, 'Our kitchen at dawn', null],
      [three.id, 'Salad with feta and olives', null],
    ]);
    expect(media1.coverPhotoId).toBe(three.id);
    expect(media1.photos![0]!.sources).toEqual(one.sources);
    await expect
      .poll(() => catalog.events.some((e) => e.type === 'catalog.service.updated' && JSON.stringify((e.payload as { photoIds?: string[] }).photoIds) === JSON.stringify([one.id, two.id, three.id])))
      .toBe(true);

    // Published, visitors see it: the cover on its card, small widths only.
    expect((await send('PATCH', `/admin/services/${id}/status`, as('boss', ['admin']), { status: 'published' })).status).toBe(200);
    const page = (await send('GET', '/services/by-slug/photos-a')).body as unknown as PublicService;
    expect(page.media.photos!.map((p) => p.id)).toEqual([one.id, two.id, three.id]);
    expect(page.media.coverPhotoId).toBe(three.id);
    await expect
      .poll(async () => {
        const list = (await send('GET', `/services?q=${encodeURIComponent('Photo Test photos-a')}`)).body as {
          items: Array<{ slug: string; cover?: { id: string; sources: Array<{ width: number }> } | null }>;
        };
        const card = list.items.find((c) => c.slug === 'photos-a');
        return card?.cover ? [card.cover.id, card.cover.sources.map((s) => s.width)] : null;
      })
      .toEqual([three.id, [320, 640]]);
  });

  it("when an owner names another listing's photo, one staff removed, an unknown id, bad descriptions or a 13th photo, then each is refused with its message and the gallery stays as it was", async () => {
    const id = await create('owner-a', 'photos-b');
    const other = await create('owner-a', 'photos-b-other');
    const mine = drawn(id);
    const theirs = drawn(other);
    const removed = drawn(id, { removedAt: '2026-11-01T00:00:00.000Z' });
    add(mine, theirs, removed);
    expect((await setPhotos('owner-a', id, { photos: [{ id: mine.id, alt: 'Our best seller' }] })).status).toBe(200);
    const refusals: Array<[unknown, string]> = [
      [{ photos: [{ id: theirs.id, alt: 'Not from here' }] }, PHOTO_NOT_YOURS],
      [{ photos: [{ id: `p-${'f'.repeat(24)}`, alt: 'Never uploaded' }] }, PHOTO_NOT_YOURS],
      [{ photos: [{ id: removed.id, alt: 'Taken down by staff' }] }, PHOTO_REMOVED],
      [{ photos: [{ id: mine.id, alt: 'abc' }] }, 'A description must be at least 5 characters'],
      [{ photos: [{ id: mine.id, alt: '<b>Our best</b> seller' }] }, 'A description cannot hold HTML'],
      [{ photos: [{ id: mine.id, alt: 'Half of \ud83d a smile' }] }, 'must be well-formed text (it holds half of a character)'],
      [{ photos: Array.from({ length: 13 }, () => ({ id: photoId(), alt: 'One of too many' })) }, 'A listing can have at most 12 photos'],
      [{ photos: [{ id: mine.id, alt: 'Our best seller' }], coverId: theirs.id }, 'The cover must be one of the photos'],
    ];
    for (const [body, message] of refusals) {
      const refused = await setPhotos('owner-a', id, body);
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body.error)).toContain(message);
    }
    expect((await edit(id)).media.photos!.map((p) => [p.id, p.alt])).toEqual([[mine.id, 'Our best seller']]);
  });

  it("when someone else sets a listing's photos, then it is the not-found of any listing not theirs; staff may", async () => {
    const id = await create('owner-a', 'photos-c');
    const photo = drawn(id);
    add(photo);
    const stranger = await setPhotos('owner-z', id, { photos: [{ id: photo.id, alt: 'Not my listing' }] });
    expect(stranger.status).toBe(404);
    expect((await edit(id)).media.photos ?? []).toEqual([]);
    expect((await setPhotos('boss', id, { photos: [{ id: photo.id, alt: 'Set by staff' }] }, ['admin'])).status).toBe(200);
  });

  it('when a photo is taken out of the gallery, then it waits among the removed to be put back without asking svc-media again; when svc-media is down, a new photo is a 503', async () => {
    const id = await create('owner-a', 'photos-d');
    const [a, b] = [drawn(id), drawn(id)];
    add(a, b);
    expect(
      (
        await setPhotos('owner-a', id, {
          photos: [
            { id: a.id, alt: 'First photo' },
            { id: b.id, alt: 'Second photo' },
          ],
        })
      ).status,
    ).toBe(200);
    const out = await setPhotos('owner-a', id, { photos: [{ id: a.id, alt: 'First photo' }] });
    expect((out.body as unknown as EditableService).removedPhotos!.map((p) => p.id)).toEqual([b.id]);
    media.state.down = true;
    try {
      const back = await setPhotos('owner-a', id, {
        photos: [
          { id: a.id, alt: 'First photo' },
          { id: b.id, alt: 'Second, put back' },
        ],
      });
      expect(back.status).toBe(200);
      expect((back.body as unknown as EditableService).removedPhotos).toEqual([]);
      const fresh = drawn(id);
      add(fresh);
      const down = await setPhotos('owner-a', id, { photos: [{ id: fresh.id, alt: 'Brand new photo' }] });
      expect(down.status).toBe(503);
      expect(down.body.error?.message).toBe(PHOTOS_UNCHECKED);
    } finally {
      media.state.down = false;
    }
    expect((await edit(id)).media.photos!.map((p) => p.alt)).toEqual(['First photo', 'Second, put back']);
  });

  it('when staff remove a photo in svc-media, then it leaves the gallery (the cover passes to the next) and cannot be put back', async () => {
    const id = await create('owner-a', 'photos-e');
    const [a, b, c] = [drawn(id), drawn(id), drawn(id)];
    add(a, b, c);
    expect(
      (
        await setPhotos('owner-a', id, {
          photos: [
            { id: a.id, alt: 'First photo' },
            { id: b.id, alt: 'Second photo' },
          ],
          coverId: a.id,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await setPhotos('owner-a', id, {
          photos: [
            { id: a.id, alt: 'First photo' },
            { id: b.id, alt: 'Second photo' },
            { id: c.id, alt: 'Third photo' },
          ],
          coverId: a.id,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await setPhotos('owner-a', id, {
          photos: [
            { id: a.id, alt: 'First photo' },
            { id: b.id, alt: 'Second photo' },
          ],
          coverId: a.id,
        })
      ).status,
    ).toBe(200);
    const removal = (photo: PhotoFacts) => ({
      photoId: photo.id,
      listingId: id,
      listingName: 'Photo Test photos-e',
      slug: 'photos-e',
      ownerUserId: 'owner-a',
      reason: 'Not a photo of food',
      byUserId: 'boss',
    });
    await catalog.publish('media.photo.removed', removal(a));
    await catalog.publish('media.photo.removed', removal(c));
    await expect.poll(async () => (await edit(id)).media.photos!.map((p) => p.id)).toEqual([b.id]);
    await expect.poll(async () => (await edit(id)).removedPhotos!.map((p) => p.id)).toEqual([]);
    expect((await edit(id)).media.coverPhotoId).toBe(b.id);
  });
});
