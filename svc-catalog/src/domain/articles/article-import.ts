import type { Readable } from 'node:stream';
import { slugify, type ImportResult } from '@mealprep/contracts';
import { AppError, type DomainEvents } from '@mealprep/service-kit';
import sanitizeHtml from 'sanitize-html';
import type { BlogPostRepository, ImportedArticle, StoredArticle } from '../../data-access/blog-post-repository';
import { parseCsvStream } from '../imports/csv-stream';
import { looksLikeFormula } from '../imports/spreadsheet-formula';

const TRUE = new Set(['true', 'yes', '1', 'y']);
const MAX_REASONS = 1000;

/**
 * Article HTML as it is stored: headings, paragraphs, lists, links and images only. Scripts,
 * styles, event handlers and javascript: (or any non-web) URLs never get in.
 */
export function cleanArticleHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [
      'h2',
      'h3',
      'h4',
      'p',
      'br',
      'hr',
      'ul',
      'ol',
      'li',
      'strong',
      'b',
      'em',
      'i',
      'a',
      'blockquote',
      'code',
      'pre',
      'img',
      'figure',
      'figcaption',
      'table',
      'thead',
      'tbody',
      'tr',
      'th',
      'td',
    ],
    allowedAttributes: { a: ['href', 'title', 'rel'], img: ['src', 'alt', 'width', 'height'], th: ['scope'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['https'] },
    allowProtocolRelative: false,
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
  });
}

const cell = (row: Record<string, string>, column: string) => (typeof row[column] === 'string' ? row[column].trim() : '');
const date = (value: string): Date | null => {
  if (!value) return null;
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
};

const MAX_HTML_CHARS = 500_000;
const MAX_HTML_TAGS = 20_000;

/** How many tags open in a text (a "<" followed by a letter), in one pass. */
function tagCount(html: string): number {
  let count = 0;
  for (let at = html.indexOf('<'); at !== -1; at = html.indexOf('<', at + 1)) {
    const next = html.charCodeAt(at + 1) | 0x20;
    if (next >= 0x61 && next <= 0x7a) count += 1;
  }
  return count;
}

function mapRow(row: Record<string, string>): ImportedArticle | { reason: string } {
  const formula = Object.entries(row).find(([column, value]) => column !== 'html' && typeof value === 'string' && looksLikeFormula(value));
  if (formula) return { reason: `${formula[0]} looks like a spreadsheet formula` };
  if (TRUE.has(cell(row, 'isDeleted').toLowerCase())) return { reason: 'Marked as deleted' };
  const title = cell(row, 'headline');
  if (!title) return { reason: 'headline is empty' };
  if (title.length > 200) return { reason: 'headline is longer than 200 characters' };
  const slug = slugify(cell(row, 'slug') || title);
  if (!slug) return { reason: 'slug is empty' };
  const html = cell(row, 'html');
  // Bounded before the HTML is cleaned: sanitize-html's parser slows down with the square of the
  // nesting (1 MB of nested tags took about 10 s), so a cell is at most 500,000 characters and
  // 20,000 tags (well under a second at worst).
  if (html.length > MAX_HTML_CHARS) return { reason: 'html is longer than 500,000 characters' };
  if (tagCount(html) > MAX_HTML_TAGS) return { reason: 'html has more than 20,000 tags' };
  const content = cleanArticleHtml(html);
  const metaDescription = cell(row, 'metaDescription').slice(0, 300);
  const text = sanitizeHtml(content, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, ' ').trim();
  const published = TRUE.has(cell(row, 'isPublished').toLowerCase());
  const publishedAt = date(cell(row, 'publishedAt'));
  const id = cell(row, 'id').toLowerCase();
  return {
    id: /^[0-9a-f]{24}$/.test(id) ? id : null,
    slug,
    title,
    content,
    excerpt: (metaDescription || text).slice(0, 240),
    metaDescription,
    category: cell(row, 'categoryTitle').slice(0, 80),
    tags: [
      ...new Set(
        `${cell(row, 'tags')},${cell(row, 'metaKeywords')}`
          .split(',')
          .map((t) => t.trim().toLowerCase())
          .filter(Boolean),
      ),
    ]
      .slice(0, 12)
      .map((t) => t.slice(0, 40)),
    status: published ? 'published' : 'draft',
    publishedAt: published ? (publishedAt ?? new Date()) : publishedAt,
    createdAt: date(cell(row, 'createdAt')),
  };
}

/** blogPosts.importFromCSV: rows become posts, matched by slug; importing the same file twice changes nothing. */
export async function importArticles(
  deps: { articles: BlogPostRepository; events: DomainEvents },
  body: Readable,
  /** `announce: false`: the import is not announced (the demo seed, before anything listens). */
  options: { announce?: boolean } = {},
): Promise<ImportResult> {
  const { header, rows } = await parseCsvStream(body);
  if (rows.length === 0) throw AppError.badRequest('The file has no rows to import.');
  if (!header.includes('headline')) throw AppError.badRequest('Missing columns: headline. The first line must name the columns.');
  const skippedRows: ImportResult['skippedRows'] = [];
  let skipped = 0;
  const bySlug = new Map<string, ImportedArticle>();
  for (const { line, values } of rows) {
    const mapped = mapRow(values);
    const reason = 'reason' in mapped ? mapped.reason : bySlug.has(mapped.slug) ? `Slug "${mapped.slug}" is already used by an earlier row` : null;
    if (reason) {
      skipped += 1;
      if (skippedRows.length < MAX_REASONS) skippedRows.push({ line, name: cell(values, 'headline').slice(0, 120), reason });
    } else bySlug.set((mapped as ImportedArticle).slug, mapped as ImportedArticle);
  }
  const posts = [...bySlug.values()];
  const stored = await deps.articles.storedForImport(posts.map((p) => p.slug));
  // A row identical to the stored post is not written; every other one is (a new slug inserts).
  const writes = posts.map((post) => ({ stored: stored.get(post.slug) ?? null, post })).filter(({ stored, post }) => !stored || !sameAsStored(stored, post));
  const changedSlugs = writes.map((w) => w.post.slug);
  const events = changedSlugs.length > 0 && options.announce !== false ? [deps.events.event('catalog.articles.changed', { slugs: changedSlugs.slice(0, 1000) })] : [];
  await deps.articles.writeImported(writes, events);
  await deps.events.relay();
  return { imported: writes.length, skipped, unchanged: posts.length - writes.length, skippedRows };
}

/** Whether a row says nothing the stored post does not already say: every field the import writes is equal. */
export function sameAsStored(stored: StoredArticle, post: ImportedArticle): boolean {
  return (
    stored.title === post.title &&
    stored.content === post.content &&
    stored.excerpt === post.excerpt &&
    stored.metaDescription === post.metaDescription &&
    stored.category === post.category &&
    JSON.stringify(stored.tags) === JSON.stringify(post.tags) &&
    stored.status === post.status &&
    (stored.publishedAt?.getTime() ?? null) === (post.publishedAt?.getTime() ?? null)
  );
}
