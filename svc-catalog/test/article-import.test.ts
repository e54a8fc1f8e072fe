import type { BlogPost, ImportResult } from '@mealprep/contracts';
import { signIdentity } from '@mealprep/service-kit';
import { serve, silentLogger, TEST_IDENTITY_SECRET, testBroker, testDatabase } from '@mealprep/service-kit/testing';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogRepositories, createCatalogApp, ensureCatalogIndexes } from '../src/app';
import { CatalogIndex } from '../src/domain/catalog-index';
import { seedReferenceData } from '../src/domain/reference-data';

const admin = signIdentity({ userId: 'boss', email: 'boss@example.com', roles: ['admin'] }, TEST_IDENTITY_SECRET);
const owner = signIdentity({ userId: 'owner', email: 'owner@example.com', roles: [] }, TEST_IDENTITY_SECRET);
const COLUMNS = ['id', 'slug', 'headline', 'html', 'metaDescription', 'metaKeywords', 'isPublished', 'isDeleted', 'publishedAt', 'createdAt', 'categoryTitle', 'tags', 'outline'];

describe('blog CSV import', () => {
  let db: Awaited<ReturnType<typeof testDatabase>>;
  let mq: Awaited<ReturnType<typeof testBroker>>;
  let http: Awaited<ReturnType<typeof serve>>;

  beforeAll(async () => {
    db = await testDatabase('catalog-article-import');
    mq = await testBroker('catalog-article-import', 'svc-catalog');
    const repositories = catalogRepositories(db.connection);
    await ensureCatalogIndexes(repositories);
    await seedReferenceData({ ...repositories, publish: async () => undefined });
    const catalog = new CatalogIndex(repositories);
    await catalog.refresh();
    http = await serve(createCatalogApp({ logger: silentLogger, connection: db.connection, broker: mq.broker, identitySecret: TEST_IDENTITY_SECRET, catalog }));
  });
  afterAll(async () => {
    await http?.close();
    await mq?.destroy();
    await db?.drop();
  });

  const upload = async (body: string, headers: Record<string, string> = admin) => {
    const response = await fetch(`${http.url}/admin/import/articles`, { method: 'POST', headers: { 'content-type': 'text/csv', ...headers }, body });
    return { status: response.status, body: (await response.json()) as ImportResult & { error?: { message: string } } };
  };
  const csv = (rows: Array<Record<string, string>>) => Papa.unparse({ fields: COLUMNS, data: rows.map((r) => COLUMNS.map((c) => r[c] ?? '')) });

  it('when posts are imported, then their HTML is cleaned, published ones are public, deleted ones skipped; the same file again changes nothing', async () => {
    const file = csv([
      {
        headline: 'Meal Prep on a Budget',
        html: '<h2>Plan</h2><p onclick="steal()">Cook <strong>once</strong>.</p><script>alert(1)</script><a href="javascript:alert(1)">bad</a><a href="https://example.com/x">good</a><img src="http://example.com/x.png" onerror="x()">',
        metaDescription: 'Eat well for less.',
        isPublished: 'true',
        publishedAt: '2026-10-01T08:00:00Z',
        categoryTitle: 'Guides',
        tags: 'budget, Planning',
        metaKeywords: 'cheap',
      },
      { headline: 'Draft Thoughts', html: '<p>Not yet.</p>', isPublished: 'false' },
      { headline: 'Old Post', html: '<p>Gone</p>', isPublished: 'true', isDeleted: 'true' },
    ]);
    const first = await upload(file);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ imported: 2, skipped: 1, skippedRows: [{ line: 4, name: 'Old Post', reason: 'Marked as deleted' }] });
    const post = (await (await fetch(`${http.url}/articles/meal-prep-on-a-budget`)).json()) as BlogPost;
    expect(post.content).toBe('<h2>Plan</h2><p>Cook <strong>once</strong>.</p><a rel="noopener noreferrer">bad</a><a href="https://example.com/x" rel="noopener noreferrer">good</a><img />');
    expect(post).toMatchObject({ title: 'Meal Prep on a Budget', excerpt: 'Eat well for less.', category: 'Guides', tags: ['budget', 'planning', 'cheap'], publishedAt: '2026-10-01T08:00:00.000Z' });
    expect((await fetch(`${http.url}/articles/draft-thoughts`)).status).toBe(404);
    expect((await upload(file)).body).toMatchObject({ imported: 0, skipped: 1, unchanged: 2 });
  });

  it('when the file lacks the headline column or the caller is not an admin, then nothing is imported', async () => {
    const missing = await upload('title,html\nX,<p>y</p>');
    expect(missing.status).toBe(400);
    expect(missing.body.error?.message).toBe('Missing columns: headline. The first line must name the columns.');
    expect((await upload(csv([{ headline: 'Sneaky', isPublished: 'true' }]), owner)).status).toBe(403);
    expect((await fetch(`${http.url}/articles/sneaky`)).status).toBe(404);
  });
});
