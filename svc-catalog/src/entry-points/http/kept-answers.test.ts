import { createApp, route, signIdentity } from '@mealprep/service-kit';
import { serve, silentLogger, TEST_IDENTITY_SECRET } from '@mealprep/service-kit/testing';
import { get } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeptAnswers } from './kept-answers';

describe('public answers kept while the catalogue stays as it was', () => {
  const catalog = { version: 1, featuredEnd: Infinity, index: { nextFeaturedEnd: (now: number) => (catalog.featuredEnd >= now ? catalog.featuredEnd : Infinity) } };
  let now = Date.parse('2026-11-28T12:00:00Z');
  let builds = 0;
  /** What the list is built from; the builder can change the catalogue while it builds (a write that lands meanwhile). */
  let during: (() => void) | null = null;
  let http: Awaited<ReturnType<typeof serve>>;
  const answers = new KeptAnswers({ catalog, now: () => new Date(now) });

  beforeAll(async () => {
    http = await serve(
      createApp({
        name: 'svc-test',
        logger: silentLogger,
        identitySecret: TEST_IDENTITY_SECRET,
        readiness: () => ({}),
        mount: (app) => {
          app.get(
            '/services',
            route(async (req, res) => {
              res.set('cache-control', 'no-cache');
              await answers.json(req, res, async () => {
                builds += 1;
                during?.();
                if (req.query.state === 'atlantis') throw new Error('There is no state "atlantis".');
                return { items: [`built ${builds} at version ${catalog.version}`] };
              });
            }),
          );
        },
      }),
    );
  });
  afterAll(() => http.close());

  const read = async (path: string, headers: Record<string, string> = {}) => {
    const answer = await fetch(`${http.url}${path}`, { headers });
    return {
      status: answer.status,
      etag: answer.headers.get('etag'),
      type: answer.headers.get('content-type'),
      cache: answer.headers.get('cache-control'),
      body: answer.status === 200 ? ((await answer.json()) as { items: string[] }) : null,
    };
  };

  it('when a list is read again, then the same answer comes without building it again, with its ETag, and a client holding it gets 304', async () => {
    const first = await read('/services?page=1');
    const again = await read('/services?page=1');
    expect(first.body).toEqual({ items: ['built 1 at version 1'] });
    expect(again).toEqual(first);
    expect(first.type).toBe('application/json; charset=utf-8');
    expect(first.cache).toBe('no-cache');
    expect(builds).toBe(1);
    // Asked with node:http: fetch adds Cache-Control: no-cache to a conditional request, as browsers' fetch() does.
    const revalidated = await new Promise<number>((resolve, reject) =>
      get(`${http.url}/services?page=1`, { headers: { 'if-none-match': first.etag! } }, (answer) => {
        answer.resume();
        resolve(answer.statusCode ?? 0);
      }).on('error', reject),
    );
    expect(revalidated).toBe(304);
    // Another URL is another answer.
    expect((await read('/services?page=2')).body).toEqual({ items: ['built 2 at version 1'] });
  });

  it('when the catalogue changes (any version), then the next read is built anew', async () => {
    const before = builds;
    catalog.version += 1;
    expect((await read('/services?page=1')).body).toEqual({ items: [`built ${before + 1} at version 2`] });
    expect((await read('/services?page=1')).body).toEqual({ items: [`built ${before + 1} at version 2`] });
  });

  it('when a featured listing’s time ends, then the lists are built anew though nothing was written', async () => {
    catalog.version += 1;
    catalog.featuredEnd = now + 60_000;
    const kept = await read('/services?featured=true');
    now += 30_000;
    expect(await read('/services?featured=true')).toEqual(kept);
    now += 31_000;
    expect((await read('/services?featured=true')).body).not.toEqual(kept.body);
  });

  it('when the catalogue changes while an answer is built, then that answer is sent and not kept', async () => {
    during = () => {
      catalog.version += 1;
      during = null;
    };
    const raced = await read('/services?page=9');
    const next = await read('/services?page=9');
    expect(next.body).not.toEqual(raced.body);
    expect(await read('/services?page=9')).toEqual(next);
  });

  it('when a signed-in person reads, a read fails, or the URL is very long, then nothing is kept for it', async () => {
    const signedIn = signIdentity({ userId: 'u-1', email: 'a@example.com', roles: [] }, TEST_IDENTITY_SECRET);
    const before = builds;
    await read('/services?page=3', signedIn);
    await read('/services?page=3', signedIn);
    expect(builds).toBe(before + 2);
    expect((await read('/services?state=atlantis')).status).toBe(500);
    expect((await read('/services?state=atlantis')).status).toBe(500);
    expect(builds).toBe(before + 4);
    const long = `/services?q=${'a'.repeat(1_100)}`;
    await read(long);
    await read(long);
    expect(builds).toBe(before + 6);
  });
});
