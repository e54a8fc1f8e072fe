import { SERVICE_CSV_COLUMNS } from '@mealprep/contracts';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { demoArticles } from './articles';
import { demoServices } from './services';

/** The columns of services.importFromCSV and blogPosts.importFromCSV (product spec §7), in order. */
export { SERVICE_CSV_COLUMNS };
export const ARTICLE_CSV_COLUMNS = [
  'id',
  'slug',
  'headline',
  'html',
  'metaDescription',
  'metaKeywords',
  'isPublished',
  'isDeleted',
  'publishedAt',
  'createdAt',
  'categoryTitle',
  'tags',
  'outline',
] as const;

/** The day the demo articles' dates count back from, so the files are the same on every machine. */
export const DEMO_ARTICLES_DATE = new Date('2026-11-01T09:00:00.000Z');
const DAY = 86_400_000;

function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

function toCsv(columns: readonly string[], rows: Array<Record<string, string>>): string {
  return [columns.join(','), ...rows.map((row) => columns.map((c) => csvCell(row[c] ?? '')).join(','))].join('\r\n') + '\r\n';
}

/** The demo catalogue in the services import columns: what `csv/services.csv` holds. */
export function demoServicesCsv(): string {
  return toCsv(
    SERVICE_CSV_COLUMNS,
    demoServices(new Date(0)).map((s) => {
      const address = s.locations[0]?.address;
      return {
        Name: s.name,
        Slug: s.slug,
        Tagline: s.tagline,
        'Meal Types': s.mealTypes.join(', '),
        City: address?.city ?? '',
        State: address?.region ?? '',
        'Home Delivery': s.deliveryMethods.localDelivery ? 'Yes' : 'No',
        Shipping: s.deliveryMethods.shipsDomestically ? 'Yes' : 'No',
        Website: s.contact.website,
      };
    }),
  );
}

/** The demo articles in the blog import columns: what `csv/articles.csv` holds. */
export function demoArticlesCsv(): string {
  return toCsv(
    ARTICLE_CSV_COLUMNS,
    demoArticles().map((a) => {
      const published = new Date(DEMO_ARTICLES_DATE.getTime() - a.ageDays * DAY).toISOString();
      return {
        id: a.id,
        slug: a.slug,
        headline: a.title,
        html: a.content,
        metaDescription: a.excerpt,
        metaKeywords: '',
        isPublished: 'true',
        isDeleted: 'false',
        publishedAt: published,
        createdAt: published,
        categoryTitle: a.category,
        tags: a.tags.join(', '),
        outline: '',
      };
    }),
  );
}

/** Where the committed demo files are; svc-catalog loads them through its CSV import on a first start. */
export const DEMO_CSV_FILES = {
  services: fileURLToPath(new URL('../csv/services.csv', import.meta.url)),
  articles: fileURLToPath(new URL('../csv/articles.csv', import.meta.url)),
} as const;

export function readDemoCsv(kind: keyof typeof DEMO_CSV_FILES): string {
  return readFileSync(DEMO_CSV_FILES[kind], 'utf8');
}
