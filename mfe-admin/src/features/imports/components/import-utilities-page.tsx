import { serverMessage, queryKeys } from '@mealprep/api-client';
import type { ImportResult } from '@mealprep/contracts';
import { Button, usePageMeta } from '@mealprep/ui';
import { useQueryClient } from '@mealprep/query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { csvFileProblem, skippedRowsCsv, uploadCsv } from '../lib/csv-upload';

/** The result line: rows the file held as they already were are counted when there are any. */
export function importSummary({ imported, skipped, unchanged }: Pick<ImportResult, 'imported' | 'skipped' | 'unchanged'>): string {
  return unchanged > 0 ? `${imported} imported, ${skipped} skipped, ${unchanged} unchanged.` : `${imported} imported, ${skipped} skipped.`;
}

function ImportPanel({ title, url, failure, columns }: { title: string; url: string; failure: string; columns: string }) {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const download = useMemo(() => (result && result.skippedRows.length > 0 ? URL.createObjectURL(new Blob([skippedRowsCsv(result.skippedRows)], { type: 'text/csv' })) : null), [result]);
  useEffect(() => () => void (download && URL.revokeObjectURL(download)), [download]);

  const run = async () => {
    const problem = csvFileProblem(file);
    if (problem) return setError(problem);
    setError(null);
    setResult(null);
    setProgress(0);
    try {
      const done = await uploadCsv(url, file!, setProgress);
      setResult(done);
      await queryClient.invalidateQueries({ queryKey: queryKeys.services.all });
    } catch (failed) {
      setError(serverMessage(failed) ?? failure);
    } finally {
      setProgress(null);
    }
  };

  const id = title.toLowerCase().replace(/\W+/g, '-');
  return (
    <section className="space-y-3 rounded-xl border border-gray-200 p-5 dark:border-gray-800" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {title}
      </h2>
      <p className="text-sm text-gray-600 dark:text-gray-400">Columns: {columns}</p>
      <div className="flex flex-wrap items-center gap-3">
        <input
          ref={input}
          type="file"
          accept=".csv,text/csv"
          aria-label={`${title} file`}
          className="text-sm file:mr-3 file:rounded-md file:border-0 file:bg-gray-100 file:px-3 file:py-2 file:text-sm file:font-medium dark:file:bg-gray-800 dark:file:text-gray-100"
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setError(null);
          }}
        />
        <Button onClick={() => void run()} disabled={progress !== null}>
          {progress !== null ? 'Importing…' : 'Import'}
        </Button>
      </div>
      {progress !== null && (
        <progress className="w-full" max={1} value={progress < 1 ? progress : undefined} aria-label={`${title} progress`}>
          {Math.round(progress * 100)}%
        </progress>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
      {result && (
        <div role="status" className="space-y-2 text-sm">
          <p className="font-medium">{importSummary(result)}</p>
          {download && (
            <a href={download} download="skipped-rows.csv" className="font-medium text-emerald-700 underline dark:text-emerald-400">
              Download the skipped rows and why (CSV)
            </a>
          )}
        </div>
      )}
    </section>
  );
}

/** /dashboard/import-utilities: CSV imports. */
export function ImportUtilitiesPage() {
  usePageMeta({ title: 'Import Utilities', noindex: true });
  return (
    <section className="space-y-6">
      <h1 className="text-3xl font-bold tracking-tight">Import Utilities</h1>
      <ImportPanel
        title="Import services"
        url="/api/catalog/admin/import/services"
        failure="Failed to import services"
        columns="Name, Slug, Tagline, Meal Types, City, State, Home Delivery, Shipping, Website, Image Link Full, Profile Page Image Link, Place Longitude, Place Latitude; and, optional, the facts of the offer: Price Per Meal Low, Price Per Meal High, Plans (subscription, one-off or both), Pause Any Time (yes or no), Delivery Days (Mon, Thu), Order Cutoff (Thursday 6 pm), Minimum Order (meals), Allergen Friendly (gluten-free, dairy-free, nut-free, soy-free, egg-free, shellfish-free), Menu Link"
      />
      <ImportPanel
        title="Import blog posts"
        url="/api/catalog/admin/import/articles"
        failure="Failed to import blog posts"
        columns="id, slug, headline, html, metaDescription, metaKeywords, isPublished, isDeleted, publishedAt, createdAt, categoryTitle, tags, outline (the HTML is cleaned: no scripts, event handlers or javascript: links)"
      />
    </section>
  );
}
