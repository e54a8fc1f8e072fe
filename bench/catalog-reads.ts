/**
 * CPU per public read of svc-catalog: the reads the renderer makes for the pages of the page bench
 * (render-cpu.ts: home, about, states, A–Z pages, state pages, service pages), found from the
 * public remote's route table as the renderer finds them, asked straight of svc-catalog with
 * 5,000 published services, at 8 connections. With another tree named, its svc-catalog is measured
 * beside this one's, in turns, in the same run.
 * Run: npx tsx bench/catalog-reads.ts [other tree] [seconds per case, default 8]
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { apiPathOf } from '../packages/api-client/src/runtime-config';
import { pageQueries } from '../mfe-public/src/page-reads';
import { load, type LoadResult } from './lib/load';
import { benchPages } from './lib/page-mix';
import { seedServices } from './lib/seed';
import { benchDatabase, cpuSeconds, removeBenchTopology, ROOT, startPart } from './lib/system';

const SERVICES = 5_000;
const other = process.argv[2] && existsSync(path.join(process.argv[2], 'svc-catalog')) ? path.resolve(process.argv[2]) : null;
const seconds = Number((other ? process.argv[3] : process.argv[2]) ?? 8);
const amqpUrl = process.env.AMQP_URL || 'amqp://guest:guest@127.0.0.1:5672';
const secret = randomBytes(32).toString('hex');

async function startSide(tree: string, stops: Array<() => Promise<void>>) {
  const prefix = `bench-${randomBytes(3).toString('hex')}`;
  const db = await benchDatabase();
  stops.push(async () => {
    await db.stop();
    await removeBenchTopology(amqpUrl, prefix);
  });
  await seedServices(db.uri, SERVICES);
  const catalog = await startPart(path.join(tree, 'svc-catalog', 'src', 'server.ts'), { MONGODB_URI: db.uri, AMQP_URL: amqpUrl, AMQP_PREFIX: prefix, IDENTITY_SECRET: secret }, '/readyz', tree);
  stops.push(catalog.stop);
  return catalog;
}

/** The catalogue reads of the bench's pages, as the renderer finds them (media's banners left out). */
async function readsOf(catalogUrl: string): Promise<string[]> {
  const pages = await benchPages(catalogUrl);
  return pages.flatMap((page) => {
    const url = new URL(page, 'http://site');
    return pageQueries(url.pathname, url.searchParams)
      .map((query) => apiPathOf(query.meta))
      .filter((api): api is string => api !== null && api.startsWith('/catalog/'))
      .map((api) => api.slice('/catalog'.length));
  });
}

async function measure(url: string, pid: number, reads: string[]): Promise<{ result: LoadResult; cpuMs: number }> {
  await load(url, reads, { connections: 8, seconds: 2 });
  const before = cpuSeconds(pid);
  const result = await load(url, reads, { connections: 8, seconds, headers: { 'accept-encoding': 'gzip' } });
  return { result, cpuMs: ((cpuSeconds(pid) - before) * 1000) / Math.max(1, result.requests) };
}

const line = (name: string, { result, cpuMs }: { result: LoadResult; cpuMs: number }) =>
  `  ${name.padEnd(6)} ${cpuMs.toFixed(3)} ms CPU per read · ${result.rps} reads/s · p50 ${result.p50.toFixed(2)} ms · p95 ${result.p95.toFixed(2)} ms · ${result.errors} errors`;

const stops: Array<() => Promise<void>> = [];
try {
  const sides = [...(other ? [['before', await startSide(other, stops)] as const] : []), ['after', await startSide(ROOT, stops)] as const];
  const reads = await readsOf(sides[0]![1].url);
  console.log(`svc-catalog's public reads for the page bench's pages: ${reads.length} reads (${new Set(reads).size} distinct), ${SERVICES} published services, 8 connections, ${seconds} s per case`);
  const measured = [];
  for (const [name, catalog] of sides) measured.push([name, await measure(catalog.url, catalog.child.pid!, reads)] as const);
  for (const [name, m] of measured) console.log(line(name, m));
} finally {
  for (const stop of stops.reverse()) await stop().catch(() => undefined);
}
