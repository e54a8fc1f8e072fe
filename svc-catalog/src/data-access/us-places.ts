import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { US_STATE_CODES } from '../domain/us-states';
import { Places, type PlaceRow } from '../domain/places';

const PREFIX = 'exports.codes = ';

/**
 * The US ZIP table that ships with the service: the npm package `zipcodes` 8.0.0 (BSD licence,
 * Dav Glass; USPS ZIP codes with their centres, city and state, from federalgovernmentzipcodes.us),
 * US part only. Read from the installed package, never fetched: its first line is one JSON object
 * (`exports.codes = {…}`), parsed as JSON rather than loaded as a module, so that neither the
 * module cache nor compiled code keeps the 42,000 objects once the compact index is built.
 */
export function loadUsPlaces(): Places {
  const file = createRequire(import.meta.url).resolve('zipcodes/lib/codes.js');
  const text = readFileSync(file, 'utf8');
  const end = text.indexOf('\n');
  const line = text.slice(0, end === -1 ? undefined : end).trim();
  if (!line.startsWith(PREFIX) || !line.endsWith(';')) throw new Error(`${file}: not the expected ZIP table`);
  const codes = JSON.parse(line.slice(PREFIX.length, -1)) as Record<string, PlaceRow & { country: string }>;
  return new Places(
    Object.values(codes).filter((row) => row.country === 'US'),
    US_STATE_CODES,
  );
}
