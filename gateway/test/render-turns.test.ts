import express from 'express';
import { QUERY_STATE_ELEMENT_ID } from '@mealprep/contracts';
import { requestContext } from '@mealprep/service-kit';
import { serve, silentLogger } from '@mealprep/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RenderedPages } from '../src/pages/rendered-pages';

const CONCURRENCY = 2;
const RENDER_MS = 60;

/**
 * Many visitors at once: the renderer is asked for a few pages at a time and the others wait
 * their turn, so every page is rendered (none falls back to the browser) and the renderer never
 * has more on its hands than the gateway allows.
 */
describe('pages rendered in turns', () => {
  let inFlight = 0;
  let most = 0;
  const order: string[] = [];
  let renderer: Awaited<ReturnType<typeof serve>>;
  let site: Awaited<ReturnType<typeof serve>>;
  let pages: RenderedPages;

  beforeAll(async () => {
    const fake = express();
    fake.use((req, res) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      order.push(req.url);
      setTimeout(() => {
        inFlight -= 1;
        res.type('html').send(`<html><body><h1>${req.path}</h1><script id="${QUERY_STATE_ELEMENT_ID}">{}</script></body></html>`);
      }, RENDER_MS);
    });
    renderer = await serve(fake);
    pages = new RenderedPages({ rendererUrls: renderer.url, timeoutMs: 5_000, concurrency: CONCURRENCY, ttlMs: 0, maxEntries: 10, enabled: () => false });
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

  it('when ten visitors open pages at once, then each gets its rendered page and the renderer renders at most RENDER_CONCURRENCY at a time', async () => {
    const paths = Array.from({ length: 10 }, (_, i) => `/state/state-${i}`);
    const answers = await Promise.all(
      paths.map(async (p) => {
        const answer = await fetch(`${site.url}${p}`);
        return { status: answer.status, html: await answer.text() };
      }),
    );
    for (const [i, answer] of answers.entries()) {
      expect(answer.status).toBe(200);
      expect(answer.html).toContain(`<h1>${paths[i]}</h1>`);
    }
    expect(order.sort()).toEqual([...paths].sort());
    expect(most).toBe(CONCURRENCY);
  });
});
