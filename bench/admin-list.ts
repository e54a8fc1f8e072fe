/**
 * The admin services table with 5,000 services of every status: the first page for every filter
 * combination (search × status × featured × meal type), straight from svc-catalog with a signed
 * admin identity, as the gateway passes it on.
 * Run: npx tsx bench/admin-list.ts [seconds per combination, default 1]
 */
import { randomBytes } from 'node:crypto';
import { signIdentity } from '@mealprep/service-kit';
import { benchDatabase, removeBenchTopology, startPart } from './lib/system';
import { load } from './lib/load';
import { seedServices } from './lib/seed';

const SERVICES = 5_000;
const seconds = Number(process.argv[2] ?? 1);
const connections = 10;
const amqpUrl = process.env.AMQP_URL || 'amqp://guest:guest@127.0.0.1:5672';
const prefix = `bench-${randomBytes(3).toString('hex')}`;
const secret = randomBytes(32).toString('hex');

async function main() {
  const db = await benchDatabase();
  let catalog: { url: string; stop: () => Promise<void> } | null = null;
  try {
    await seedServices(db.uri, SERVICES, { allStatuses: true });
    catalog = await startPart('svc-catalog/src/server.ts', { MONGODB_URI: db.uri, AMQP_URL: amqpUrl, AMQP_PREFIX: prefix, IDENTITY_SECRET: secret, NODE_ENV: 'production' });
    const combinations: string[] = [];
    for (const q of ['', 'kitchen'])
      for (const status of ['', 'published', 'pending'])
        for (const featured of ['', 'true', 'false'])
          for (const mealType of ['', 'keto']) {
            const params = new URLSearchParams({ ...(q && { q }), ...(status && { status }), ...(featured && { featured }), ...(mealType && { mealType }), page: '1', pageSize: '20' });
            combinations.push(`/admin/services?${params.toString()}`);
          }
    console.log(`admin table: ${SERVICES} services, ${combinations.length} filter combinations, ${connections} connections, ${seconds} s each`);
    const p95s: number[] = [];
    let errors = 0;
    for (const path of combinations) {
      // A fresh signature per combination: the identity header is valid for 60 s.
      const headers = signIdentity({ userId: 'bench-admin', email: 'admin@example.com', roles: ['admin'] }, secret);
      const result = await load(catalog.url, [path], { connections, seconds, headers });
      p95s.push(result.p95);
      errors += result.errors;
    }
    const sorted = [...p95s].sort((a, b) => a - b);
    console.log(
      `first page p95 over the combinations: best ${sorted[0]!.toFixed(2)} ms · median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(2)} ms · worst ${sorted.at(-1)!.toFixed(2)} ms · ${errors} errors`,
    );
  } finally {
    await catalog?.stop();
    await db.stop();
    await removeBenchTopology(amqpUrl, prefix);
  }
}

await main();
