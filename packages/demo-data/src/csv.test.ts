import { describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { demoArticles } from './articles';
import { ARTICLE_CSV_COLUMNS, SERVICE_CSV_COLUMNS, demoArticlesCsv, demoServicesCsv, readDemoCsv } from './csv';
import { demoServices } from './services';

describe('the demo CSV files', () => {
  it('are what the generators make, so the committed files never drift from the demo data (npm run write-csv -w @mealprep/demo-data rewrites them)', () => {
    expect(readDemoCsv('services')).toBe(demoServicesCsv());
    expect(readDemoCsv('articles')).toBe(demoArticlesCsv());
  });

  it('hold every demo service and article in the import columns, quoted so commas and newlines in cells survive', () => {
    const services = Papa.parse<Record<string, string>>(readDemoCsv('services'), { header: true, skipEmptyLines: true });
    expect(services.errors).toEqual([]);
    expect(services.meta.fields).toEqual([...SERVICE_CSV_COLUMNS]);
    expect(services.data.map((r) => r.Slug)).toEqual(demoServices().map((s) => s.slug));
    const articles = Papa.parse<Record<string, string>>(readDemoCsv('articles'), { header: true, skipEmptyLines: true });
    expect(articles.errors).toEqual([]);
    expect(articles.meta.fields).toEqual([...ARTICLE_CSV_COLUMNS]);
    expect(articles.data.map((r) => r.html)).toEqual(demoArticles().map((a) => a.content));
  });
});
