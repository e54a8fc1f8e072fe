import type { StockPhoto } from '@mealprep/contracts';
import sharp from 'sharp';
import { addBanner, removeBanners, stockPhotoByUrl, updateBanners, type AdminBannerDeps } from './admin-banners';
import { listActiveBanners, toBannerImage } from './banners';
import { bannerRecord, fakeBanners, fakeEvents, fakeFiles, fakeStock, fakeStoredImages } from '../testing/fakes';
import { UploadGate } from './upload-gate';

const salad: StockPhoto = {
  id: 'Xy12ab9Qz',
  urls: { regular: 'https://images.stock.example/salad-regular.jpg', small: 'https://images.stock.example/salad-small.jpg' },
  alt_description: 'green salad in a bowl',
  user: { name: 'Jo Lens', username: 'jolens' },
};
const anonymous: StockPhoto = { ...salad, id: 'Anon12345', user: { name: '', username: '' } };

async function setUp(initial = [bannerRecord({ id: 'b-one', order: 0 }), bannerRecord({ id: 'b-two', order: 4, isActive: false })]) {
  const events = fakeEvents();
  const banners = fakeBanners(events.written, initial);
  const images = fakeStoredImages();
  const files = fakeFiles();
  const stock = fakeStock([salad, anonymous]);
  const picture = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#e0a030' } })
    .jpeg()
    .toBuffer();
  const fetched: string[] = [];
  let answer: Buffer = picture;
  const deps: AdminBannerDeps = {
    banners: banners.repo,
    images: images.repo,
    files: files.store,
    stock: stock.stock,
    fetchImage: async (url) => {
      fetched.push(url);
      return { bytes: answer, contentType: 'image/jpeg' };
    },
    events: events.events,
    gate: new UploadGate(),
  };
  return {
    deps,
    events,
    banners,
    images,
    files,
    stock,
    fetched,
    answerWith: (bytes: Buffer) => {
      answer = bytes;
    },
  };
}

describe('an admin looking up a stock photo by its page URL', () => {
  it('a photo page URL is looked up by its id', async () => {
    const t = await setUp();
    expect(await stockPhotoByUrl(t.deps, 'https://unsplash.com/photos/green-salad-Xy12ab9Qz')).toEqual(salad);
    expect(t.stock.asked).toEqual(['Xy12ab9Qz']);
  });

  it('a URL that is not a photo page is a 400 and the stock service is not asked', async () => {
    const t = await setUp();
    await expect(stockPhotoByUrl(t.deps, 'https://unsplash.com/@jolens')).rejects.toMatchObject({ status: 400, message: 'That is not a stock photo page URL.' });
    expect(t.stock.asked).toEqual([]);
  });
});

describe('an admin adding a banner', () => {
  it('a stock photo is fetched from the URL the stock service gives for its id, stored as our own picture, credited, active and last in order; the hero hears of it', async () => {
    const t = await setUp();
    const banner = await addBanner(t.deps, 'user-boss', { source: 'unsplash', unsplashId: 'Xy12ab9Qz' });
    expect(t.fetched).toEqual(['https://images.stock.example/salad-regular.jpg']);
    const imageId = [...t.images.images.keys()][0];
    expect(imageId).toMatch(/^u-/);
    expect(t.images.images.get(imageId!)?.folder).toBe('banners');
    expect(banner).toMatchObject({
      source: 'unsplash',
      url: `/api/media/images/${imageId}/full`,
      smallUrl: `/api/media/images/${imageId}/card`,
      alt: 'green salad in a bowl',
      credit: { name: 'Jo Lens', username: 'jolens' },
      isActive: true,
      order: 5,
    });
    expect(t.banners.banners.get(banner.id)).toMatchObject({ unsplashId: 'Xy12ab9Qz', imageId });
    expect(t.events.written.map((e) => [e.type, e.payload])).toEqual([['media.banners.changed', { count: 2 }]]);
    expect(t.events.relays).toBe(1);
  });

  it('a stock photo whose photographer has no name is shown without a credit', async () => {
    const t = await setUp();
    expect((await addBanner(t.deps, 'user-boss', { source: 'unsplash', unsplashId: 'Anon12345' })).credit).toBeNull();
  });

  it("a picture from an image URL takes the admin's alt text, has no credit, and is stored, not hot-linked", async () => {
    const t = await setUp([]);
    const banner = await addBanner(t.deps, 'user-boss', { source: 'custom', url: 'https://cdn.example/hero.jpg', alt: 'Fresh meals, boxed' });
    expect(t.fetched).toEqual(['https://cdn.example/hero.jpg']);
    expect(banner).toMatchObject({ source: 'custom', alt: 'Fresh meals, boxed', credit: null, order: 0 });
    expect(banner.url).toMatch(/^\/api\/media\/images\/u-[0-9a-f]+\/full$/);
    expect(banner.url).not.toContain('cdn.example');
  });

  it('when the address gives something that is not an image, the banner is refused and nothing is stored or announced', async () => {
    const t = await setUp();
    t.answerWith(Buffer.from('<html><body>Not found</body></html>'));
    await expect(addBanner(t.deps, 'user-boss', { source: 'custom', url: 'https://cdn.example/missing.jpg', alt: '' })).rejects.toMatchObject({ status: 415 });
    expect(t.banners.banners.size).toBe(2);
    expect(t.images.images.size).toBe(0);
    expect(t.events.written).toEqual([]);
  });
});

