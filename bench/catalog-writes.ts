/**
 * How the cost of catalogue writes grows with the catalogue: with 1,000, 5,000 and 20,000 services
 * stored, the site as `npm start` runs it (FerretDB, the four services, the gateway) is started on
 * them, and an admin and an owner write through the gateway as the dashboard does:
 * - start-up: from `npm start` to the site answering, with the services already stored;
 * - one admin status change, one owner edit (p50 / p95 / max over sequential calls);
 * - how soon a published service shows in the public list a visitor reads (through the edge cache);
 * - a bulk status change of 1,000 services.
 * Targets at 20,000: one change ≤ 100 ms p95, visible ≤ 1 s, bulk of 1,000 ≤ 10 s, start-up ≤ 30 s.
 * Run: npx tsx bench/catalog-writes.ts [sizes, default 1000,5000,20000] [calls per case, default 100]
 */
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { listing, signInAt } from '../scripts/test/system';
import { seedServices } from './lib/seed';
import { startSite } from './lib/site';
// @ts-expect-error plain ESM helper without types
import { ensureFerretdb } from '../scripts/lib/ensure-ferretdb.mjs';
// @ts-expect-error plain ESM helper without types
import { startFerretdb } from '../scripts/lib/ferretdb.mjs';

const sizes = (process.argv[2] ?? '1000,5000,20000').split(',').map(Number);
const calls = Number(process.argv[3] ?? 100);
const ADMIN = 'admin@bench.test';
const OWNER = 'owner@bench.test';

/** CPU seconds a process has used (user + system), from /proc. */
const cpuSeconds = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const summary = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  return `p50 ${pct(sorted, 50).toFixed(1)} ms · p95 ${pct(sorted, 95).toFixed(1)} ms · max ${sorted.at(-1)!.toFixed(1)} ms (${ms.length} calls)`;
};

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
}

async function measure(size: number): Promise<void> {
  // The services are stored before the site starts, as after a restart.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mealprep-bench-writes-'));
  mkdirSync(path.join(dataDir, 'ferretdb'), { recursive: true });
  const ferret = await startFerretdb({ dataDir: path.join(dataDir, 'ferretdb') });
  await seedServices(ferret.uri, size);
  await ferret.stop();

  const [site, startMs] = await timed(() => startSite({ ADMIN_EMAILS: ADMIN }, { dataDir }));
  try {
    const call = async (cookie: string, method: string, pathname: string, body?: unknown) => {
      const answer = await fetch(`${site.url}${pathname}`, { method, headers: { cookie, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
      const text = await answer.text();
      if (answer.status >= 300) throw new Error(`${method} ${pathname}: ${answer.status} ${text.slice(0, 200)}`);
      return JSON.parse(text || 'null') as Record<string, unknown>;
    };
    const admin = await signInAt({ gatewayUrl: site.url, dataDir }, ADMIN);
    const owner = await signInAt({ gatewayUrl: site.url, dataDir }, OWNER);
    const rows = (await call(admin, 'GET', '/api/catalog/admin/services?pageSize=100&page=3')).items as Array<{ id: string; name: string; slug: string; status: string }>;
    const ids: Array<{ id: string }> = [];
    for (let page = 4; page < 14; page += 1) ids.push(...((await call(admin, 'GET', `/api/catalog/admin/services?pageSize=100&page=${page}`)).items as Array<{ id: string }>));
    console.log(`\n${size} services: site ready ${(startMs / 1000).toFixed(1)} s after start; svc-catalog ${rssMb(site.services['svc-catalog']!.pid).toFixed(0)} MB`);

    // One admin status change at a time, on services spread over the catalogue.
    const statusMs: number[] = [];
    for (let i = 0; i < calls; i += 1) {
      const row = rows[i % rows.length]!;
      const status = i < rows.length ? 'draft' : 'published';
      statusMs.push((await timed(() => call(admin, 'PATCH', `/api/catalog/admin/services/${row.id}/status`, { status })))[1]);
    }
    console.log(`  admin status change: ${summary(statusMs)}`);

    // The owner's own listing, published, edited again and again.
    const created = await call(owner, 'POST', '/api/catalog/services', listing('Bench Owner Kitchen', 'bench-owner-kitchen'));
    await call(admin, 'PATCH', `/api/catalog/admin/services/${created.id as string}/status`, { status: 'published' });
    const editMs: number[] = [];
    for (let i = 0; i < calls; i += 1) editMs.push((await timed(() => call(owner, 'PATCH', `/api/catalog/services/${created.id as string}`, { tagline: `Edited ${i}` })))[1]);
    console.log(`  owner edit:          ${summary(editMs)}`);

    // A service an admin publishes, until a visitor's search (through the edge cache) lists it.
    const visibleMs: number[] = [];
    for (const row of rows.slice(0, 20)) {
      await call(admin, 'PATCH', `/api/catalog/admin/services/${row.id}/status`, { status: 'draft' });
      const started = performance.now();
      await call(admin, 'PATCH', `/api/catalog/admin/services/${row.id}/status`, { status: 'published' });
      for (;;) {
        const list = (await (await fetch(`${site.url}/api/catalog/services?q=${encodeURIComponent(row.name)}&pageSize=50`)).json()) as { items: Array<{ slug: string }> };
        if (list.items.some((s) => s.slug === row.slug)) break;
        if (performance.now() - started > 10_000) throw new Error(`${row.slug} was not listed within 10 s`);
        await new Promise((r) => setTimeout(r, 5));
      }
      visibleMs.push(performance.now() - started);
    }
    console.log(`  published → in the public list: ${summary(visibleMs)}`);

    const bulk = ids.slice(0, 1_000).map((r) => r.id);
    const pids: Record<string, number> = {
      ...Object.fromEntries(Object.entries(site.services).map(([name, part]) => [name, part.pid])),
      gateway: site.gatewayPid,
      ...(site.ferretdbPid ? { ferretdb: site.ferretdbPid } : {}),
    };
    const cpuBefore = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuSeconds(pid)]));
    const [, closeMs] = await timed(() => call(admin, 'POST', '/api/catalog/admin/services/bulk/status', { ids: bulk, status: 'closed' }));
    const cpu = Object.entries(pids)
      .map(([name, pid]) => `${name} ${(cpuSeconds(pid) - cpuBefore[name]!).toFixed(1)}`)
      .join(', ');
    const [, reopenMs] = await timed(() => call(admin, 'POST', '/api/catalog/admin/services/bulk/status', { ids: bulk, status: 'published' }));
    console.log(`  bulk status change of ${bulk.length}: ${(closeMs / 1000).toFixed(1)} s (closed), ${(reopenMs / 1000).toFixed(1)} s (published again); CPU seconds while closing: ${cpu}`);
    console.log(`  svc-catalog ${rssMb(site.services['svc-catalog']!.pid).toFixed(0)} MB after`);
  } catch (err) {
    // What svc-catalog and the gateway logged of it, before the site and its folder go.
    for (const part of ['svc-catalog', 'gateway']) {
      const lines = readFileSync(path.join(dataDir, 'logs', `${part}.log`), 'utf8')
        .trim()
        .split('\n');
      console.error(
        `last lines of ${part}.log:\n${lines
          .filter((l) => l.includes('"level":50') || l.includes('"level":40'))
          .slice(-5)
          .join('\n')}`,
      );
    }
    throw err;
  } finally {
    await site.stop();
  }
}

async function main() {
  await ensureFerretdb();
  console.log(`catalogue writes through the gateway, ${calls} calls per case`);
  for (const size of sizes) await measure(size);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
