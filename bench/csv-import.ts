/**
 * Importing a services CSV of 10,000 rows into svc-catalog: how long the request takes and the
 * service's peak memory (VmHWM), then the same file again (nothing to write).
 * Run: npx tsx bench/csv-import.ts [rows, default 10000]
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { signIdentity } from '@mealprep/service-kit';
import { benchDatabase, removeBenchTopology, startPart } from './lib/system';

const ROWS = Number(process.argv[2] ?? 10_000);
const amqpUrl = process.env.AMQP_URL || 'amqp://guest:guest@127.0.0.1:5672';
const prefix = `bench-${randomBytes(3).toString('hex')}`;
const secret = randomBytes(32).toString('hex');
const STATES = ['Texas', 'California', 'New York', 'Florida', 'Colorado', 'Washington', 'Ohio', 'Georgia'];
const TYPES = ['keto', 'vegan', 'paleo', 'high-protein', 'gluten-free'];

function csv(rows: number): string {
  const lines = ['Name,Slug,Tagline,Meal Types,City,State,Home Delivery,Shipping,Website,Image Link Full,Profile Page Image Link,Place Longitude,Place Latitude'];
  for (let i = 0; i < rows; i += 1) {
    lines.push(
      [
        `Bench Kitchen ${i}`,
        '',
        `"Fresh meals, weekly, number ${i}"`,
        `"${TYPES[i % 5]}, ${TYPES[(i + 2) % 5]}"`,
        `City ${i % 300}`,
        STATES[i % STATES.length],
        i % 2 ? 'Yes' : 'No',
        i % 3 ? 'No' : 'Yes',
        `https://kitchen-${i}.example.com`,
        '',
        '',
        (-100 + (i % 50) / 10).toFixed(4),
        (35 + (i % 40) / 10).toFixed(4),
      ].join(','),
    );
  }
  return lines.join('\n');
}

const peakMb = (pid: number) => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

async function main() {
  const db = await benchDatabase();
  let catalog: Awaited<ReturnType<typeof startPart>> | null = null;
  try {
    catalog = await startPart('svc-catalog/src/server.ts', { MONGODB_URI: db.uri, AMQP_URL: amqpUrl, AMQP_PREFIX: prefix, IDENTITY_SECRET: secret, NODE_ENV: 'production' });
    const body = csv(ROWS);
    console.log(`csv import: ${ROWS} rows, ${(body.length / 1024 / 1024).toFixed(1)} MB; svc-catalog peak memory before: ${peakMb(catalog.child.pid!).toFixed(0)} MB`);
    for (const label of ['first import', 'same file again']) {
      const started = performance.now();
      const response = await fetch(`${catalog.url}/admin/import/services`, {
        method: 'POST',
        headers: { 'content-type': 'text/csv', ...signIdentity({ userId: 'bench', email: 'admin@example.com', roles: ['admin'] }, secret) },
        body,
      });
      const result = (await response.json()) as { imported: number; skipped: number; unchanged: number };
      console.log(
        `${label}: ${((performance.now() - started) / 1000).toFixed(2)} s · ${result.imported} imported, ${result.skipped} skipped, ${result.unchanged} unchanged · svc-catalog peak memory ${peakMb(catalog.child.pid!).toFixed(0)} MB`,
      );
    }
  } finally {
    await catalog?.stop();
    await db.stop();
    await removeBenchTopology(amqpUrl, prefix);
  }
}

await main();
