import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BRAND_ICON_SIZES, BRAND_IMAGE_ID, logoSize } from '@mealprep/contracts';
import { signIdentity } from '@mealprep/service-kit';
import { serve, silentLogger, TEST_IDENTITY_SECRET, testBroker, testDatabase } from '@mealprep/service-kit/testing';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaApp } from '../src/app';

const as = (userId: string, roles: Array<'admin'> = []) => signIdentity({ userId, email: `${userId}@example.com`, roles }, TEST_IDENTITY_SECRET);
const staff = as('boss', ['admin']);
const owner = as('owner-1');

const svg = (inner: string, attributes = 'viewBox="0 0 64 64" width="64" height="64"') => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" ${attributes}>${inner}</svg>`);
const square = `<rect width="64" height="64" fill="#047857"/><circle cx="32" cy="32" r="16" fill="#ffffff"/>`;
const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: '#047857' } })
    .png()
    .toBuffer();

describe('brand pictures', () => {
  let db: Awaited<ReturnType<typeof testDatabase>>;
  let mq: Awaited<ReturnType<typeof testBroker>>;
  let http: Awaited<ReturnType<typeof serve>>;
  let mediaDir: string;

  beforeAll(async () => {
    db = await testDatabase('media-brand-images');
    mq = await testBroker('media-brand-images', 'svc-media');
    mediaDir = await mkdtemp(path.join(tmpdir(), 'svc-media-brand-'));
    http = await serve(createMediaApp({ logger: silentLogger, connection: db.connection, broker: mq.broker, identitySecret: TEST_IDENTITY_SECRET, mediaDir }));
  });
  afterAll(async () => {
    await http?.close();
    await mq?.destroy();
    await db?.drop();
    await rm(mediaDir, { recursive: true, force: true });
  });

  const upload = async (use: string, bytes: Buffer, headers: Record<string, string> = staff) => {
    const response = await fetch(`${http.url}/admin/brand-images?use=${use}`, { method: 'POST', headers: { 'content-type': 'application/octet-stream', ...headers }, body: new Uint8Array(bytes) });
    return { status: response.status, body: (await response.json()) as { id?: string; width?: number; height?: number; error?: { message: string } } };
  };
  const stored = async () => (await readdir(path.join(mediaDir, 'brand')).catch(() => [])).length;

  it('when staff upload a PNG logo, then it is kept at most four times the header height, its id says its use and size, and it is served as WebP for good', async () => {
    const answer = await upload('logo', await png(800, 200));
    expect(answer.status).toBe(201);
    expect(answer.body.id).toMatch(BRAND_IMAGE_ID.logo);
    expect(answer.body).toMatchObject({ width: 512, height: 128 });
    expect(logoSize(answer.body.id!)).toEqual({ width: 512, height: 128 });
    const file = await fetch(`${http.url}/brand-images/${answer.body.id}/full`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/webp');
    expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await sharp(Buffer.from(await file.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 512, height: 128 });
  });

  it('when staff upload a square icon, then the favicons, the Apple touch icon and the manifest icons are made from it as PNGs of their sizes', async () => {
    for (const bytes of [await png(600, 600), svg(square)]) {
      const answer = await upload('icon', bytes);
      expect(answer.status).toBe(201);
      expect(answer.body.id).toMatch(BRAND_IMAGE_ID.icon);
      for (const size of BRAND_ICON_SIZES) {
        const file = await fetch(`${http.url}/brand-images/${answer.body.id}/${size}`);
        expect([size, file.status, file.headers.get('content-type')]).toEqual([size, 200, 'image/png']);
        expect(await sharp(Buffer.from(await file.arrayBuffer())).metadata()).toMatchObject({ format: 'png', width: size, height: size });
      }
      expect((await fetch(`${http.url}/brand-images/${answer.body.id}/64`)).status).toBe(404);
    }
  });

  it('when staff upload a share image, then it is made 1200×630 for the share tags', async () => {
    const answer = await upload('share', await png(1000, 700));
    expect(answer.status).toBe(201);
    expect(answer.body.id).toMatch(BRAND_IMAGE_ID.share);
    const file = await fetch(`${http.url}/brand-images/${answer.body.id}/full`);
    expect(await sharp(Buffer.from(await file.arrayBuffer())).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
  });

  it('when an SVG logo carries what an editor adds, then it is kept cleaned, and served under a policy that runs and loads nothing', async () => {
    const answer = await upload('logo', svg(`<inkscape:page/>${square}`, 'xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" viewBox="0 0 120 40" width="120" height="40"'));
    expect(answer.status).toBe(201);
    expect(logoSize(answer.body.id!)).toEqual({ width: 120, height: 40 });
    const file = await fetch(`${http.url}/brand-images/${answer.body.id}/full`);
    expect(file.headers.get('content-type')).toBe('image/svg+xml');
    expect(file.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    const text = await file.text();
    expect(text).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(text).toContain('<circle');
    expect(text).not.toContain('inkscape');
  });

  it('when a picture is what the issue warns of, then it is refused with a clear message and nothing is stored', async () => {
    const before = await stored();
    const cases: Array<[string, Buffer, number, string | RegExp]> = [
      ['logo', svg(`<script>alert(document.cookie)</script>${square}`), 400, 'The SVG holds a script (<script>); a brand picture may not. Save it without scripts and upload it again.'],
      ['logo', svg(`<rect width="64" height="64" onclick="alert(1)"/>`), 400, 'The SVG holds a script (the onclick attribute); a brand picture may not. Save it without scripts and upload it again.'],
      [
        'logo',
        svg(`<image href="https://tracker.example.com/pixel.png" width="64" height="64"/>`),
        400,
        'The SVG refers to a file outside it (https://tracker.example.com/pixel.png); a brand picture must hold everything it shows.',
      ],
      ['logo', svg(`<style>rect{fill:url(https://fonts.example.com/p.svg#x)}</style>${square}`), 400, /^The SVG refers to a file outside it \(https:\/\/fonts\.example\.com\/p\.svg#x\)/],
      ['logo', Buffer.concat([await png(800, 200), Buffer.alloc(5 * 1024 * 1024)]), 413, 'A brand picture must be at most 1 MB.'],
      ['logo', Buffer.from('This is a text file, not a picture.\n'), 415, 'A brand picture must be a PNG, WebP or SVG image.'],
      [
        'logo',
        await sharp({ create: { width: 200, height: 80, channels: 3, background: '#000' } })
          .jpeg()
          .toBuffer(),
        415,
        'A brand picture must be a PNG, WebP or SVG image.',
      ],
      ['logo', (await png(800, 200)).subarray(0, 60), 400, 'The picture could not be read. It may be damaged.'],
      ['icon', await png(600, 400), 400, 'The icon must be square; this picture is 600×400 pixels.'],
      ['icon', await png(256, 256), 400, 'The icon must be at least 512×512 pixels (or an SVG); this one is 256×256.'],
      ['share', await png(400, 400), 400, 'The share image must be at least 600×315 pixels; this one is 400×400.'],
      ['logo', await png(5000, 100), 400, 'The picture is 5000×100 pixels: at most 4096 pixels a side.'],
      ['banner', await png(800, 200), 400, /use must be logo, icon or share/],
    ];
    for (const [use, bytes, status, message] of cases) {
      const answer = await upload(use, bytes);
      expect([use, message, answer.status]).toEqual([use, message, status]);
      expect(answer.body.error?.message).toMatch(message);
    }
    expect(await stored()).toBe(before);
  });

  it('when someone who is not staff uploads a brand picture, then it is refused (403; signed out: 401) and nothing is stored', async () => {
    const before = await stored();
    expect((await upload('logo', await png(800, 200), owner)).status).toBe(403);
    expect((await upload('logo', await png(800, 200), {})).status).toBe(401);
    expect(await stored()).toBe(before);
  });

  it('when a picture id is unknown, is not a brand picture, or asks for a size not made, then the answer is 404 or 400, never a file', async () => {
    expect((await fetch(`${http.url}/brand-images/brand-icon-0123456789abcdef/32`)).status).toBe(404);
    expect((await fetch(`${http.url}/brand-images/..%2F..%2Fetc/full`)).status).toBe(400);
    expect((await fetch(`${http.url}/brand-images/brand-icon-0123456789abcdef/abc`)).status).toBe(400);
  });
});
