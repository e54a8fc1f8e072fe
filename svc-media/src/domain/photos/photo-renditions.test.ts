import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { AppError } from '@mealprep/service-kit';
import sharp from 'sharp';
import { NOT_AN_IMAGE, TOO_BIG, TOO_MANY_PIXELS, UNREADABLE } from '../uploads';
import { NOT_A_PHOTO, photoRenditions, POLYGLOT_REFUSED, SVG_REFUSED } from './photo-renditions';

/** A photo as a phone takes it: a gradient (not one colour, so it compresses as photos do), turned by its orientation tag, with its camera and GPS position in EXIF. */
function gradient(width: number, height: number): Buffer {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) for (let x = 0; x < width; x += 1) pixels.set([(x * 255) / width, (y * 255) / height, ((x + y) * 7) % 256], (y * width + x) * 3);
  return pixels;
}
const phonePhoto = (width: number, height: number, orientation = 1) =>
  sharp(gradient(width, height), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .withExif({
      IFD0: { Make: 'Phone', Model: 'Camera 12' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '30/1 16/1 1234/100', GPSLongitudeRef: 'W', GPSLongitude: '97/1 44/1 5678/100' },
    })
    .withMetadata({ orientation })
    .toBuffer();

async function refusal(call: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await call;
  } catch (err) {
    if (err instanceof AppError) return { status: err.status, message: err.message };
    throw err;
  }
  throw new Error('not refused');
}

describe("a listing's photo made into the files pages serve", () => {
  it('when a phone photo with its GPS position is uploaded, then it is served upright at 320, 640, 1,280 and 1,920 px in AVIF, WebP and JPEG, with no metadata in any file', async () => {
    const original = await phonePhoto(1300, 2000, 6);
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const photo = await photoRenditions(original);
    // Orientation 6: the camera was turned, so the photo is 2,000 wide and 1,300 high.
    expect([photo.width, photo.height]).toEqual([2000, 1300]);
    expect(photo.renditions.map((r) => `${r.width}x${r.height}.${r.format}`)).toEqual(
      ['320x208', '640x416', '1280x832', '1920x1248'].flatMap((size) => ['avif', 'webp', 'jpeg'].map((format) => `${size}.${format}`)),
    );
    for (const rendition of photo.renditions) {
      const meta = await sharp(rendition.bytes).metadata();
      expect([meta.format === 'heif' ? 'avif' : meta.format, meta.width, meta.height]).toEqual([rendition.format, rendition.width, rendition.height]);
      expect([meta.exif, meta.xmp, meta.iptc, meta.orientation ?? 1]).toEqual([undefined, undefined, undefined, 1]);
      expect(rendition.bytes.includes(Buffer.from('Camera 12'))).toBe(false);
      expect(rendition.hash).toMatch(/^[0-9a-f]{32}$/);
    }
    // AVIF is the smallest at every width.
    for (const width of [320, 640, 1280, 1920]) {
      const sizes = Object.fromEntries(photo.renditions.filter((r) => r.width === width).map((r) => [r.format, r.bytes.length]));
      expect(sizes.avif).toBeLessThan(sizes.jpeg!);
    }
  }, 60_000);

  it('when a photo is narrower than the smallest width, then it is kept at its own width, never enlarged', async () => {
    const photo = await photoRenditions(await phonePhoto(200, 150));
    expect(photo.renditions.map((r) => [r.width, r.height])).toEqual([
      [200, 150],
      [200, 150],
      [200, 150],
    ]);
  });

  it('when the file is not a photo, too large, damaged, a decompression bomb or a polyglot, then it is refused with its message before anything is made', async () => {
    const jpeg = await phonePhoto(400, 300);
    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#2a7f4f' } })
      .png()
      .toBuffer();
    const bomb = Buffer.from(png);
    bomb.writeUInt32BE(50_000, 16);
    bomb.writeUInt32BE(50_000, 20);
    bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29);
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), randomBytes(200), Buffer.from([0x50, 0x4b, 0x05, 0x06]), Buffer.alloc(18)]);
    // A comment segment right after the start of the image: a page inside the photo's headers.
    const comment = Buffer.from('<script>alert(1)</script>', 'latin1');
    const commented = Buffer.concat([jpeg.subarray(0, 2), Buffer.from([0xff, 0xfe, 0, comment.length + 2]), comment, jpeg.subarray(2)]);
    const cases: Array<[string, Buffer, number, string]> = [
      ['a text file named .jpg', Buffer.from('just some words, not a photo'), 415, NOT_AN_IMAGE],
      ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 415, SVG_REFUSED],
      ['a GIF', await sharp(png).gif().toBuffer(), 415, NOT_A_PHOTO],
      ['11 MB', Buffer.concat([jpeg, Buffer.alloc(11 * 1024 * 1024)]), 413, TOO_BIG],
      ['a truncated JPEG', jpeg.subarray(0, Math.floor(jpeg.length / 2)), 400, UNREADABLE],
      ['a PNG claiming 50,000 × 50,000 pixels', bomb, 400, TOO_MANY_PIXELS],
      ['a JPEG with an archive after it', Buffer.concat([jpeg, zip]), 415, POLYGLOT_REFUSED],
      ['a JPEG with a page after it', Buffer.concat([jpeg, Buffer.from('<html><body><script>alert(1)</script></body></html>')]), 415, POLYGLOT_REFUSED],
      ['a JPEG with a script in its comment', commented, 415, POLYGLOT_REFUSED],
    ];
    for (const [what, bytes, status, message] of cases) expect([what, await refusal(photoRenditions(bytes))]).toEqual([what, { status, message }]);
  });

  it('when a phone keeps a motion video after the photo, then the photo is taken (only its re-encoded picture is served)', async () => {
    const jpeg = await phonePhoto(400, 300);
    const photo = await photoRenditions(Buffer.concat([jpeg, Buffer.from('ftypmp42'), randomBytes(50_000)]));
    expect(photo.renditions.map((r) => r.width)).toEqual([320, 320, 320, 400, 400, 400]);
  });
});
