/**
 * CPU per rendered page, this tree against another (an earlier commit in a `git worktree`, built
 * with `node scripts/build.mjs` there), side by side in one run: each side is its own FerretDB with
 * 5,000 published services, svc-catalog, the gateway (page cache off: every request is rendered)
 * and the renderer; the sides are measured in turns, at 8 and 32 connections, each as it runs
 * (an older renderer kept its data between renders), and with an older renderer keeping nothing
 * (DATA_CACHE_ENTRIES=0; this tree's renderer keeps no data, and svc-catalog keeps its answers).
 * CPU is read from /proc for the gateway, the renderer and svc-catalog. Then the page cache on, at
 * 32 connections over the same pages for at least 25 s: with pages expiring every 10 s (the
 * default), every second, and none during the run (the latencies the visitors see when kept pages
 * expire under load).
 * Run: npx tsx bench/render-cpu.ts <other tree> [seconds per case, default 10]
 *   e.g. git worktree add /tmp/before <commit> && (cd /tmp/before && npm ci && node scripts/build.mjs)
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { startServiceProcess, type ServiceProcess } from '../packages/service-kit/src/testing/processes';
// @ts-expect-error plain ESM helper without types
import { freePort } from '../scripts/lib/net.mjs';
import { load, type LoadResult } from './lib/load';
import { benchPages } from './lib/page-mix';
import { seedServices } from './lib/seed';
import { benchDatabase, removeBenchTopology, ROOT, startPart } from './lib/system';

const SERVICES = 5_000;
const other = process.argv[2];
const seconds = Number(process.argv[3] ?? 10);
if (!other || !existsSync(path.join(other, 'gateway', 'src', 'server.ts'))) throw new Error('Name the other tree: npx tsx bench/render-cpu.ts <path> [seconds]');
const amqpUrl = process.env.AMQP_URL || 'amqp://guest:guest@127.0.0.1:5672';
const secret = randomBytes(32).toString('hex');

/** CPU seconds a process has used (user + system). */
const cpuSeconds = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

interface Side {
  name: string;
  gateway: ServiceProcess;
  renderer: ServiceProcess;
  catalog: ServiceProcess;
  pages: string[];
}

/** One side: its database, svc-catalog, gateway and renderer, started from its tree. */
async function startSide(name: string, tree: string, dataCacheEntries: string, stops: Array<() => Promise<void>>, pageCacheTtlMs = '0'): Promise<Side> {
  const prefix = `bench-${randomBytes(3).toString('hex')}`;
  const db = await benchDatabase();
  stops.push(async () => {
    await db.stop();
    await removeBenchTopology(amqpUrl, prefix);
  });
  const env = { MONGODB_URI: db.uri, AMQP_URL: amqpUrl, AMQP_PREFIX: prefix, IDENTITY_SECRET: secret, NODE_ENV: 'production' };
  await seedServices(db.uri, SERVICES);
  const entry = (part: string) => path.join(tree, part, 'src', 'server.ts');
  const catalog = await startPart(entry('svc-catalog'), env, '/readyz', tree);
  stops.push(catalog.stop);
  const rendererPort = (await freePort()) as number;
  const gateway = await startPart(
    entry('gateway'),
    {
      ...env,
      STATIC_ROOT: tree,
      PAGE_CACHE_TTL_MS: pageCacheTtlMs,
      CATALOG_URL: catalog.url,
      AUTH_URL: catalog.url,
      MEDIA_URL: catalog.url,
      CHECKER_URL: catalog.url,
      RENDERER_URL: `http://127.0.0.1:${rendererPort}`,
    },
    '/readyz',
    tree,
  );
  stops.push(gateway.stop);
  // Each tree's renderer with the settings it knows (an older one reads everything through the gateway).
  const renderer = await startServiceProcess(
    entry('renderer'),
    { NODE_ENV: 'production', GATEWAY_URL: gateway.url, CATALOG_URL: catalog.url, MEDIA_URL: catalog.url, DATA_CACHE_ENTRIES: dataCacheEntries },
    { port: rendererPort, cwd: tree },
  );
  stops.push(renderer.stop);
  const pages = await benchPages(catalog.url);
  for (const page of pages) {
    const answer = await fetch(`${gateway.url}${page}`);
    if (answer.status !== 200 || !answer.headers.get('x-rendered-release')) {
      throw new Error(`${name}: ${page} was not rendered (${answer.status})\nrenderer: ${renderer.output().slice(-2_000)}\ngateway: ${gateway.output().slice(-2_000)}`);
    }
    await answer.arrayBuffer();
  }
  return { name, gateway, renderer, catalog, pages };
}

