/**
 * Near-me search with 1,000, 5,000 and 20,000 published services spread over the country (each
 * kitchen at a ZIP code drawn from the whole table): 50 concurrent connections asking for 60
 * places at 25, 50 and 100 miles, straight to svc-catalog and through the gateway with its edge
 * cache bypassed; then an owner's write (a new delivery radius, which moves the listing in the
 * index) one at a time, and svc-catalog's memory.
 * Run: npx tsx bench/near-me.ts [seconds per case, default 8] [sizes, default 1000,5000,20000]
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { signIdentity } from '@mealprep/service-kit';
import { load, type LoadResult } from './lib/load';
import { seeded, seedServices, usZips } from './lib/seed';
import { benchDatabase, removeBenchTopology, startPart } from './lib/system';

const seconds = Number(process.argv[2] ?? 8);
const sizes = (process.argv[3] ?? '1000,5000,20000').split(',').map(Number);
const connections = 50;
const STATES = new Set('AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY'.split(' '));
const WRITES = 100;
const amqpUrl = process.env.AMQP_URL || 'amqp://guest:guest@127.0.0.1:5672';
const fmt = (r: LoadResult) => `p50 ${r.p50.toFixed(2)} ms · p95 ${r.p95.toFixed(2)} ms · p99 ${r.p99.toFixed(2)} ms · ${r.rps} req/s · ${r.errors} errors`;
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

async function run(size: number) {
  const prefix = `bench-${randomBytes(3).toString('hex')}`;
  const secret = randomBytes(32).toString('hex');
  const db = await benchDatabase();
  const env = { MONGODB_URI: db.uri, AMQP_URL: amqpUrl, AMQP_PREFIX: prefix, IDENTITY_SECRET: secret, NODE_ENV: 'production' };
  const parts: Array<{ stop: () => Promise<void> }> = [];
  try {
    await seedServices(db.uri, size, { spread: true, ownerOfFirst: WRITES });
    const catalog = await startPart('svc-catalog/src/server.ts', env);
    parts.push(catalog);
    const gateway = await startPart('gateway/src/server.ts', { ...env, CATALOG_URL: catalog.url, AUTH_URL: catalog.url, MEDIA_URL: catalog.url, CHECKER_URL: catalog.url }, '/healthz');
    parts.push(gateway);

    // Places in the 50 states and DC (the table also has territories and military post codes, which the search does not take).
    const zips = usZips().filter((z) => STATES.has(z.state));
    const random = seeded(7);
    const paths = Array.from({ length: 60 }, (_, i) => `/services/near?place=${zips[Math.floor(random() * zips.length)]!.zip}&radius=${[25, 50, 100][i % 3]}`);
    await load(catalog.url, paths, { connections, seconds: 1 });
    const direct = await load(catalog.url, paths, { connections, seconds });
    // A cookie makes a request private, so the edge cache is bypassed: every answer is searched again.
    const uncached = await load(
      gateway.url,
      paths.map((p) => `/api/catalog${p}`),
      { connections, seconds, headers: { cookie: 'bench=1' } },
    );
    // One search at a time: the search itself (svc-catalog's Server-Timing) and the whole answer.
    const alone: number[] = [];
    const searchMs: number[] = [];
    for (let i = 0; i < 600; i += 1) {
      const started = performance.now();
      const answer = await fetch(`${catalog.url}${paths[i % paths.length]}`);
      await answer.arrayBuffer();
      alone.push(performance.now() - started);
      searchMs.push(Number(/dur=([\d.]+)/.exec(answer.headers.get('server-timing') ?? '')?.[1] ?? NaN));
    }
    const pct = (list: number[], p: number) => [...list].sort((a, b) => a - b)[Math.floor(list.length * p)]!;
    const sample = (await (await fetch(`${catalog.url}${paths[2]}`)).json()) as { local: { total: number }; nationwide: { total: number } };

    const owned = (
      (await (await fetch(`${catalog.url}/services/mine`, { headers: signIdentity({ userId: 'bench-owner', email: 'owner@bench.test', roles: [] }, secret) })).json()) as {
        items: Array<{ id: string }>;
      }
    ).items;
    const headers = { 'content-type': 'application/json', ...signIdentity({ userId: 'bench-owner', email: 'owner@bench.test', roles: [] }, secret) };
    const writes: number[] = [];
    for (const [i, { id }] of owned.slice(0, WRITES).entries()) {
      const started = performance.now();
      const answer = await fetch(`${catalog.url}/services/${id}`, { method: 'PATCH', headers, body: JSON.stringify({ deliveryRadiusMiles: 20 + (i % 30) }) });
      if (answer.status !== 200) throw new Error(`write answered ${answer.status}`);
      await answer.arrayBuffer();
      writes.push(performance.now() - started);
    }
    writes.sort((a, b) => a - b);
    console.log(`${size.toLocaleString('en-US')} services (a 100-mile search finds ${sample.local.total} near, ${sample.nationwide.total} shipping from farther):`);
    console.log(
      `  the search in svc-catalog (Server-Timing, one at a time): p50 ${pct(searchMs, 0.5).toFixed(2)} ms · p95 ${pct(searchMs, 0.95).toFixed(2)} ms; whole answer p50 ${pct(alone, 0.5).toFixed(2)} ms · p95 ${pct(alone, 0.95).toFixed(2)} ms`,
    );
    console.log(`  svc-catalog directly:              ${fmt(direct)}`);
    console.log(`  gateway, edge cache bypassed:      ${fmt(uncached)}`);
    console.log(
      `  owner sets a delivery radius (${writes.length} one at a time): p50 ${writes[Math.floor(writes.length / 2)]!.toFixed(1)} ms · p95 ${writes[Math.floor(writes.length * 0.95)]!.toFixed(1)} ms`,
    );
    console.log(`  svc-catalog RSS after: ${rssMb(catalog.child.pid!).toFixed(0)} MB`);
  } finally {
    for (const part of parts.reverse()) await part.stop();
    await db.stop();
    await removeBenchTopology(amqpUrl, prefix);
  }
}

console.log(`near-me search: ${connections} connections, ${seconds} s per case, 60 places across the country at 25/50/100 miles`);
for (const size of sizes) await run(size);
