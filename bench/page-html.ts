/**
 * Public page HTML through the gateway, rendered on the server, with 5,000 published services:
 * 50 connections asking for pages the gateway keeps (cached) and for pages it has never seen
 * (each one rendered by the renderer, reading its data from svc-catalog); then
 * the renderer's memory across 20,000 renders (before, peak, after, and along the way).
 * The rendered case runs twice when wrk is installed: with this script's own load generator (Node,
 * on the same two cores as everything it measures) and with wrk, which takes far less of them.
 * Run: npx tsx bench/page-html.ts [seconds per case, default 10] [renders for the memory run, default 20000]
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { startServiceProcess } from '../packages/service-kit/src/testing/processes';
// @ts-expect-error plain ESM helper without types
import { freePort } from '../scripts/lib/net.mjs';
import { load, type LoadResult } from './lib/load';
import { wrkInstalled, wrkLoad } from './lib/wrk';
import { seedServices } from './lib/seed';
import { benchDatabase, removeBenchTopology, startPart } from './lib/system';

const SERVICES = 5_000;
const connections = 50;
const seconds = Number(process.argv[2] ?? 10);
const memoryRenders = Number(process.argv[3] ?? 20_000);
const amqpUrl = process.env.AMQP_URL || 'amqp://guest:guest@127.0.0.1:5672';
const prefix = `bench-${randomBytes(3).toString('hex')}`;
const secret = randomBytes(32).toString('hex');

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const peakMb = (pid: number) => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
/** CPU seconds a process has used (user + system). */
const cpuSeconds = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
const fmt = (r: LoadResult) => `p50 ${r.p50.toFixed(2)} ms · p95 ${r.p95.toFixed(2)} ms · p99 ${r.p99.toFixed(2)} ms · ${r.rps} pages/s · ${r.requests} pages · ${r.errors} errors`;

/** The public pages a visitor mix opens: lists (A–Z, states), service pages, and the fixed pages. */
function pageMix(slugs: string[]): string[] {
  const states = ['texas', 'california', 'new-york', 'florida', 'colorado', 'washington', 'ohio', 'georgia'];
  return [
    '/',
    '/about',
    '/services-by-state',
    ...Array.from({ length: 10 }, (_, i) => `/services-by-name${i ? `?page=${i + 1}` : ''}`),
    ...states.map((s) => `/state/${s}`),
    ...slugs.slice(0, 20).map((slug) => `/service/${slug}`),
  ];
}

