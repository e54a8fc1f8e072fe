import { request } from 'node:http';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve, silentLogger, TEST_IDENTITY_SECRET, testBroker, testDatabase, testOutbox } from '@mealprep/service-kit/testing';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaApp, mediaRepositories } from '../src/app';
import type { ImageFolder } from '../src/data-access/stored-image-repository';
import { bannerSvg, logoSvg } from '../src/domain/demo-artwork';
import { renderSvgToWebp } from '../src/domain/render-image';

/** A GET that sends the path exactly as written; fetch() would resolve dot segments first. */
function rawGet(base: string, rawPath: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}/`, { path: rawPath }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('serving stored images', () => {
  let db: Awaited<ReturnType<typeof testDatabase>>;
  let mq: Awaited<ReturnType<typeof testBroker>>;
  let http: Awaited<ReturnType<typeof serve>>;
  let workDir: string;
  let mediaDir: string;

  async function storeImage(folder: ImageFolder, id: string, svg: string, widths: number[]) {
    const repositories = mediaRepositories(db.connection, testOutbox(db.connection), mediaDir);
    const renditions = await renderSvgToWebp(svg, widths);
    for (const r of renditions) await repositories.files.write(folder, id, r.width, r.bytes);
    await repositories.images.insertMissing([
      { id, folder, contentType: 'image/webp', renditions: renditions.map((r) => ({ width: r.width, height: r.height, bytes: r.bytes.length, etag: r.etag })) },
    ]);
  }

  beforeAll(async () => {
    db = await testDatabase('media-images');
    mq = await testBroker('media-images', 'svc-media');
    workDir = await mkdtemp(path.join(tmpdir(), 'svc-media-images-'));
    mediaDir = path.join(workDir, 'media');
    // A file beside the media folder that no request may reach.
    await writeFile(path.join(workDir, 'secret.txt'), 'not for the web');
    await storeImage('banners', 'banner-test', bannerSvg('banner-test', ['#14532d', '#65a30d', '#fde68a']), [1600, 480, 160]);
    await storeImage('logos', 'logo-test-kitchen', logoSvg('Test Kitchen'), [480, 160]);
    http = await serve(createMediaApp({ logger: silentLogger, connection: db.connection, broker: mq.broker, identitySecret: TEST_IDENTITY_SECRET, mediaDir }));
  });

  afterAll(async () => {
    await http?.close();
    await mq?.destroy();
    await db?.drop();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  it('when a browser asks for a size, then it gets webp bytes of that width, cacheable for a day', async () => {
    for (const [size, width] of [
      ['full', 1600],
      ['card', 480],
      ['thumb', 160],
    ] as const) {
      const response = await fetch(`${http.url}/images/banner-test/${size}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/webp');
      expect(response.headers.get('cache-control')).toBe('public, max-age=86400');
      expect(response.headers.get('etag')).toMatch(/^"[A-Za-z0-9_-]+"$/);
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.subarray(0, 4).toString('ascii')).toBe('RIFF');
      expect(bytes.subarray(8, 12).toString('ascii')).toBe('WEBP');
      expect(await sharp(bytes).metadata()).toMatchObject({ format: 'webp', width });
    }
  });

  it('when the browser already holds the image, then If-None-Match gets a 304 with no body', async () => {
    const first = await fetch(`${http.url}/images/banner-test/card`);
    const etag = first.headers.get('etag')!;
    const again = await fetch(`${http.url}/images/banner-test/card`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect((await again.arrayBuffer()).byteLength).toBe(0);

    const weak = await fetch(`${http.url}/images/banner-test/card`, { headers: { 'if-none-match': `"stale", W/${etag}` } });
    expect(weak.status).toBe(304);

    const otherSize = await fetch(`${http.url}/images/banner-test/thumb`, { headers: { 'if-none-match': etag } });
    expect(otherSize.status).toBe(200);
  });

  it('when a size was not stored, then the nearest wider rendition is served, else the widest', async () => {
    const full = await fetch(`${http.url}/images/logo-test-kitchen/full`);
    expect(full.status).toBe(200);
    expect(await sharp(Buffer.from(await full.arrayBuffer())).metadata()).toMatchObject({ width: 480, height: 480 });
    const thumb = await fetch(`${http.url}/images/logo-test-kitchen/thumb`);
    expect((await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).width).toBe(160);
  });

  it('when the image does not exist, then the answer is a 404 in the error shape', async () => {
    const response = await fetch(`${http.url}/images/no-such-image/full`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('not_found');
    expect(body.error.message).toContain('no-such-image');
  });

  it('when the id or size is malformed or tries to leave the media folder, then the answer is a 400', async () => {
    const paths = [
      '/images/banner-test/huge',
      '/images/Banner-Test/full',
      '/images/banner_test/full',
      `/images/${'a'.repeat(101)}/full`,
      '/images/..%2F..%2Fetc/full',
      '/images/..%2Fsecret.txt/full',
      '/images/%2E%2E/full',
      '/images/../full',
      '/images/..%5Csecret/full',
      '/images/banner-test%2F..%2F..%2Fsecret/card',
      '/images/banner-test/card?v=2',
    ];
    for (const rawPath of paths) {
      const response = await rawGet(http.url, rawPath);
      expect(response.status, rawPath).toBe(400);
      expect((JSON.parse(response.body) as { error: { code: string } }).error.code).toBe('bad_request');
      expect(response.body).not.toContain('not for the web');
    }
  });

  it('when the file store is asked for a path outside its folder, then it refuses', async () => {
    const { files } = mediaRepositories(db.connection, testOutbox(db.connection), mediaDir);
    await expect(files.read('logos', '../../secret', 480)).rejects.toMatchObject({ status: 400 });
    await expect(files.read('../..' as ImageFolder, 'secret', 480)).rejects.toMatchObject({ status: 400 });
  });
});
