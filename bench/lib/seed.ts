import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import mongoose from 'mongoose';
import { demoServices } from '@mealprep/demo-data';

/** The US ZIP codes of the table svc-catalog ships (npm package zipcodes), read the way it reads them. */
export function usZips(): Array<{ zip: string; latitude: number; longitude: number; city: string; state: string }> {
  const file = createRequire(path.resolve(import.meta.dirname, '..', '..', 'svc-catalog', 'package.json')).resolve('zipcodes/lib/codes.js');
  const line = readFileSync(file, 'utf8').split('\n', 1)[0]!.trim();
  const codes = JSON.parse(line.slice('exports.codes = '.length, -1)) as Record<string, { zip: string; latitude: number; longitude: number; city: string; state: string; country: string }>;
  return Object.values(codes).filter((c) => c.country === 'US' && Number.isFinite(c.latitude) && Number.isFinite(c.longitude));
}

/** A repeatable sequence of numbers in [0, 1). */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * `count` services in the catalog database, cycling through the demo ones with numbered names and
 * slugs. With `allStatuses` the demo statuses and featuring are kept (the admin table's mix);
 * otherwise every one is published.
 */
export async function seedServices(uri: string, count: number, options: { allStatuses?: boolean; spread?: boolean; ownerOfFirst?: number } = {}): Promise<void> {
  const base = options.allStatuses ? demoServices() : demoServices().filter((s) => s.status === 'published');
  // With `spread`, each service's kitchen is at a ZIP code drawn from the whole country.
  const zips = options.spread ? usZips() : [];
  const random = seeded(20261124);
  const docs = Array.from({ length: count }, (_, i) => {
    const s = base[i % base.length]!;
    const n = Math.floor(i / base.length);
    const { id: _id, ...rest } = s;
    const created = new Date(Date.now() - i * 60_000);
    return {
      ...rest,
      name: `${s.name} ${n}`,
      slug: `${s.slug}-${n}`,
      status: options.allStatuses ? s.status : 'published',
      featuredUntil: options.allStatuses && s.featuredUntil ? new Date(s.featuredUntil) : null,
      createdAt: created,
      updatedAt: created,
      publishedAt: created,
      ...(i < (options.ownerOfFirst ?? 0) ? { ownerUserId: 'bench-owner' } : {}),
      ...(zips.length > 0
        ? (() => {
            const zip = zips[Math.floor(random() * zips.length)]!;
            const location = s.locations[0]!;
            return { locations: [{ ...location, address: { ...location.address, city: zip.city, postalCode: zip.zip }, point: { latitude: zip.latitude, longitude: zip.longitude } }] };
          })()
        : {}),
    };
  });
  const connection = await mongoose.createConnection(uri, { dbName: 'catalog' }).asPromise();
  for (let i = 0; i < docs.length; i += 500) await connection.collection('services').insertMany(docs.slice(i, i + 500));
  await connection.close();
}
