/**
 * With 5,000 published services loaded, the by-state and A–Z list endpoints under 50 concurrent
 * connections: through the gateway and straight to svc-catalog, in the same run.
 * Run: npx tsx bench/catalog-load.ts [seconds per case, default 8]
 */
import { randomBytes } from 'node:crypto';
import { benchDatabase, removeBenchTopology, startPart } from './lib/system';
import { load, type LoadResult } from './lib/load';
import { seedServices } from './lib/seed';

const SERVICES = 5_000;
const seconds = Number(process.argv[2] ?? 8);
const connections = 50;
const amqpUrl = process.env.AMQP_URL || 'amqp://guest:guest@127.0.0.1:5672';
const prefix = `bench-${randomBytes(3).toString('hex')}`;
const secret = randomBytes(32).toString('hex');

const fmt = (r: LoadResult) => `p50 ${r.p50.toFixed(2)} ms · p95 ${r.p95.toFixed(2)} ms · p99 ${r.p99.toFixed(2)} ms · ${r.rps} req/s · ${r.requests} requests · ${r.errors} errors`;

async function main() {
  const db = await benchDatabase();
  const env = { MONGODB_URI: db.uri, AMQP_URL: amqpUrl, AMQP_PREFIX: prefix, IDENTITY_SECRET: secret, NODE_ENV: 'production' };
  const parts: Array<{ stop: () => Promise<void> }> = [];
  try {
    await seedServices(db.uri, SERVICES);
    const catalog = await startPart('svc-catalog/src/server.ts', env);
    parts.push(catalog);
    const gateway = await startPart('gateway/src/server.ts', { ...env, CATALOG_URL: catalog.url, AUTH_URL: catalog.url, MEDIA_URL: catalog.url, CHECKER_URL: catalog.url }, '/healthz');
    parts.push(gateway);

    const pages = Array.from({ length: 20 }, (_, i) => `/services?page=${i + 1}`);
    const states = ['texas', 'california', 'new-york', 'florida', 'colorado', 'washington', 'ohio', 'georgia'].flatMap((s) => [`/services?state=${s}`, `/services?state=${s}&page=2`]);
    const cases = [
      ['A–Z list', pages],
      ['by-state list', states],
    ] as const;
    console.log(`catalog load: ${SERVICES} published services, ${connections} connections, ${seconds} s per case`);
    for (const [label, paths] of cases) {
      // Warm both paths the same way so neither measures a cold start.
      await load(catalog.url, paths, { connections, seconds: 1 });
      await load(
        gateway.url,
        paths.map((p) => `/api/catalog${p}`),
        { connections, seconds: 1 },
      );
      const direct = await load(catalog.url, paths, { connections, seconds });
      const through = await load(
        gateway.url,
        paths.map((p) => `/api/catalog${p}`),
        { connections, seconds },
      );
      console.log(`${label}, svc-catalog directly: ${fmt(direct)}`);
      console.log(`${label}, through the gateway:  ${fmt(through)}`);
      console.log(`${label}, gateway adds ${(((through.p50 - direct.p50) / direct.p50) * 100).toFixed(1)} % to p50`);
    }
  } finally {
    for (const part of parts.reverse()) await part.stop();
    await db.stop();
    await removeBenchTopology(amqpUrl, prefix);
  }
}

await main();
