import express from 'express';
import { QUERY_STATE_ELEMENT_ID } from '@mealprep/contracts';
import { requestContext } from '@mealprep/service-kit';
import { serve, silentLogger } from '@mealprep/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RenderedPages } from '../src/pages/rendered-pages';

const TTL_MS = 300;
const RENDER_MS = 150;

/**
 * Kept pages under load: many requests for a page nobody has kept start one render, and a kept
 * page past its time is served as it is while one render refreshes it (no stampede of renders).
 */
describe('kept pages that expire, and pages asked for many times at once', () => {
  const renders = new Map<string, number>();
  /** Renders under way in the renderer, and the most there were at once. */
  const atOnce = { now: 0, most: 0 };
  let servicesUp = true;
  let renderer: Awaited<ReturnType<typeof serve>>;
  let site: Awaited<ReturnType<typeof serve>>;
  let pages: RenderedPages;

  beforeAll(async () => {
    const fake = express();
    fake.use((req, res) => {
      const n = (renders.get(req.path) ?? 0) + 1;
      renders.set(req.path, n);
      atOnce.now += 1;
      atOnce.most = Math.max(atOnce.most, atOnce.now);
      res.on('finish', () => (atOnce.now -= 1));
      // /refused: the renderer cannot read the page's data, and says so (503).
      if (req.path === '/refused') return void setTimeout(() => res.status(503).end(), RENDER_MS);
      setTimeout(() => res.type('html').send(`<html><body><h1>render ${n}</h1><script id="${QUERY_STATE_ELEMENT_ID}">{}</script></body></html>`), RENDER_MS);
    });
    renderer = await serve(fake);
    pages = new RenderedPages({ rendererUrls: renderer.url, timeoutMs: 5_000, concurrency: 16, ttlMs: TTL_MS, maxEntries: 10, enabled: () => true, staleAllowed: () => servicesUp });
    const app = express();
    app.use(requestContext(silentLogger));
    app.use((req, res, next) => {
      pages.serve(req, res).then((served) => (served ? undefined : res.status(502).send('fallback')), next);
    });
    site = await serve(app);
  });

  afterAll(async () => {
    await site?.close();
    await pages?.close();
    await renderer?.close();
  });

  const open = async (path: string) => {
    const answer = await fetch(`${site.url}${path}`);
    return { status: answer.status, cache: answer.headers.get('x-page-cache'), html: await answer.text() };
  };

  it('when twenty visitors ask at once for a page nobody has kept, then it is rendered once and each gets it', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => open('/state/texas')));
    expect(renders.get('/state/texas')).toBe(1);
    expect(answers.every((a) => a.status === 200 && a.html.includes('<h1>render 1</h1>'))).toBe(true);
    expect(answers.filter((a) => a.cache === 'miss')).toHaveLength(1);
  });

  it('when twenty visitors ask at once for a page the renderer refuses, then it is asked once and every visitor gets the page for the browser at once after', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => open('/refused')));
    expect(renders.get('/refused')).toBe(1);
    expect(answers.map((a) => `${a.status} ${a.html}`)).toEqual(Array.from({ length: 20 }, () => '502 fallback'));
  });

  it('when a kept page is past its time, then twenty visitors get it at once as it was, one render refreshes it, and the next visitor gets the new one', async () => {
    expect((await open('/about')).html).toContain('<h1>render 1</h1>');
    expect((await open('/about')).cache).toBe('hit');
    // Past its time: the cache says so on the entry, not a timer in the test.
    await expect.poll(async () => (await open('/about')).cache, { interval: 50, timeout: 5_000 }).toBe('stale');
    // That visit started the one render that refreshes it; twenty more meanwhile start none, and
    // get the page as it was kept (or the new one, once it is in).
    const answers = await Promise.all(Array.from({ length: 20 }, () => open('/about')));
    for (const answer of answers)
      expect([answer.cache, answer.html.includes('<h1>render 1</h1>') ? 1 : answer.html.includes('<h1>render 2</h1>') ? 2 : 0]).toEqual(answer.cache === 'stale' ? ['stale', 1] : ['hit', 2]);
    await expect.poll(async () => (await open('/about')).html, { interval: 50, timeout: 5_000 }).toContain('<h1>render 2</h1>');
    expect(renders.get('/about')).toBe(2);
  });

  it('when several kept pages are past their time at once, then each visitor gets one as it was at once, and the renderer refreshes them one at a time', async () => {
    const paths = ['/state/ohio', '/state/iowa', '/state/utah', '/state/maine', '/state/idaho'];
    await Promise.all(paths.map((path) => open(path)));
    atOnce.most = 0;
    await expect.poll(async () => (await Promise.all(paths.map(async (path) => (await open(path)).cache))).every((cache) => cache === 'stale'), { interval: 50, timeout: 5_000 }).toBe(true);
    // Every one of them was past its time and started its refresh: none waited for a render.
    for (const path of paths) await expect.poll(() => renders.get(path), { interval: 50, timeout: 5_000 }).toBe(2);
    // Refreshing them all at once would take the CPU the visitors' requests need.
    expect(atOnce.most).toBe(1);
    for (const path of paths) await expect.poll(async () => (await open(path)).html, { interval: 50, timeout: 5_000 }).toContain('<h1>render 2</h1>');
  });

  it('when a kept page is past its time while the services a render reads are down, then it is not served stale: the page is rendered, which shows what is wrong', async () => {
    expect((await open('/articles')).html).toContain('<h1>render 1</h1>');
    await expect.poll(async () => (await open('/articles')).cache, { interval: 50, timeout: 5_000 }).toBe('stale');
    await expect.poll(() => renders.get('/articles'), { interval: 50, timeout: 5_000 }).toBe(2);
    servicesUp = false;
    try {
      // Past its time again: rendered for this request, never the kept copy.
      await expect.poll(async () => (await open('/articles')).cache, { interval: 50, timeout: 5_000 }).toBe('miss');
      expect(renders.get('/articles')).toBe(3);
    } finally {
      servicesUp = true;
    }
  });
});
