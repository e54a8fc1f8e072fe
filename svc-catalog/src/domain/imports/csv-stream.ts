import type { Readable } from 'node:stream';
import { MAX_IMPORT_BYTES } from '@mealprep/contracts';
import { AppError } from '@mealprep/service-kit';
import Papa from 'papaparse';

/**
 * Parses an uploaded CSV as it arrives: bytes are counted (a file over the limit is refused before
 * it is all read), checked as UTF-8 text (binary and mis-encoded files are refused), and fed to
 * papaparse, which guesses the delimiter (commas or semicolons) and handles quoted newlines.
 * Resolves with the header and the rows, each with its line number.
 */
export async function parseCsvStream(body: Readable): Promise<{ header: string[]; rows: Array<{ line: number; values: Record<string, string> }> }> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const rows: Array<{ line: number; values: Record<string, string> }> = [];
  let header: string[] = [];
  let size = 0;
  // Rows come as arrays and are named here: papaparse's own header mode renames "duplicate headers"
  // inside data rows when it parses a stream (cells ',,,' became '_1', '_2', '_3').
  const parser = Papa.parse(Papa.NODE_STREAM_INPUT, { header: false, skipEmptyLines: 'greedy' }) as NodeJS.ReadWriteStream;
  let line = 0;
  const done = new Promise<void>((resolve, reject) => {
    parser.on('data', (cells: string[]) => {
      line += 1;
      if (line === 1) {
        header = cells.map((name, i) => (i === 0 ? name.replace(/^\uFEFF/, '') : name).trim());
        return;
      }
      const values: Record<string, string> = Object.create(null);
      // The first column of a name wins; cells past the header's end have no name and are dropped.
      header.forEach((name, i) => {
        if (name && !Object.hasOwn(values, name)) values[name] = cells[i] ?? '';
      });
      rows.push({ line, values });
    });
    parser.on('end', () => resolve());
    parser.on('error', (err: unknown) => reject(err));
  });
  try {
    for await (const chunk of body) {
      const bytes = chunk as Buffer;
      size += bytes.length;
      if (size > MAX_IMPORT_BYTES) throw new AppError('too_large', `The file is too large: at most ${MAX_IMPORT_BYTES / 1024 / 1024} MB.`, { status: 413 });
      if (bytes.includes(0)) throw AppError.badRequest('That is not a CSV file: it holds binary data.');
      let text: string;
      try {
        text = decoder.decode(bytes, { stream: true });
      } catch {
        throw AppError.badRequest('The file is not UTF-8 text. Save it as CSV (UTF-8) and try again.');
      }
      if (text) parser.write(text);
    }
    try {
      const rest = decoder.decode();
      if (rest) parser.write(rest);
    } catch {
      throw AppError.badRequest('The file is not UTF-8 text. Save it as CSV (UTF-8) and try again.');
    }
  } catch (err) {
    parser.end();
    body.resume();
    throw err;
  }
  if (size === 0) throw AppError.badRequest('The file is empty.');
  parser.end();
  await done;
  return { header, rows };
}
