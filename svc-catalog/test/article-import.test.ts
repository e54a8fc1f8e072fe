import type { BlogPost, ImportResult } from '@mealprep/contracts';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { as, useCatalog } from './harness';

const admin = as('boss', ['admin']);
const owner = as('owner');
const COLUMNS = ['id', 'slug', 'headline', 'html', 'metaDescription', 'metaKeywords', 'isPublished', 'isDeleted', 'publishedAt', 'createdAt', 'categoryTitle', 'tags', 'outline'];

describe('blog CSV import', () => {
  const catalog = useCatalog('catalog-article-import', {});

  const upload = async (body: string, headers: Record<string, string> = admin) => {
    const response = await fetch(`${catalog.url}/admin/import/articles`, { method: 'POST', headers: { 'content-type': 'text/csv', ...headers }, body });
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
    const post = (await (await fetch(`${catalog.url}/articles/meal-prep-on-a-budget`)).json()) as BlogPost;
    expect(post.content).toBe('<h2>Plan</h2><p>Cook <strong>once</strong>.</p><a rel="noopener noreferrer">bad</a><a href="https://example.com/x" rel="noopener noreferrer">good</a><img />');
    expect(post).toMatchObject({ title: 'Meal Prep on a Budget', excerpt: 'Eat well for less.', category: 'Guides', tags: ['budget', 'planning', 'cheap'], publishedAt: '2026-10-01T08:00:00.000Z' });
    expect((await fetch(`${catalog.url}/articles/draft-thoughts`)).status).toBe(404);
    expect((await upload(file)).body).toMatchObject({ imported: 0, skipped: 1, unchanged: 2 });
  });

  it("when new posts name ids, then each keeps the file's id unless another post has it already (stored before, or earlier in the same file)", async () => {
    const idOf = async (slug: string) => String((await catalog.db.connection.collection('blog_posts').findOne({ slug }))?._id);
    const held = '64b000000000000000000001';
    const fresh = '64b000000000000000000002';
    const twice = '64b000000000000000000003';
    expect((await upload(csv([{ id: held, headline: 'Id Holder', html: '<p>First.</p>', isPublished: 'true' }]))).body).toMatchObject({ imported: 1 });
    expect(await idOf('id-holder')).toBe(held);

    const result = await upload(
      csv([
        { id: held, headline: 'Id Taken', html: '<p>Same id as a stored post.</p>', isPublished: 'true' },
        { id: fresh.toUpperCase(), headline: 'Id Fresh', html: '<p>Its own id.</p>', isPublished: 'true' },
        { id: twice, headline: 'Id Twice First', html: '<p>First with this id.</p>', isPublished: 'true' },
        { id: twice, headline: 'Id Twice Second', html: '<p>Second with this id.</p>', isPublished: 'true' },
        { id: 'not-an-id', headline: 'Id Malformed', html: '<p>No id of its own.</p>', isPublished: 'true' },
      ]),
    );
    expect(result.body).toMatchObject({ imported: 5, skipped: 0 });
    expect(await idOf('id-holder')).toBe(held);
    expect(await idOf('id-taken')).not.toBe(held);
    expect(await idOf('id-fresh')).toBe(fresh);
    expect(await idOf('id-twice-first')).toBe(twice);
    expect(await idOf('id-twice-second')).not.toBe(twice);
    expect(await idOf('id-malformed')).toMatch(/^[0-9a-f]{24}$/);
    expect((await (await fetch(`${catalog.url}/articles/id-taken`)).json()) as BlogPost).toMatchObject({ title: 'Id Taken' });
  });

  it('when the file lacks the headline column or the caller is not an admin, then nothing is imported', async () => {
    const missing = await upload('title,html\nX,<p>y</p>');
    expect(missing.status).toBe(400);
    expect(missing.body.error?.message).toBe('Missing columns: headline. The first line must name the columns.');
    expect((await upload(csv([{ headline: 'Sneaky', isPublished: 'true' }]), owner)).status).toBe(403);
    expect((await fetch(`${catalog.url}/articles/sneaky`)).status).toBe(404);
  });

  it('when a cell would run as a spreadsheet formula once its arithmetic is done (-2+3+cmd|…, or after a tab), then that row is skipped with its column named, and the other rows are imported', async () => {
    const result = await upload(
      csv([
        { headline: 'Sneaky Sum', html: '<p>x</p>', metaDescription: "-2+3+cmd|' /C calc'!A0", isPublished: 'true' },
        { headline: 'Tabbed Formula', html: '<p>x</p>', categoryTitle: '\t=HYPERLINK("http://evil")', isPublished: 'true' },
        { headline: 'Honest Post', html: '<p>Fine.</p>', metaDescription: '- fresh every week', isPublished: 'true' },
      ]),
    );
    expect(result.body).toMatchObject({
      imported: 1,
      skipped: 2,
      skippedRows: [
        { line: 2, name: 'Sneaky Sum', reason: 'metaDescription looks like a spreadsheet formula' },
        { line: 3, name: 'Tabbed Formula', reason: 'categoryTitle looks like a spreadsheet formula' },
      ],
    });
    expect((await fetch(`${catalog.url}/articles/sneaky-sum`)).status).toBe(404);
  });

  it("when a post's HTML holds over 20,000 tags (deep nesting slows its cleaning with the square) or is too long, then that row is skipped with its reason before it is cleaned, and the other rows are imported", async () => {
    const deep = '<div>'.repeat(60_000) + 'text' + '</div>'.repeat(2);
    const result = await upload(
      csv([
        { headline: 'Deep Nest', html: deep, isPublished: 'true' },
        { headline: 'Too Long', html: `<p>${'x'.repeat(600_000)}</p>`, isPublished: 'true' },
        { headline: 'Plain Post', html: '<p>Fine.</p>', isPublished: 'true' },
      ]),
    );
    expect(result.body).toMatchObject({
      imported: 1,
      skipped: 2,
      skippedRows: [
        { line: 2, name: 'Deep Nest', reason: 'html has more than 20,000 tags' },
        { line: 3, name: 'Too Long', reason: 'html is longer than 500,000 characters' },
      ],
    });
  });
});
