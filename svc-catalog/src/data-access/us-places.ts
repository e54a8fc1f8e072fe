import { closeSync, openSync, readSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { createRequire } from 'node:module';
import { US_STATE_CODES } from '../domain/catalogue/us-states';
import { Places, type PlaceRow } from '../domain/catalogue/places';

const PREFIX = 'exports.codes = ';

/**
 * The US ZIP table that ships with the service: the npm package `zipcodes` 8.0.0 (BSD licence,
 * Dav Glass; USPS ZIP codes with their centres, city and state, from federalgovernmentzipcodes.us),
 * US part only. Read from the installed package, never fetched: its first line is one JSON object
 * (`exports.codes = {…}`), read as JSON rather than loaded as a module, so that neither the
 * module cache nor compiled code keeps the 42,000 objects once the compact index is built.
 */
let loaded: Places | null = null;

/** The table, read once per process (every catalogue app of a process shares it). */
export function usPlaces(): Places {
  loaded ??= loadUsPlaces();
  return loaded;
}

export function loadUsPlaces(): Places {
  const file = createRequire(import.meta.url).resolve('zipcodes/lib/codes.js');
  return new Places(usRows(file), US_STATE_CODES);
}

const RECORD = '{"zip":';
const CHUNK = 256 * 1024;

/**
 * The US rows of the table, read record by record from its JSON text in 256 KB pieces: reading
 * the 5 MB text whole and parsing it at once would build 42,000 objects of seven fields and the
 * text twice over (bytes and string), which the process keeps as resident memory long after.
 */
function usRows(file: string): PlaceRow[] {
  const rows: PlaceRow[] = [];
  const fd = openSync(file, 'r');
  const buffer = Buffer.alloc(CHUNK);
  const decoder = new StringDecoder('utf8');
  let pending = '';
  let first = true;
  try {
    for (let read = readSync(fd, buffer, 0, CHUNK, null); read > 0; read = readSync(fd, buffer, 0, CHUNK, null)) {
      pending += decoder.write(buffer.subarray(0, read));
      if (first) {
        if (!pending.startsWith(PREFIX)) throw new Error(`${file}: not the expected ZIP table`);
        first = false;
      }
      let at = pending.indexOf(RECORD);
      let done = 0;
      while (at !== -1) {
        const close = pending.indexOf('}', at);
        if (close === -1) break;
        const record = JSON.parse(pending.slice(at, close + 1)) as PlaceRow & { country: string };
        if (record.country === 'US') rows.push({ zip: record.zip, latitude: record.latitude, longitude: record.longitude, city: record.city, state: record.state });
        done = close + 1;
        at = pending.indexOf(RECORD, done);
      }
      pending = pending.slice(done);
      // The table is one line: what follows it is not read.
      if (pending.includes('\n')) break;
    }
  } finally {
    closeSync(fd);
  }
  if (rows.length < 40_000) throw new Error(`${file}: ${rows.length} US rows, fewer than the table has`);
  return rows;
}