/** Every request a page the gateway renders anew (the page cache is off; a query of its own besides). */
async function measure(side: Side, connections: number): Promise<{ result: LoadResult; cpu: Record<string, number> }> {
  let n = 0;
  const fresh = (count: number) => Array.from({ length: count }, () => `${side.pages[n % side.pages.length]}${side.pages[n % side.pages.length]!.includes('?') ? '&' : '?'}v=${n++}`);
  await load(side.gateway.url, fresh(2_000), { connections, seconds: 2 });
  const pids = { gateway: side.gateway.child.pid!, renderer: side.renderer.child.pid!, 'svc-catalog': side.catalog.child.pid! };
  const before = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuSeconds(pid)]));
  const result = await load(side.gateway.url, fresh(500_000), { connections, seconds, headers: { 'accept-encoding': 'gzip' } });
  const cpu = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, ((cpuSeconds(pid) - before[name]!) * 1000) / Math.max(1, result.requests)]));
  return { result, cpu };
}

const total = (cpu: Record<string, number>) => Object.values(cpu).reduce((sum, ms) => sum + ms, 0);
const line = (side: Side, { result, cpu }: { result: LoadResult; cpu: Record<string, number> }) =>
  `  ${side.name.padEnd(6)} ${total(cpu).toFixed(2)} ms CPU per page (${Object.entries(cpu)
    .map(([name, ms]) => `${name} ${ms.toFixed(2)}`)
    .join(' · ')}) · ${result.rps} pages/s · p95 ${result.p95.toFixed(1)} ms · p99 ${result.p99.toFixed(1)} ms · ${result.errors} errors`;

console.log(`CPU per rendered page, ${SERVICES} published services, page cache off, ${seconds} s per case; before: ${other}, after: ${ROOT}`);
for (const [label, entries] of [
  ['each side as it runs', '1000'],
  ["an older renderer keeping no data between renders (DATA_CACHE_ENTRIES=0; this tree's keeps none anyway)", '0'],
] as const) {
  const stops: Array<() => Promise<void>> = [];
  try {
    const before = await startSide('before', path.resolve(other), entries, stops);
    const after = await startSide('after', ROOT, entries, stops);
    console.log(label);
    for (const connections of [8, 32]) {
      const a = await measure(before, connections);
      const b = await measure(after, connections);
      console.log(` ${connections} connections`);
      console.log(line(before, a));
      console.log(line(after, b));
      console.log(`  after/before: ${((total(b.cpu) / total(a.cpu)) * 100).toFixed(0)} % of the CPU per page`);
    }
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
  }
}

/** The same pages again and again: the gateway's kept copies answer, and expire as the side's page cache says. */
async function measureKept(side: Side, connections: number, runSeconds: number): Promise<LoadResult> {
  await load(side.gateway.url, side.pages, { connections, seconds: 2 });
  return load(side.gateway.url, side.pages, { connections, seconds: runSeconds, headers: { 'accept-encoding': 'gzip' } });
}

const latencies = (side: Side, result: LoadResult) =>
  `  ${side.name.padEnd(6)} p50 ${result.p50.toFixed(1)} ms · p95 ${result.p95.toFixed(1)} ms · p99 ${result.p99.toFixed(1)} ms · ${result.rps} pages/s · ${result.errors} errors`;

console.log('page cache on, 32 connections, the same pages again and again');
// The default time (10 s) over a run long enough for every page to expire twice, every second
// (each page expires six times a run or more), and none.
const keptSeconds = Math.max(seconds, 25);
for (const [label, ttl] of [
  [`pages expire every 10 s, the default (PAGE_CACHE_TTL_MS=10000), ${keptSeconds} s`, '10000'],
  [`pages expire every second (PAGE_CACHE_TTL_MS=1000), ${keptSeconds} s`, '1000'],
  [`no page expires during the run (PAGE_CACHE_TTL_MS=300000), ${keptSeconds} s`, '300000'],
] as const) {
  const stops: Array<() => Promise<void>> = [];
  try {
    const before = await startSide('before', path.resolve(other), '1000', stops, ttl);
    const after = await startSide('after', ROOT, '1000', stops, ttl);
    console.log(label);
    console.log(latencies(before, await measureKept(before, 32, keptSeconds)));
    console.log(latencies(after, await measureKept(after, 32, keptSeconds)));
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
  }
}
