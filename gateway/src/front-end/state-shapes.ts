import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import { Router } from 'express';
import { slugify, US_STATE_SHAPES_PATH } from '@mealprep/contracts';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { feature } from 'topojson-client';
import { acceptsGzip } from '../pages/page-sending';

type Ring = Array<[number, number]>;

/** One ring as path data in whole units of the 975 × 610 drawing, points that round alike dropped. */
function ringPath(ring: Ring): string {
  let d = '';
  let last = '';
  for (const [x, y] of ring) {
    const point = `${Math.round(x)} ${Math.round(y)}`;
    if (point === last) continue;
    d += `${d ? 'L' : 'M'}${point}`;
    last = point;
  }
  return `${d}Z`;
}

/**
 * The states of the US as one SVG file of shapes, each a <path id="{state slug}"> in <defs>: the
 * Census boundaries of the npm package us-atlas 3.0.1 (states-albers-10m: already projected,
 * Alaska and Hawaii moved in, 975 × 610), drawn once, when a page first asks for it. Pages draw a
 * state with <use href="/maps/us-states.svg#texas">: the shapes are neither in a script nor in
 * every page, and the browser keeps the file.
 */
export function drawStateShapes(): string {
  const require = createRequire(import.meta.url);
  const topology = JSON.parse(readFileSync(require.resolve('us-atlas/states-albers-10m.json'), 'utf8')) as Topology<{ states: GeometryCollection<{ name: string }> }>;
  const states = feature(topology, topology.objects.states).features;
  const paths = states
    .map((state) => {
      const geometry = state.geometry;
      const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.type === 'MultiPolygon' ? geometry.coordinates : [];
      const d = polygons
        .flat()
        .map((ring) => ringPath(ring as Ring))
        .join('');
      return `<path id="${slugify(state.properties?.name ?? '')}" d="${d}"/>`;
    })
    .join('\n');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 975 610"><defs>\n${paths}\n</defs></svg>\n`;
}

/** GET /maps/us-states.svg: the shapes, gzipped once, kept by browsers for a day and revalidated by ETag. */
export function stateShapesRoutes(): Router {
  const router = Router();
  let file: { body: Buffer; gzipped: Buffer; etag: string } | null = null;
  router.get(US_STATE_SHAPES_PATH, (req, res) => {
    if (!file) {
      const body = Buffer.from(drawStateShapes());
      file = { body, gzipped: gzipSync(body, { level: 9 }), etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 16)}"` };
    }
    res.set({ 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=86400', etag: file.etag, vary: 'accept-encoding' });
    if (req.headers['if-none-match'] === file.etag) {
      res.status(304).end();
      return;
    }
    const gzip = acceptsGzip(req);
    if (gzip) res.set('content-encoding', 'gzip');
    res.send(gzip ? file.gzipped : file.body);
  });
  return router;
}
