import { errorFromBody } from '@mealprep/api-client';
import type { ImportResult } from '@mealprep/contracts';

/** 'Please select a CSV file' unless the name ends in .csv or the type says csv (spec §5). */
export function csvFileProblem(file: File | null | undefined): string | null {
  if (!file) return 'Please select a file first';
  if (!/\.csv$/i.test(file.name) && !/csv/i.test(file.type)) return 'Please select a CSV file';
  return null;
}

/** Sends the file's bytes, reporting upload progress (0–1); XMLHttpRequest because fetch cannot. */
export function uploadCsv(url: string, file: File, onProgress: (share: number) => void): Promise<ImportResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('content-type', 'text/csv');
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as ImportResult);
      else reject(errorFromBody(xhr.status, body));
    };
    xhr.onerror = () => reject(new Error('The server could not be reached.'));
    xhr.send(file);
  });
}

/**
 * A cell a spreadsheet could run as a formula gets a leading quote, so the download is safe to
 * open: one that starts with =, +, -, @, a tab or a carriage return, also after spaces (which some
 * spreadsheets skip) and in their full-width forms.
 */
const safeCell = (value: string) => {
  const text = /^[\t\r]/.test(value) || /^[=+\-@]/.test(value.normalize('NFKC').trimStart()) ? `'${value}` : value;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

export function skippedRowsCsv(rows: ImportResult['skippedRows']): string {
  return ['line,name,reason', ...rows.map((r) => [String(r.line), r.name, r.reason].map(safeCell).join(','))].join('\r\n');
}