async function main() {
  const db = await benchDatabase();
  const env = { MONGODB_URI: db.uri, AMQP_URL: amqpUrl, AMQP_PREFIX: prefix, IDENTITY_SECRET: secret, NODE_ENV: 'production' };
  const parts: Array<{ stop: () => Promise<void> }> = [];
  try {
    await seedServices(db.uri, SERVICES);
    const catalog = await startPart('svc-catalog/src/server.ts', env);
    parts.push(catalog);
    const rendererPort = (await freePort()) as number;
    const gateway = await startPart(
      'gateway/src/server.ts',
      { ...env, CATALOG_URL: catalog.url, AUTH_URL: catalog.url, MEDIA_URL: catalog.url, CHECKER_URL: catalog.url, RENDERER_URL: `http://127.0.0.1:${rendererPort}` },
      '/readyz',
    );
    parts.push(gateway);
    // The renderer as npm start runs it: no secret, no database; the gateway for its code, svc-catalog for the data.
    const renderer = await startServiceProcess(
      'renderer/src/server.ts',
      { NODE_ENV: 'production', GATEWAY_URL: gateway.url, CATALOG_URL: catalog.url, MEDIA_URL: catalog.url },
      { port: rendererPort },
    );
    parts.push(renderer);
    const rendererPid = renderer.child.pid!;

    const slugs = ((await (await fetch(`${catalog.url}/services?pageSize=24`)).json()) as { items: Array<{ slug: string }> }).items.map((s) => s.slug);
    const pages = pageMix(slugs);
    for (const page of pages) {
      const answer = await fetch(`${gateway.url}${page}`);
      if (answer.status !== 200 || !answer.headers.get('x-rendered-release')) throw new Error(`${page} was not rendered (${answer.status})`);
      await answer.arrayBuffer();
    }
    console.log(`page HTML through the gateway: ${SERVICES} published services, ${connections} connections, ${seconds} s per case, ${pages.length} pages in the mix`);

    await load(gateway.url, pages, { connections, seconds: 2 });
    const cached = await load(gateway.url, pages, { connections, seconds, headers: { 'accept-encoding': 'gzip' } });
    console.log(`cached (the gateway's copy, gzipped):   ${fmt(cached)}`);

    // Every request a page the gateway has not kept: the same pages with a query of their own.
    let n = 0;
    const fresh = (count: number) => Array.from({ length: count }, () => `${pages[n % pages.length]}${pages[n % pages.length]!.includes('?') ? '&' : '?'}v=${n++}`);
    await load(gateway.url, fresh(2_000), { connections, seconds: 2 });
    const pids = { renderer: rendererPid, gateway: gateway.child.pid!, 'svc-catalog': catalog.child.pid! };
    const cpuBefore = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuSeconds(pid)]));
    const loadCpuBefore = cpuSeconds(process.pid);
    const rendered = await load(gateway.url, fresh(200_000), { connections, seconds, headers: { 'accept-encoding': 'gzip' } });
    console.log(`rendered (renderer, every page new):    ${fmt(rendered)}`);
    console.log(
      `  CPU per rendered page: ${Object.entries(pids)
        .map(([name, pid]) => `${name} ${(((cpuSeconds(pid) - cpuBefore[name]!) * 1000) / rendered.requests).toFixed(2)} ms`)
        .join(' · ')} · load generator ${(((cpuSeconds(process.pid) - loadCpuBefore) * 1000) / rendered.requests).toFixed(2)} ms`,
    );
    if (wrkInstalled()) {
      const before = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuSeconds(pid)]));
      const byWrk = await wrkLoad(gateway.url, pages, { connections, seconds, firstQuery: n, headers: { 'accept-encoding': 'gzip' } });
      n += byWrk.requests + 1_000;
      console.log(`rendered, the load from wrk:            ${fmt({ ...byWrk, byPath: [] })}`);
      console.log(
        `  CPU per rendered page: ${Object.entries(pids)
          .map(([name, pid]) => `${name} ${(((cpuSeconds(pid) - before[name]!) * 1000) / byWrk.requests).toFixed(2)} ms`)
          .join(' · ')}`,
      );
    } else {
      console.log('rendered, the load from wrk:            (wrk is not installed: apt-get install -y wrk)');
    }
    const fewer = await load(gateway.url, fresh(200_000), { connections: 8, seconds, headers: { 'accept-encoding': 'gzip' } });
    console.log(`rendered, 8 connections:                ${fmt(fewer)}`);

    // Memory: 20,000 renders, the renderer's resident memory along the way.
    const before = rssMb(rendererPid);
    const along: string[] = [];
    let done = 0;
    while (done < memoryRenders) {
      const chunk = await load(gateway.url, fresh(Math.min(5_000, memoryRenders - done)), { connections: 8, seconds: 600, stopAfter: Math.min(5_000, memoryRenders - done) });
      done += chunk.requests;
      along.push(`${done}: ${rssMb(rendererPid).toFixed(0)} MB`);
      if (chunk.errors) console.log(`  ${chunk.errors} errors in this part of the memory run`);
    }
    global.gc?.();
    await new Promise((r) => setTimeout(r, 3_000));
    console.log(
      `renderer memory across ${done} renders: before ${before.toFixed(0)} MB · peak ${peakMb(rendererPid).toFixed(0)} MB · after ${rssMb(rendererPid).toFixed(0)} MB (after n renders: ${along.join(', ')})`,
    );
  } finally {
    for (const part of parts.reverse()) await part.stop();
    await db.stop();
    await removeBenchTopology(amqpUrl, prefix);
  }
}

await main();
