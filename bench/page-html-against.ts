/**
 * What a public page costs with the gateway's page cache on, this tree against another (an earlier
 * commit in a `git worktree`, built), side by side in one run: each tree's svc-catalog, gateway and
 * renderer on a database of its own with the same 5,000 published services; then, tree after tree
 * in alternating rounds, 32 connections asking for the visitor mix of pages (kept by the gateway
 * after their first render) and for pages never seen (each rendered). Printed per tree: p50/p95/p99
 * and CPU ms per page of the three processes together (from /proc).
 * Run: npx tsx bench/page-html-against.ts <other tree> [seconds per case, default 10] [rounds, default 2]
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { startServiceProcess } from '../packages/service-kit/src/testing/processes';
// @ts-expect-error plain ESM helper without types
import { freePort } from '../scripts/lib/net.mjs';
import { load, mergeResults, type LoadResult } from './lib/load';
import { benchPages } from './lib/page-mix';
import { seedServices } from './lib/seed';
import { benchDatabase, cpuSeconds, removeBenchTopology, ROOT, startPart } from './lib/system';

const other = path.resolve(process.argv[2] ?? '');
const seconds = Number(process.argv[3] ?? 10);
const rounds = Number(process.argv[4] ?? 2);
const connections = 32;
const SERVICES = 5_000;
const amqpUrl = process.env.AMQP_URL || 'amqp://guest:guest@127.0.0.1:5672';
if (!process.argv[2]) throw new Error('name the other tree: npx tsx bench/page-html-against.ts <other tree>');

interface Site {
  name: string;
  url: string;
  pages: string[];
  pids: Record<'svc-catalog' | 'gateway' | 'renderer', number>;
  stop: () => Promise<void>;
}

/** One tree's three processes on a database of its own, every page of the mix rendered once. */
async function startTree(name: string, root: string): Promise<Site> {
  const db = await benchDatabase();
  const prefix = `bench-${randomBytes(3).toString('hex')}`;
  const env = { MONGODB_URI: db.uri, AMQP_URL: amqpUrl, AMQP_PREFIX: prefix, IDENTITY_SECRET: randomBytes(32).toString('hex'), NODE_ENV: 'production' };
  const parts: Array<{ stop: () => Promise<void>; child: { pid?: number } }> = [];
  const stop = async () => {
    for (const part of parts.reverse()) await part.stop();
    await db.stop();
    await removeBenchTopology(amqpUrl, prefix);
  };
  try {
    await seedServices(db.uri, SERVICES);
    const catalog = await startPart('svc-catalog/src/server.ts', env, '/readyz', root);
    parts.push(catalog);
    const rendererPort = (await freePort()) as number;
    const upstreams = { CATALOG_URL: catalog.url, AUTH_URL: catalog.url, MEDIA_URL: catalog.url, CHECKER_URL: catalog.url, RENDERER_URL: `http://127.0.0.1:${rendererPort}` };
    const gateway = await startPart('gateway/src/server.ts', { ...env, ...upstreams }, '/readyz', root);
    parts.push(gateway);
    const renderer = await startServiceProcess(
      'renderer/src/server.ts',
      { NODE_ENV: 'production', GATEWAY_URL: gateway.url, CATALOG_URL: catalog.url, MEDIA_URL: catalog.url },
      { port: rendererPort, cwd: root },
    );
    parts.push(renderer);
    const pages = await benchPages(catalog.url);
    for (const page of pages) {
      const answer = await fetch(`${gateway.url}${page}`);
      if (answer.status !== 200) throw new Error(`${name}: ${page} answered ${answer.status}`);
      await answer.arrayBuffer();
    }
    return { name, url: gateway.url, pages, pids: { 'svc-catalog': catalog.child.pid!, gateway: gateway.child.pid!, renderer: renderer.child.pid! }, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

const cpuOf = (site: Site) => Object.fromEntries(Object.entries(site.pids).map(([name, pid]) => [name, cpuSeconds(pid)]));
let fresh = 0;

/** One case on one site: its load, and the CPU ms per page its three processes spent. */
async function measure(site: Site, kind: 'cached' | 'rendered'): Promise<{ result: LoadResult; cpuMs: Record<string, number> }> {
  const paths =
    kind === 'cached' ? site.pages : Array.from({ length: 200_000 }, (_, i) => `${site.pages[i % site.pages.length]}${site.pages[i % site.pages.length]!.includes('?') ? '&' : '?'}v=${fresh++}`);
  await load(site.url, paths.slice(0, 2_000), { connections, seconds: 2 });
  const before = cpuOf(site);
  const result = await load(site.url, kind === 'cached' ? paths : paths.slice(2_000), { connections, seconds, headers: { 'accept-encoding': 'gzip' } });
  const after = cpuOf(site);
  return { result, cpuMs: Object.fromEntries(Object.keys(after).map((name) => [name, ((after[name]! - before[name]!) * 1000) / Math.max(1, result.requests)])) };
}

const sites: Site[] = [];
try {
  sites.push(await startTree('this tree', ROOT));
  sites.push(await startTree(path.basename(other), other));
  console.log(`public pages through the gateway, ${SERVICES} published services, ${connections} connections, ${seconds} s per case, ${rounds} alternating rounds`);
  for (const kind of ['cached', 'rendered'] as const) {
    const runs = new Map<string, Array<{ result: LoadResult; cpuMs: Record<string, number> }>>();
    for (let round = 0; round < rounds; round += 1) {
      for (const site of round % 2 === 0 ? sites : [...sites].reverse()) runs.set(site.name, [...(runs.get(site.name) ?? []), await measure(site, kind)]);
    }
    for (const site of sites) {
      const mine = runs.get(site.name)!;
      const merged = mergeResults(
        mine.map((m) => m.result),
        seconds * mine.length,
      );
      const perPage = (name: string) => mine.reduce((sum, m) => sum + m.cpuMs[name]! * m.result.requests, 0) / Math.max(1, merged.requests);
      const names = Object.keys(site.pids);
      const cpu = names.reduce((sum, name) => sum + perPage(name), 0);
      console.log(
        `${kind.padEnd(8)} ${site.name.padEnd(10)} p50 ${merged.p50.toFixed(2)} ms · p95 ${merged.p95.toFixed(2)} ms · p99 ${merged.p99.toFixed(2)} ms · ${merged.rps} pages/s · ${merged.errors} errors · CPU ${cpu.toFixed(2)} ms a page (${names.map((name) => `${name} ${perPage(name).toFixed(2)}`).join(', ')})`,
      );
    }
  }
} finally {
  for (const site of sites) await site.stop();
}