describe('an admin changing banners', () => {
  it('turning banners on or off changes them and tells the hero how many are active', async () => {
    const t = await setUp();
    expect(await updateBanners(t.deps, ['b-one', 'b-two'], { isActive: true })).toEqual({ updated: 2 });
    expect([...t.banners.banners.values()].every((b) => b.isActive)).toBe(true);
    expect(t.events.written.map((e) => e.payload)).toEqual([{ count: 2 }]);
  });

  it('when one of the selected banners does not exist, nothing is changed or removed and the 404 says how many are missing', async () => {
    const t = await setUp();
    await expect(updateBanners(t.deps, ['b-one', 'b-gone', 'b-lost'], { isActive: false })).rejects.toMatchObject({
      status: 404,
      message: '2 of the selected banner images do not exist. Nothing was changed.',
    });
    await expect(removeBanners(t.deps, ['b-two', 'b-gone'])).rejects.toMatchObject({ status: 404 });
    expect(t.banners.banners.get('b-one')?.isActive).toBe(true);
    expect(t.banners.banners.has('b-two')).toBe(true);
    expect(t.events.written).toEqual([]);
  });

  it('removing banners deletes them and announces it', async () => {
    const t = await setUp();
    expect(await removeBanners(t.deps, ['b-one'])).toEqual({ deleted: 1 });
    expect([...t.banners.banners.keys()]).toEqual(['b-two']);
    expect(t.events.written.map((e) => [e.type, e.payload])).toEqual([['media.banners.changed', { count: 0 }]]);
  });
});

describe('the banners of the home page hero', () => {
  it('a picture of our own is served by its id: the full size for the hero, the card size for narrow screens', () => {
    const banner = toBannerImage(
      bannerRecord({
        id: 'b-1',
        source: 'custom',
        imageId: 'u-abc',
        urls: { regular: 'https://elsewhere.example/big.jpg', small: '' },
        url: 'https://elsewhere.example/big.jpg',
        alt_description: 'A bowl of rice',
        order: 3,
      }),
    );
    expect(banner).toEqual({ id: 'b-1', source: 'custom', url: '/api/media/images/u-abc/full', smallUrl: '/api/media/images/u-abc/card', alt: 'A bowl of rice', credit: null, order: 3 });
  });

  it('a stock photo stored before pictures were kept keeps its own URLs and credits its photographer; without a small URL the large one serves', () => {
    const credited = toBannerImage(
      bannerRecord({
        id: 'b-2',
        unsplashId: 'AbC123',
        urls: { regular: 'https://images.example/regular.jpg', small: 'https://images.example/small.jpg' },
        user: { name: 'Jo Lens', username: 'jolens' },
      }),
    );
    expect(credited).toMatchObject({ url: 'https://images.example/regular.jpg', smallUrl: 'https://images.example/small.jpg', credit: { name: 'Jo Lens', username: 'jolens' } });
    const bare = toBannerImage(bannerRecord({ id: 'b-3', urls: { regular: '', small: '' }, url: 'https://images.example/only.jpg' }));
    expect(bare).toMatchObject({ url: 'https://images.example/only.jpg', smallUrl: 'https://images.example/only.jpg' });
  });

  it('only active banners are shown, in their order, at most five', async () => {
    const records = [7, 1, 5, 3, 2, 6, 4].map((order) => bannerRecord({ id: `b-${order}`, order, imageId: `u-${order}` }));
    records.push(bannerRecord({ id: 'b-off', order: 0, isActive: false }));
    const banners = fakeBanners([], records);
    const shown = await listActiveBanners({ banners: banners.repo });
    expect(shown.map((b) => b.id)).toEqual(['b-1', 'b-2', 'b-3', 'b-4', 'b-5']);
    expect(banners.asked).toEqual([5]);
  });
});
