import { cpSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
// @ts-expect-error plain ESM helper without types
import { buildApp } from '../../scripts/lib/build-app.mjs';
import { useBrowserPage } from '../browser';

/**
 * A release of the public remote that adds a page, built as `npm run build` builds one and
 * published where the site's release pointer is: the gateway and the renderer learn the page from
 * the release (its routes.json and its server build), with neither rebuilt nor restarted.
 */
const siteUrl = inject('siteUrl');
const renderer = inject('renderer');
const gatewayPid = inject('gatewayPid');
const siteDataDir = inject('siteDataDir');
const ROOT = path.resolve(import.meta.dirname, '..', '..');
const PUBLIC_DIST = path.join(ROOT, 'mfe-public', 'dist');
// Inside the repository, so the copy resolves the workspace's packages as mfe-public does.
const NEXT = path.join(ROOT, '.tmp', `mfe-public-next-${process.pid}`);

/** Replaces `anchor` in a file of the copy by `text`, once: a source that changed shape fails here, plainly. */
function edit(file: string, anchor: string, text: string) {
  const full = path.join(NEXT, file);
  const source = readFileSync(full, 'utf8');
  expect(source.split(anchor).length - 1, `${file}: ${anchor}`).toBe(1);
  writeFileSync(full, source.split(anchor).join(text));
}

const MEAL_PLANS_PAGE = `import { usePageMeta } from '@mealprep/ui';
import { useMealTypes } from '../features/meal-types/api/get-meal-types';

export function MealPlansPage() {
  usePageMeta({ title: 'Meal Plans', description: 'Every meal plan our services offer, by diet.', url: '/meal-plans' });
  const { data } = useMealTypes();
  return (
    <section>
      <h1>Meal Plans</h1>
      <ul aria-label="Meal plans">{(data ?? []).map((type) => <li key={type.slug}>{type.name}</li>)}</ul>
    </section>
  );
}
`;

describe('a release of the public remote that adds a page', () => {
  const browser = useBrowserPage();
  const original = readFileSync(path.join(PUBLIC_DIST, 'release.json'), 'utf8');
  let version = '';
  let paused = false;
  const pause = (on: boolean) => {
    process.kill(renderer.pid, on ? 'SIGSTOP' : 'SIGCONT');
    paused = on;
  };

  beforeAll(async () => {
    // mfe-public as it is, with one page more: its route (path, chunk, reads, sitemap), its reads
    // for the server render, its chunk and its component.
    mkdirSync(NEXT, { recursive: true });
    for (const part of ['src', 'package.json', 'rspack.config.mjs', 'rspack.server.config.mjs']) cpSync(path.join(ROOT, 'mfe-public', part), path.join(NEXT, part), { recursive: true });
    writeFileSync(path.join(NEXT, 'src', 'pages', 'meal-plans-page.tsx'), MEAL_PLANS_PAGE);
    edit('src/route-table.ts', "  | 'page-info-pages';", "  | 'page-info-pages'\n  | 'page-meal-plans-page';");
    edit(
      'src/route-table.ts',
      "  { path: '/terms-of-service',",
      "  { path: '/meal-plans', component: 'MealPlansPage', chunk: 'page-meal-plans-page', sitemap: 'page', reads: [LABELS] },\n  { path: '/terms-of-service',",
    );
    edit(
      'src/routes.tsx',
      '} satisfies Record<PageChunk',
      "  'page-meal-plans-page': () => import(/* webpackChunkName: \"page-meal-plans-page\" */ './pages/meal-plans-page'),\n} satisfies Record<PageChunk",
    );
    edit('src/page-reads.ts', '  ArticlesPage: () => [articlesQueryOptions()],', '  ArticlesPage: () => [articlesQueryOptions()],\n  MealPlansPage: () => [labels()],');
    expect((await fetch(`${siteUrl}/meal-plans`)).status).toBe(404);
    // Built and published into the running site's dist, as the build publishes a release.
    ({ version = '' } = await buildApp(NEXT, { dist: PUBLIC_DIST }));
  }, 240_000);

  afterAll(async () => {
    if (paused) pause(false);
    rmSync(NEXT, { recursive: true, force: true });
    // Back to the release the site had, in one rename as a release is published; the new one's
    // files go once nothing renders with them any more.
    writeFileSync(path.join(PUBLIC_DIST, '.release.json.test'), original);
    renameSync(path.join(PUBLIC_DIST, '.release.json.test'), path.join(PUBLIC_DIST, 'release.json'));
    const before = (JSON.parse(original) as { version: string }).version;
    if (!version || version === before) return;
    // Its files go once the renderer renders with the release before again (the marker: the release a page names).
    await vi.waitFor(async () => expect((await fetch(`${siteUrl}/about?back=${Date.now()}`)).headers.get('x-rendered-release')).toBe(before), { timeout: 40_000, interval: 250 });
    rmSync(path.join(PUBLIC_DIST, 'releases', version), { recursive: true, force: true });
  }, 60_000);

  it('when its release pointer is switched, then the page is rendered on the server, hinted, in the sitemap and a page in the fallback, with the gateway and the renderer neither rebuilt nor restarted', async () => {
    expect(JSON.parse(readFileSync(path.join(PUBLIC_DIST, 'release.json'), 'utf8'))).toMatchObject({ version, routes: `releases/${version}/routes.json` });

    // Rendered on the server with the new release (the renderer follows the pointer), the meal types in the HTML.
    await expect.poll(async () => (await fetch(`${siteUrl}/meal-plans?v=${Date.now()}`)).headers.get('x-rendered-release'), { timeout: 30_000, interval: 250 }).toBe(version);
    const rendered = await fetch(`${siteUrl}/meal-plans`);
    const html = await rendered.text();
    expect(rendered.status).toBe(200);
    expect(html).toContain('<h1>Meal Plans</h1>');
    expect(html).toContain('<li>Keto</li>');
    expect(html).toContain('<title>Meal Plans');
    // The page's own chunk is named ahead in the rendered page.
    expect(html).toMatch(new RegExp(`/remotes/public/releases/${version}/page-meal-plans-page\\.[0-9a-f]{8}\\.js`));

    // In the sitemap.
    expect(await (await fetch(`${siteUrl}/sitemap.xml`)).text()).toContain(`<loc>${siteUrl}/meal-plans</loc>`);

    // With the renderer paused, the gateway's page for the browser: a page (200), its chunk and read hinted, and the browser shows it.
    // (A URL no page was kept for: a kept page would be served as it is.)
    pause(true);
    const fallback = await fetch(`${siteUrl}/meal-plans?renderer=paused`);
    const fallbackHtml = await fallback.text();
    expect(fallback.status).toBe(200);
    expect(fallbackHtml).not.toContain('noindex');
    expect(fallbackHtml).toMatch(new RegExp(`<link rel="prefetch" href="/remotes/public/releases/${version}/page-meal-plans-page\\.[0-9a-f]{8}\\.js">`));
    expect(fallbackHtml).toContain('<link rel="preload" href="/api/catalog/meal-types" as="fetch" crossorigin="anonymous">');
    const { page } = browser;
    await page.goto(`${siteUrl}/meal-plans?renderer=paused-too`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText(), { timeout: 15_000 }).toBe('Meal Plans');
    await expect.poll(() => page.getByRole('list', { name: 'Meal plans' }).getByRole('listitem').count(), { timeout: 15_000 }).toBeGreaterThan(3);
    pause(false);

    // Neither restarted: the same processes answer.
    const state = JSON.parse(readFileSync(path.join(siteDataDir, 'run', 'state.json'), 'utf8')) as { gateway: { pid: number }; renderer: { pid: number } };
    expect([state.gateway.pid, state.renderer.pid]).toEqual([gatewayPid, renderer.pid]);
    expect(() => process.kill(gatewayPid, 0)).not.toThrow();
  });
});
