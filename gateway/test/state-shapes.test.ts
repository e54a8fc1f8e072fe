import { get } from 'node:http';
import { gunzipSync } from 'node:zlib';
import express from 'express';
import { serve } from '@mealprep/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stateShapesRoutes } from '../src/front-end/state-shapes';

describe('the shapes of the map of states', () => {
  let site: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => {
    const app = express();
    app.use(stateShapesRoutes());
    site = await serve(app);
  });
  afterAll(async () => {
    await site?.close();
  });

  it('when a page draws the map, then one SVG file holds a shape for each of the 51 states by its page slug, under 40 KiB gzipped and kept by the browser', async () => {
    // As sent (fetch would unzip it): the bytes a browser downloads.
    const { status, headers, gzipped } = await new Promise<{ status: number; headers: Record<string, unknown>; gzipped: Buffer }>((resolve, reject) => {
      get(`${site.url}/maps/us-states.svg`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, gzipped: Buffer.concat(chunks) }));
      }).on('error', reject);
    });
    expect(status).toBe(200);
    expect(headers['content-type']).toBe('image/svg+xml');
    expect(headers['content-encoding']).toBe('gzip');
    expect(headers['cache-control']).toBe('public, max-age=86400');
    expect(gzipped.length).toBeLessThanOrEqual(40 * 1024);
    const svg = gunzipSync(gzipped).toString('utf8');
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 975 610">')).toBe(true);
    const ids = [...svg.matchAll(/<path id="([a-z-]+)" d="M[0-9 LMZ-]+"\/>/g)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(51);
    expect(ids).toEqual(expect.arrayContaining(['alaska', 'hawaii', 'texas', 'new-york', 'district-of-columbia', 'rhode-island']));

    const again = await fetch(`${site.url}/maps/us-states.svg`, { headers: { 'if-none-match': String(headers.etag) } });
    expect(again.status).toBe(304);
  });
});
