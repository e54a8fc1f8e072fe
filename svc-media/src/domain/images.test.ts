import fc from 'fast-check';
import type { Rendition } from '../data-access/stored-image-repository';
import { openImage, pickRendition } from './images';
import { mediaItemFacts } from './media-facts';
import { fakeFiles, fakeMedia, fakeStoredImages, mediaRecord } from '../testing/fakes';

const rendition = (width: number): Rendition => ({ width, height: Math.round(width / 2), bytes: width * 10, etag: `"w${width}"` });

describe('which rendition serves a size', () => {
  it('the exact width when there is one, else the nearest wider, else the widest there is; none when there are none', () => {
    const all = [rendition(1600), rendition(160), rendition(480)];
    expect(pickRendition(all, 480)?.width).toBe(480);
    expect(pickRendition(all, 300)?.width).toBe(480);
    expect(pickRendition(all, 2000)?.width).toBe(1600);
    expect(pickRendition([rendition(90)], 160)?.width).toBe(90);
    expect(pickRendition([], 160)).toBeNull();
  });

  it('never picks a narrower rendition while a wide enough one exists, and never a wider one than needed', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: 4000 }), { minLength: 1, maxLength: 8 }), fc.integer({ min: 1, max: 4000 }), (widths, wanted) => {
        const picked = pickRendition(widths.map(rendition), wanted)!.width;
        const wideEnough = widths.filter((w) => w >= wanted);
        expect(picked).toBe(wideEnough.length ? Math.min(...wideEnough) : Math.max(...widths));
      }),
    );
  });
});

function setUp() {
  const images = fakeStoredImages([
    { id: 'u-logo', folder: 'uploads', contentType: 'image/webp', renditions: [rendition(160), rendition(480), rendition(600)] },
    { id: 'u-gone', folder: 'uploads', contentType: 'image/webp', renditions: [rendition(160)] },
    { id: 'b-hero', folder: 'banners', contentType: 'image/webp', renditions: [rendition(1600)] },
    { id: 'u-nofile', folder: 'uploads', contentType: 'image/webp', renditions: [rendition(160)] },
  ]);
  const media = fakeMedia([mediaRecord({ id: 'u-logo' }), mediaRecord({ id: 'u-gone', deletedAt: '2026-03-01T12:00:00.000Z' }), mediaRecord({ id: 'u-nofile' })]);
  const files = fakeFiles();
  void files.store.write('uploads', 'u-logo', 600, Buffer.from('full-bytes'));
  void files.store.write('uploads', 'u-logo', 160, Buffer.from('thumb-bytes'));
  void files.store.write('uploads', 'u-gone', 160, Buffer.from('gone-bytes'));
  void files.store.write('banners', 'b-hero', 1600, Buffer.from('hero-bytes'));
  return { images: images.repo, media: media.repo, files: files.store };
}

const visitor = { admin: false };
const admin = { admin: true };

describe('opening an image for a page', () => {
  it('serves the rendition of the size asked for, as WebP with its ETag', async () => {
    const deps = setUp();
    const full = await openImage(deps, 'u-logo', 'full', visitor);
    expect(full).toMatchObject({ contentType: 'image/webp', width: 600, etag: '"w600"', deleted: false });
    expect((await full.read()).toString()).toBe('full-bytes');
    expect((await (await openImage(deps, 'u-logo', 'thumb', visitor)).read()).toString()).toBe('thumb-bytes');
  });

  it('a banner (an image with no media item) is shown to everyone', async () => {
    const deps = setUp();
    expect((await openImage(deps, 'b-hero', 'card', visitor)).width).toBe(1600);
  });

  it('a deleted media item is a 404 for visitors and owners, and still shown to admins, marked deleted', async () => {
    const deps = setUp();
    await expect(openImage(deps, 'u-gone', 'thumb', visitor)).rejects.toMatchObject({ status: 404, message: 'There is no image "u-gone".' });
    const seen = await openImage(deps, 'u-gone', 'thumb', admin);
    expect(seen.deleted).toBe(true);
    expect((await seen.read()).toString()).toBe('gone-bytes');
  });

  it('an unknown image is a 404; an image whose file is missing is a 404 when it is read', async () => {
    const deps = setUp();
    await expect(openImage(deps, 'u-never', 'full', admin)).rejects.toMatchObject({ status: 404 });
    const opened = await openImage(deps, 'u-nofile', 'thumb', visitor);
    await expect(opened.read()).rejects.toMatchObject({ status: 404, message: 'The file of image "u-nofile" is missing.' });
  });
});

describe('what svc-catalog is told of an image before a listing uses it as its logo', () => {
  it('who uploaded it, which service uses it, and whether it was deleted', async () => {
    const media = fakeMedia([mediaRecord({ id: 'u-1', uploadedBy: 'user-ana', associatedEntityId: 'svc-1', deletedAt: '2026-03-01T12:00:00.000Z', altText: 'not needed' })]);
    expect(await mediaItemFacts({ media: media.repo }, 'u-1')).toEqual({ id: 'u-1', uploadedBy: 'user-ana', associatedEntityId: 'svc-1', deletedAt: '2026-03-01T12:00:00.000Z' });
  });

  it('an item with no uploader (demo or imported media) says null, so nobody can claim it as theirs; an unknown id is null', async () => {
    const media = fakeMedia([mediaRecord({ id: 'demo-1', uploadedBy: undefined })]);
    expect(await mediaItemFacts({ media: media.repo }, 'demo-1')).toMatchObject({ uploadedBy: null, associatedEntityId: null, deletedAt: null });
    expect(await mediaItemFacts({ media: media.repo }, 'nope')).toBeNull();
  });
});
