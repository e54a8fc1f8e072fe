/**
 * A realistic visitor mix (home and list pages, state and meal-type lists, search, service pages,
 * articles, banners) through the gateway of the site as `npm start` runs it, for 60 s at 100
 * concurrent connections, while an admin imports 1,000 services and runs Check All: errors,
 * latency percentiles, and each process's memory before, at its peak and after. The imported
 * services' websites are local fake sites of every kind a real run meets (fast, slow, hanging, 500,
 * redirects, parked, refused, blank), served by a process of their own, so Check All really fetches
 * pages; the demo services' websites resolve to nothing, so no check leaves the machine.
 * Run: npx tsx bench/visitor-load.ts [seconds, default 60] [connections, default 100] [--visitors-only]
 */
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { signInAt } from '../scripts/test/system';
import { closedPort, siteMix, type MixedSite } from '../svc-checker/test/fake-sites';
import { visitorMix } from './lib/visitor-mix';
import { load } from './lib/load';
import { startSite } from './lib/site';
import { startPart } from './lib/system';

const [secondsArg, connectionsArg] = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const seconds = Number(secondsArg ?? 60);
// Without the admin's import and Check All: `--visitors-only`.
const visitorsOnly = process.argv.includes('--visitors-only');
const connections = Number(connectionsArg ?? 100);
const ADMIN = 'admin@bench.test';

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
/** CPU seconds a process has used (user + system), from /proc. */
const cpuSeconds = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
const peakMb = (pid: number) => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

function importCsv(websites: readonly MixedSite[]): string {
  const lines = ['Name,Slug,Tagline,Meal Types,City,State,Home Delivery,Shipping,Website'];
  websites.forEach((site, i) => lines.push(`Load Kitchen ${i},,"Weekly meals, number ${i}","keto, vegan",City ${i % 50},Texas,Yes,No,${site.website}`));
  return lines.join('\n');
}

async function main() {
  const fakeSites = await startPart('bench/lib/fake-sites-process.ts', {}, '/ok');
  const websites = siteMix(1_000, fakeSites, await closedPort(), 2_000);
  // The imported websites are on 127.0.0.1 (allowed for this run); every name resolves to nothing.
  const site = await startSite({ ADMIN_EMAILS: ADMIN, CHECK_HOSTS: 'nothing.test=127.0.0.1', CHECK_ALLOW_HOSTS: '127.0.0.1' }).catch(async (err: unknown) => {
    await fakeSites.stop();
    throw err;
  });
  try {
    const paths = await visitorMix(site.url);
    for (const path of paths) {
      const answer = await fetch(`${site.url}${path}`);
      await answer.arrayBuffer();
      if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`);
    }
    const admin = await signInAt({ gatewayUrl: site.url, dataDir: site.dataDir }, ADMIN);
    const pids = Object.entries(site.services).map(([name, s]) => [name, s.pid] as const);
    const before = Object.fromEntries(pids.map(([name, pid]) => [name, rssMb(pid)]));
    console.log(`visitor load: ${paths.length} paths in turn, ${connections} connections, ${seconds} s; memory before: ${pids.map(([n]) => `${n} ${before[n]!.toFixed(0)} MB`).join(', ')}`);

    // The admin's work, started 5 s into the load.
    const adminWork = (async () => {
      if (visitorsOnly) return 'no admin work (--visitors-only)';
      await sleep(5_000);
      const started = performance.now();
      const imported = await fetch(`${site.url}/api/catalog/admin/import/services`, { method: 'POST', headers: { cookie: admin, 'content-type': 'text/csv' }, body: importCsv(websites) });
      const result = (await imported.json()) as { imported?: number; skipped?: number };
      const importS = (performance.now() - started) / 1000;
      // As an admin would: Check All once the Service Utilities box counts the new services.
      const status = async () => ((await (await fetch(`${site.url}/api/checker/admin/checks/status`, { headers: { cookie: admin } })).json()) as { totalServices: number }).totalServices;
      for (let i = 0; i < 60 && (await status()) < 1_000; i += 1) await sleep(500);
      const run = await fetch(`${site.url}/api/checker/admin/checks/run-all`, { method: 'POST', headers: { cookie: admin } });
      const { queued } = (await run.json()) as { queued: number };
      const checkStarted = performance.now();
      while ((performance.now() - checkStarted) / 1000 < 120) {
        const box = (await (await fetch(`${site.url}/api/checker/admin/checks/status`, { headers: { cookie: admin } })).json()) as { run: { done: number; finishedAt: string | null } | null };
        if (box.run?.finishedAt) break;
        await sleep(2_000);
      }
      const checkedS = (performance.now() - checkStarted) / 1000;
      // The current results by status, as svc-checker reports them to the machine's scraper.
      const metrics = await (await fetch(`${site.services['svc-checker']!.url}/metrics`)).text();
      const results = [...metrics.matchAll(/^website_checks_current\{status="(\w+)"\} (\d+)$/gm)].map(([, status, n]) => `${n} ${status}`).join(', ');
      return `import of 1,000 services: ${imported.status}, ${result.imported} imported, ${result.skipped} skipped in ${importS.toFixed(1)} s; Check All: ${run.status}, ${queued} queued, all checked ${checkedS.toFixed(0)} s later (${results})`;
    })();
    const cpuPids: Array<readonly [string, number]> = [
      ['gateway', site.gatewayPid],
      ...pids,
      ...(site.ferretdbPid ? [['ferretdb', site.ferretdbPid] as const] : []),
      ['load generator', process.pid],
      ['fake sites', fakeSites.child.pid!],
    ];
    const cpuBefore = cpuPids.map(([, pid]) => cpuSeconds(pid));
    const result = await load(site.url, paths, { connections, seconds });
    console.log(`CPU during the load (share of one core): ${cpuPids.map(([name, pid], i) => `${name} ${((100 * (cpuSeconds(pid) - cpuBefore[i]!)) / seconds).toFixed(0)} %`).join(', ')}`);
    console.log(await adminWork);
    console.log(`${result.requests} requests, ${result.rps} req/s, ${result.errors} errors; p50 ${result.p50.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms`);
    console.log(
      `slowest paths (p95): ${result.byPath
        .slice(0, 8)
        .map((p) => `${p.path} ${p.p95.toFixed(0)} ms`)
        .join(', ')}`,
    );
    const peak = Object.fromEntries(pids.map(([name, pid]) => [name, peakMb(pid)]));
    await sleep(15_000);
    const after15 = Object.fromEntries(pids.map(([name, pid]) => [name, rssMb(pid)]));
    await sleep(45_000);
    console.log(
      `memory (before → peak → 15 s after → 60 s after): ${pids.map(([n, pid]) => `${n} ${before[n]!.toFixed(0)} → ${peak[n]!.toFixed(0)} → ${after15[n]!.toFixed(0)} → ${rssMb(pid).toFixed(0)} MB`).join(', ')}`,
    );
  } finally {
    await site.stop();
    await fakeSites.stop();
  }
}

await main();
