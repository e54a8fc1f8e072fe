/**
 * Counting under load (issue 22). Through the gateway of the site as `npm start` runs it:
 *  1. the visitor mix alone and 2. the same mix while pages report 1,000 counted events a second
 *     (100 reports a second of 10 listings each, every report from a visitor of its own, so none is
 *     a repeat), by turns in 10-second windows over `seconds` each; then how many were stored and
 *     counted against how many were sent: nothing may be lost,
 *  3. a listing given two years of daily counts, its insights read 300 times (90 days, which reads
 *     180 with the period before) through the gateway and straight from svc-catalog.
 * Run: npx tsx bench/insights.ts [seconds, default 60] [visitor connections, default 50] [--rate N]
 * With `--rate N` the visitors arrive at N requests a second (an open loop, below what the machine
 * can serve) instead of keeping `connections` requests in flight (a closed loop at saturation).
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import mongoose from 'mongoose';
import { signIdentity } from '@mealprep/service-kit';
import { signInAt } from '../scripts/test/system';
import { load, loadAtRate, mergeResults, percentile, type LoadResult } from './lib/load';
import { startSite } from './lib/site';

const args = process.argv.slice(2);
const rateAt = args.indexOf('--rate');
const rate = rateAt >= 0 ? Number(args.splice(rateAt, 2)[1]) : null;
const [secondsArg, connectionsArg] = args;
const seconds = Number(secondsArg ?? 60);
const connections = Number(connectionsArg ?? 50);
const EVENTS_PER_SECOND = 1_000;
const ADMIN = 'admin@bench.test';

/** CPU seconds a process has used (user + system); for 'postgres', every postgres process on the machine (FerretDB's storage). */
function cpuSeconds(name: string, pid: number): number {
  const of = (p: number) => {
    try {
      const fields = readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      return 0;
    }
  };
  if (name !== 'postgres') return of(pid);
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        return readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres';
      } catch {
        return false;
      }
    })
    .reduce((sum, entry) => sum + of(Number(entry)), 0);
}

const line = (r: LoadResult) => `${r.requests} requests, ${r.rps} req/s, ${r.errors} errors; p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms`;

/**
 * The pages' reports come from a process of their own (bench/lib/insight-reports.ts), as they come
 * from other machines than the visitors': sent from the load generator's own event loop, they
 * slowed the visitor requests it timed. Started once; each `run` answers what was sent and refused.
 */
async function reportSender(origin: string, ids: readonly string[], perSecond: number, seconds: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'lib', 'insight-reports.ts'), origin, String(perSecond), String(seconds), ids.join(',')], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async () => {
    const line = await lines.next();
    if (line.done) throw new Error('the report sender stopped');
    return line.value;
  };
  if ((await next()) !== 'ready') throw new Error('the report sender did not start');
  return {
    async run(firstVisitor: number): Promise<{ sent: number; refused: number; reports: number; seconds: number }> {
      child.stdin.write(`run ${firstVisitor}\n`);
      return JSON.parse(await next()) as { sent: number; refused: number; reports: number; seconds: number };
    },
    stop: () => child.stdin.end(),
  };
}

