import { MAX_IMAGE_BYTES } from '@mealprep/contracts';
import express from 'express';
import { serve } from '@mealprep/service-kit/testing';
import sharp from 'sharp';

/**
 * The stock-photo service's API and the pictures it links to, on 127.0.0.1. The pictures are linked
 * by `imageHost` (a name the test's resolver answers) when given, else by the address.
 */
export async function fakeStockService(options: { imageHost?: string } = {}) {
  const png = await sharp({ create: { width: 800, height: 450, channels: 3, background: '#5a3' } })
    .png()
    .toBuffer();
  const seen: string[] = [];
  const app = express();
  let url = '';
  let images = '';
  const photo = (id: string) => ({
    id,
    urls: { regular: `${images}/img/${id}.png`, small: `${images}/img/${id}.png` },
    alt_description: `Photo ${id}`,
    user: { name: 'Pat Lens', username: 'patlens' },
  });
  app.use((req, _res, next) => {
    seen.push(`${req.path}?${new URLSearchParams(req.query as Record<string, string>).toString()} ${req.get('authorization') ?? ''}`);
    next();
  });
  app.get('/search/photos', (req, res) => res.json({ total_pages: 3, results: Array.from({ length: 20 }, (_, i) => photo(`photo${req.query.page}x${i}`)) }));
  app.get('/photos/:id', (req, res) => (req.params.id === 'missing00' ? res.status(404).json({}) : res.json(photo(req.params.id))));
  app.get(/^\/img\/.+\.png$/, (_req, res) => res.type('image/png').send(png));
  app.get('/huge.png', (_req, res) => res.type('image/png').send(Buffer.concat([png, Buffer.alloc(MAX_IMAGE_BYTES + 1 - png.length)])));
  app.get('/page.html', (_req, res) => res.type('text/html').send('<p>not an image</p>'));
  app.get('/to-private', (_req, res) => res.redirect('http://10.0.0.1/x.png'));
  app.get('/to', (req, res) => res.redirect(String(req.query.url)));
  const served = await serve(app);
  url = served.url;
  images = options.imageHost ? `http://${options.imageHost}:${new URL(url).port}` : url;
  return { ...served, seen, images };
}
