import { crc32 } from 'node:zlib';
import type { Identity } from '@mealprep/contracts';
import { AppError } from '@mealprep/service-kit';
import sharp from 'sharp';
import { fakeFiles, fakeMedia, fakeQuotas, fakeStoredImages } from '../testing/fakes';
import { DAILY_UPLOADS, dailyLimitMessage, NOT_AN_IMAGE, sniffImage, TOO_BIG, TOO_MANY_PIXELS, UNREADABLE, uploadImage } from './uploads';
import { UploadGate } from './upload-gate';

const owner: Identity = { userId: 'user-ana', email: 'ana@example.com', roles: [] };
const admin: Identity = { userId: 'user-boss', email: 'boss@example.com', roles: ['admin'] };
const NOW = new Date('2026-03-02T10:00:00.000Z');
const DAY = '2026-03-02';

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#2a7f4f' } })
    .png()
    .toBuffer();

/** A real PNG whose header claims other dimensions (its checksum made right again), as a decompression bomb would. */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const bytes = Buffer.from(await png(16, 16));
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  bytes.writeUInt32BE(crc32(bytes.subarray(12, 29)), 29);
  return bytes;
}

function setUp() {
  const images = fakeStoredImages();
  const media = fakeMedia();
  const files = fakeFiles();
  const quotas = fakeQuotas();
  const deps = { images: images.repo, media: media.repo, files: files.store, quotas: quotas.repo, gate: new UploadGate(), now: () => NOW };
  const upload = (bytes: Buffer | Promise<Buffer>, who: Identity = owner, fileName = 'logo.png') => uploadImage(deps, who, { fileName, readBytes: async () => bytes });
  return { deps, images, media, files, quotas, upload };
}

async function refusal(call: Promise<unknown>): Promise<AppError> {
  try {
    await call;
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('it was not refused');
}

describe('telling an image by its first bytes (its name and the request header are not trusted)', () => {
  it('JPEG, PNG, GIF, WebP and AVIF are told by their signatures', () => {
    expect(sniffImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBe('jpeg');
    expect(sniffImage(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('png');
    expect(sniffImage(Buffer.from('GIF89a....'))).toBe('gif');
    expect(sniffImage(Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '))).toBe('webp');
    expect(sniffImage(Buffer.from('\u0000\u0000\u0000\u001cftypavif\u0000\u0000'))).toBe('avif');
  });

  it('SVG is told apart (to be refused), after white space or an XML prolog too; PDF, HTML, WAV and nothing are no image', () => {
    expect(sniffImage(Buffer.from('  \n<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBe('svg');
    expect(sniffImage(Buffer.from('<?xml version="1.0"?>\n<svg></svg>'))).toBe('svg');
    for (const other of ['%PDF-1.7\n', '<!doctype html><html></html>', 'RIFF\u0000\u0000\u0000\u0000WAVEfmt ', '']) expect(sniffImage(Buffer.from(other))).toBeNull();
  });
});

describe('an owner uploading a logo', () => {
  it('a PNG is stored as WebP in the widths the pages use (never wider than it is) and recorded as their upload, named after the file', async () => {
    const t = setUp();
    const result = await t.upload(png(600, 400), owner, 'Green Box Logo.PNG');
    expect(result.url).toBe(`/api/media/images/${result.mediaId}/full`);
    expect(t.media.items.get(result.mediaId)).toMatchObject({ uploadedBy: 'user-ana', altText: 'Green Box Logo', associatedEntityId: null, deletedAt: null, url: result.url });
    const stored = t.images.images.get(result.mediaId);
    expect(stored?.contentType).toBe('image/webp');
    expect(stored?.renditions.map((r) => [r.width, r.height])).toEqual([
      [160, 107],
      [480, 320],
      [600, 400],
    ]);
    expect([...t.files.files.keys()].sort()).toEqual([160, 480, 600].map((w) => `uploads/${result.mediaId}/${w}.webp`));
    expect(t.quotas.used('user-ana', DAY)).toBe(1);
  });

  it("the stored image carries none of the photo's metadata (EXIF is dropped)", async () => {
    const t = setUp();
    const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#884422' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'home address 12 Elm St', Artist: 'Ana' } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const { mediaId } = await t.upload(photo, owner, 'me.jpg');
    const bytes = t.files.files.get(`uploads/${mediaId}/64.webp`);
    expect(bytes).toBeDefined();
    const meta = await sharp(bytes!).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
  });

  it.each<[string, () => Promise<Buffer> | Buffer, number, string | RegExp]>([
    ['an empty file', () => Buffer.alloc(0), 400, NOT_AN_IMAGE],
    ['a text file named .png', () => Buffer.from('hello, this is not a picture'), 415, NOT_AN_IMAGE],
    ['an SVG', () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(1)</script></svg>'), 415, /SVG images are not accepted/],
    ['a file over 10 MB', () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(10 * 1024 * 1024)]), 413, TOO_BIG],
    ['a damaged PNG', () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('garbage garbage garbage')]), 400, UNREADABLE],
    ['an image of 8×8 pixels', () => png(8, 8), 400, 'The image is too small (at least 16×16 pixels).'],
    ['an image that claims 8,000×8,000 pixels', () => pngClaiming(8_000, 8_000), 400, TOO_MANY_PIXELS],
  ])('%s is refused with %i and a message, stores nothing and does not count against the day', async (_what, bytes, status, message) => {
    const t = setUp();
    const error = await refusal(t.upload(await bytes()));
    expect(error.status).toBe(status);
    expect(error.message).toMatch(message);
    expect(t.media.items.size).toBe(0);
    expect(t.images.images.size).toBe(0);
    expect(t.files.files.size).toBe(0);
    expect(t.quotas.used('user-ana', DAY)).toBe(0);
  });

  it('the 51st upload of a day is refused with a 429 that says when uploads open again, before the file is read', async () => {
    const t = setUp();
    t.quotas.set('user-ana', DAY, DAILY_UPLOADS);
    const readBytes = vi.fn(() => png(32, 32));
    const error = await refusal(uploadImage(t.deps, owner, { fileName: 'logo.png', readBytes }));
    expect(error).toMatchObject({ status: 429, retryAfterSeconds: 14 * 3600 });
    expect(error.message).toBe('You have uploaded 50 images today, the most allowed in a day. You can upload again in 14 hours.');
    expect(readBytes).not.toHaveBeenCalled();
    expect(t.quotas.used('user-ana', DAY)).toBe(DAILY_UPLOADS);
  });

  it('admins have no daily limit and their uploads are not counted', async () => {
    const t = setUp();
    t.quotas.set('user-boss', DAY, DAILY_UPLOADS);
    await expect(t.upload(png(32, 32), admin)).resolves.toMatchObject({ mediaId: expect.stringMatching(/^u-[0-9a-f]{24}$/) });
    expect(t.quotas.used('user-boss', DAY)).toBe(DAILY_UPLOADS);
  });

  it('the daily limit message counts down to midnight UTC in hours, then in minutes', () => {
    const wait = (now: string) => /upload again in (.+)\.$/.exec(dailyLimitMessage(new Date(now)))?.[1];
    expect(wait('2026-03-02T10:00:00.000Z')).toBe('14 hours');
    expect(wait('2026-03-02T22:30:00.000Z')).toBe('2 hours');
    expect(wait('2026-03-02T23:00:00.000Z')).toBe('1 hour');
    expect(wait('2026-03-02T23:15:00.000Z')).toBe('45 minutes');
    expect(wait('2026-03-02T23:59:30.000Z')).toBe('1 minute');
  });
});