async function main() {
  const site = await startSite({ ADMIN_EMAILS: ADMIN, INSIGHT_REPORTS_PER_MINUTE: '1000000' });
  const { mongodbUri } = JSON.parse(readFileSync(path.join(site.dataDir, 'run', 'state.json'), 'utf8')) as { mongodbUri: string };
  const db = mongoose.createConnection(mongodbUri, { dbName: 'catalog' });
  try {
    const get = async <T>(p: string) => (await (await fetch(`${site.url}${p}`)).json()) as T;
    const ids: string[] = [];
    for (let page = 1; page <= 3; page += 1) ids.push(...(await get<{ items: Array<{ id: string; slug: string }> }>(`/api/catalog/services?pageSize=24&page=${page}`)).items.map((s) => s.id));
    const slugs = (await get<{ items: Array<{ slug: string }> }>('/api/catalog/services?pageSize=24')).items.map((s) => s.slug);
    const paths = [
      '/',
      '/state/texas',
      '/services-by-name',
      ...slugs.slice(0, 6).map((slug) => `/service/${slug}`),
      '/api/catalog/regions/counts',
      '/api/catalog/services?state=texas',
      '/api/catalog/services?q=keto',
      ...slugs.slice(0, 6).map((slug) => `/api/catalog/services/by-slug/${slug}`),
    ];
    for (const p of paths) await (await fetch(`${site.url}${p}`)).arrayBuffer();
    console.log(`insights: ${ids.length} listings reported on; visitor mix of ${paths.length} paths ${rate ? `at ${rate} requests a second` : `at ${connections} connections`}, ${seconds} s each run`);
    const visitors = () => (rate ? loadAtRate(site.url, paths, { rate, seconds: 10 }) : load(site.url, paths, { connections, seconds: 10 }));

    const processes: Array<readonly [string, number]> = [
      ['gateway', site.gatewayPid],
      ...Object.entries(site.services).map(([name, s]) => [name, s.pid] as const),
      ...(site.ferretdbPid ? [['ferretdb', site.ferretdbPid] as const] : []),
      ['postgres', 0],
      ['bench', process.pid],
    ];
    /** CPU seconds per process during `work`, as a share of one core. */
    const cpuDuring = async <T>(work: Promise<T>, over: number): Promise<[T, string]> => {
      const before = processes.map(([name, pid]) => cpuSeconds(name, pid));
      const value = await work;
      return [value, processes.map(([name, pid], i) => `${name} ${((100 * (cpuSeconds(name, pid) - before[i]!)) / over).toFixed(0)} %`).join(', ')];
    };
    // Ten-second windows, alone and while counting by turns, so a drift of the machine's speed
    // during the run falls on both alike; then every request's time of each kind together.
    const windows = Math.max(1, Math.round(seconds / 10));
    const sender = await reportSender(site.url, ids, EVENTS_PER_SECOND, 10);
    const alone: LoadResult[] = [];
    const counting: LoadResult[] = [];
    const sent = { sent: 0, refused: 0, reports: 0, seconds: 0 };
    let cpuAlone = '';
    let cpuCounting = '';
    for (let w = 0; w < windows; w += 1) {
      const [a, cpuA] = await cpuDuring(visitors(), 10);
      alone.push(a);
      const [[c, s], cpuC] = await cpuDuring(Promise.all([visitors(), sender.run(sent.reports)]), 10);
      counting.push(c);
      for (const key of ['sent', 'refused', 'reports', 'seconds'] as const) sent[key] += s[key];
      if (w === 0) [cpuAlone, cpuCounting] = [cpuA, cpuC];
    }
    sender.stop();
    const baseline = mergeResults(alone, alone.length * 10);
    const counted = mergeResults(counting, counting.length * 10);
    console.log(`visitors alone:          ${line(baseline)}`);
    console.log(`  CPU in the first window (share of one core): ${cpuAlone}`);
    console.log(`visitors while counting: ${line(counted)}`);
    console.log(`  CPU in the first window (share of one core): ${cpuCounting}`);
    const slowest = (runs: LoadResult[]) =>
      runs[0]!.byPath
        .slice(0, 4)
        .map((p) => `${p.path} p95 ${p.p95.toFixed(1)} ms`)
        .join(', ');
    console.log(`  slowest paths in the first window: alone ${slowest(alone)}; while counting ${slowest(counting)}`);
    console.log(`p95 with counting: ${(((counted.p95 - baseline.p95) / baseline.p95) * 100).toFixed(1)} % against the visitors alone`);
    // Every hit a turn of the tally took is in its ledger.
    const storedHits = async () =>
      (
        await db
          .collection('insight_ledgers')
          .find({}, { projection: { hits: 1 } })
          .toArray()
      ).reduce((n, l) => n + ((l.hits as string[] | undefined)?.length ?? 0), 0);
    // Every hit stored, and every one counted: the search appearances of the listings add up to what was sent.
    const today = new Date().toISOString().slice(0, 10);
    const countedNow = async () => {
      let n = 0;
      for (const id of ids) {
        const doc = await db.collection('insight_months').findOne({ _id: `${id}|${today.slice(0, 7)}` as never });
        n += Number((doc?.c as Record<string, { search?: number }> | undefined)?.[`d${today.slice(8, 10)}`]?.search ?? 0);
      }
      return n;
    };
    let stored = 0;
    let added = 0;
    for (const deadline = Date.now() + 120_000; Date.now() < deadline; await sleep(1_000)) {
      stored = await storedHits();
      added = await countedNow();
      if (stored >= sent.sent && added >= sent.sent) break;
    }
    console.log(
      `events: ${sent.reports} reports in ${sent.seconds.toFixed(1)} s (${(sent.sent / sent.seconds).toFixed(0)} counted events/s), ${sent.sent} accepted, ${sent.refused} refused; hits stored ${stored}, counted ${added}: ${sent.sent - added} lost`,
    );

    // Two years of one listing's days, then its insights read as the owner's screen does.
    const listing = ids[0]!;
    const midnight = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
    const days = Array.from({ length: 730 }, (_, i) => new Date(midnight - (i + 1) * 86_400_000).toISOString().slice(0, 10));
    const months = new Map<string, Record<string, object>>();
    days.forEach((d, i) => months.set(d.slice(0, 7), { ...(months.get(d.slice(0, 7)) ?? {}), [`d${d.slice(8, 10)}`]: { views: 20 + (i % 7), website: 3, phone: 1, email: 1, near: 9, search: 30 } }));
    for (const [month, c] of months) await db.collection('insight_months').replaceOne({ _id: `${listing}|${month}` as never }, { c }, { upsert: true });
    const admin = await signInAt({ gatewayUrl: site.url, dataDir: site.dataDir }, ADMIN);
    const catalogUrl = site.services['svc-catalog']!.url;
    const time = async (url: string, headers: Record<string, string>) => {
      const ms: number[] = [];
      for (let i = 0; i < 300; i += 1) {
        const started = performance.now();
        const answer = await fetch(url, { headers });
        if (answer.status !== 200) throw new Error(`${url}: ${answer.status}`);
        await answer.arrayBuffer();
        ms.push(performance.now() - started);
      }
      ms.sort((a, b) => a - b);
      return `p50 ${percentile(ms, 50).toFixed(1)} ms, p95 ${percentile(ms, 95).toFixed(1)} ms`;
    };
    console.log(`insights of a listing with 2 years of days (90 days asked), through the gateway: ${await time(`${site.url}/api/catalog/services/${listing}/insights?days=90`, { cookie: admin })}`);
    console.log(`  its chart (SVG) through the gateway: ${await time(`${site.url}/api/catalog/services/${listing}/insights/chart?days=90`, { cookie: admin })}`);
    const signed = signIdentity({ userId: 'bench-admin', email: ADMIN, roles: ['admin'] }, readFileSync(path.join(site.dataDir, 'run', 'identity-secret'), 'utf8').trim());
    console.log(`  straight from svc-catalog: ${await time(`${catalogUrl}/services/${listing}/insights?days=90`, signed)}`);
  } finally {
    // What went wrong in svc-catalog, if anything (its log keeps warnings and errors).
    const log = path.join(site.dataDir, 'logs', 'svc-catalog.log');
    const problems = existsSync(log)
      ? readFileSync(log, 'utf8')
          .split('\n')
          .filter((l) => /"level":(40|50|60)/.test(l))
      : [];
    console.log(`svc-catalog warnings and errors during the run: ${problems.length}${problems.length ? `; the first: ${problems[0]!.slice(0, 600)}` : ''}`);
    await db.close();
    await site.stop();
  }
}

await main();
