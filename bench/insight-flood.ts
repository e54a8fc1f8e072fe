/**
 * One client's insight flood (issue 33, findings 2 and 3), at the documented rate limit. The site
 * as `npm start` runs it (with its default INSIGHT_REPORTS_PER_MINUTE, 3,000 a minute per client
 * address per svc-catalog instance) and 120 published listings; an owner saves their own listing
 * through the gateway as the dashboard's editor does (PATCH with a new Idempotency-Key), N saves a
 * second one after another, in 10-second windows taken by turns: without a flood, then while one
 * client (every report from 127.0.0.1, the gateway trusting no proxy) sends the documented limit,
 * 50 reports a second spread evenly, half of them each finding's flood:
 *  - finding 2: a search that found nothing, with a new text each time (100 characters);
 *  - finding 3: views of the same 100 listings, with a new User-Agent each time.
 * Then, once the tally has counted all it was sent: the owner's save p50/p95 without and with the
 * flood and their ratio (target ≤ 2×), the reports sent/accepted/refused, what was stored (today's
 * site-day document, the ledgers, the flooded listings' views, the database's files on disk),
 * svc-catalog's memory (VmRSS) before, at its peak during and after the flood, and the CPU each
 * report cost the gateway, svc-catalog and FerretDB.
 * At the limit's own rate, in every other window, the limiter (a fixed 60-second window) refuses
 * none: a flood at the documented rate is all accepted, and what it may cost is what is measured
 * (`--rate` above 50 shows the 429s).
 * The reports come from a process of their own (this file with `--sender`), so the load generator
 * does not slow the timed saves; traffic goes to 127.0.0.1 alone and ends with the windows.
 * Run: npx tsx bench/insight-flood.ts [seconds per side, default 60] [--saves-per-second N, default 5] [--rate N reports a second, default 50]
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import mongoose from 'mongoose';
import { Pool } from 'undici';
import { listing, signInAt } from '../scripts/test/system';
import { percentile } from './lib/load';
import { seedServices } from './lib/seed';
import { startSite } from './lib/site';
// @ts-expect-error plain ESM helper without types
import { ensureFerretdb } from '../scripts/lib/ensure-ferretdb.mjs';
// @ts-expect-error plain ESM helper without types
import { startFerretdb } from '../scripts/lib/ferretdb.mjs';

const WINDOW_SECONDS = 10;
const LISTINGS = 120;
const FLOODED = 100;
const ADMIN = 'admin@bench.test';
const OWNER = 'owner@bench.test';
const DOCUMENTED_LIMIT_PER_MINUTE = 3_000;
/** Bounds of the whole run: the tally is waited for at most this long after the flood. */
const SETTLE_MS = 180_000;

type Kind = 'empty' | 'views';
interface FloodResult {
  reports: number;
  accepted: number;
  refused: number;
  failed: number;
  /** What the answers said was counted (hits made, before the tally's bounds), per kind. */
  counted: Record<Kind, number>;
  seconds: number;
  ms: number[];
}

// ---------------------------------------------------------------------------------------------
// The sender (a process of its own): each line `run <seconds>` on its input sends `perSecond`
// reports a second for `seconds`, spread evenly, every report with a new User-Agent and every
// other one a search that found nothing with a new text, the rest views of the flooded listings;
// it answers one line of JSON (FloodResult). It prints `ready` once it can start.
// ---------------------------------------------------------------------------------------------
async function sender(origin: string, perSecond: number, ids: readonly string[]): Promise<void> {
  const pool = new Pool(origin, { connections: 16, pipelining: 1 });
  let next = 0;
  const filler = 'abcdefghijklmnopqrstuvwxyz0123456789'.repeat(3);
  const run = async (seconds: number): Promise<FloodResult> => {
    const reports = Math.round(perSecond * seconds);
    const gapMs = 1000 / perSecond;
    const result: FloodResult = { reports, accepted: 0, refused: 0, failed: 0, counted: { empty: 0, views: 0 }, seconds: 0, ms: [] };
    const inFlight: Array<Promise<void>> = [];
    const started = performance.now();
    for (let i = 0; i < reports; i += 1) {
      const wait = started + i * gapMs - performance.now();
      if (wait > 0) await sleep(wait);
      const n = next;
      next += 1;
      const kind: Kind = n % 2 === 0 ? 'empty' : 'views';
      // A distinct text of the most a report may carry (100 characters), and a browser of its own.
      const prefix = `flood ${n.toString(36)} `;
      const body = kind === 'empty' ? { metric: 'empty-search', term: `${prefix}${filler}`.slice(0, 100) } : { metric: 'views', serviceIds: ids };
      const sentAt = performance.now();
      inFlight.push(
        pool
          .request({
            method: 'POST',
            path: '/api/catalog/insights/events',
            headers: { 'content-type': 'application/json', 'user-agent': `Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0.${n}` },
            body: JSON.stringify(body),
            headersTimeout: 30_000,
            bodyTimeout: 30_000,
          })
          .then(async (answer) => {
            const text = await answer.body.text();
            result.ms.push(performance.now() - sentAt);
            if (answer.statusCode === 202) {
              result.accepted += 1;
              result.counted[kind] += (JSON.parse(text) as { counted?: number }).counted ?? 0;
            } else if (answer.statusCode === 429) result.refused += 1;
            else result.failed += 1;
          })
          .catch(() => void (result.failed += 1)),
      );
    }
    await Promise.all(inFlight);
    result.seconds = (performance.now() - started) / 1000;
    return result;
  };
  process.stdout.write('ready\n');
  for await (const line of createInterface({ input: process.stdin })) {
    const [command, seconds] = line.split(' ');
    if (command !== 'run') break;
    process.stdout.write(`${JSON.stringify(await run(Number(seconds)))}\n`);
  }
  await pool.close();
}

/** Starts the sender; each `run` sends one window's flood and answers what became of it. */
async function floodSender(origin: string, perSecond: number, ids: readonly string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, '--sender', origin, String(perSecond), ids.join(',')], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async () => {
    const line = await lines.next();
    if (line.done) throw new Error('the flood sender stopped');
    return line.value;
  };
  if ((await next()) !== 'ready') throw new Error('the flood sender did not start');
  return {
    pid: child.pid!,
    async run(seconds: number): Promise<FloodResult> {
      child.stdin.write(`run ${seconds}\n`);
      return JSON.parse(await next()) as FloodResult;
    },
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.stdin.end();
      const timer = setTimeout(() => child.kill('SIGTERM'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Figures from /proc and the database.
// ---------------------------------------------------------------------------------------------
/** CPU seconds a process has used (user + system), from /proc. */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}
const rssMb = (pid: number) => {
  try {
    return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
};
/** The size of every file under a folder (FerretDB's SQLite files with their write-ahead logs), by its path there. */
function filesUnder(dir: string, under = ''): Map<string, number> {
  const sizes = new Map<string, number>();
  if (!existsSync(dir)) return sizes;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) for (const [name, size] of filesUnder(full, `${under}${entry.name}/`)) sizes.set(name, size);
    else {
      try {
        sizes.set(`${under}${entry.name}`, statSync(full).size);
      } catch {
        // gone meanwhile (a write-ahead log checkpointed)
      }
    }
  }
  return sizes;
}
const total = (sizes: Map<string, number>) => [...sizes.values()].reduce((a, b) => a + b, 0);
/** The machine's load average over the last minute (other work on a shared machine shows in the save times). */
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ')[0]!;
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MiB`;
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const bsonSize = (doc: object) => mongoose.mongo.BSON.calculateObjectSize(doc as mongoose.mongo.BSON.Document);
const summary = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1) ?? NaN, n: sorted.length };
};
const line = (s: ReturnType<typeof summary>) => `p50 ${s.p50.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms, max ${s.max.toFixed(1)} ms (${s.n} saves)`;

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const option = (name: string, fallback: number) => {
    const at = args.indexOf(name);
    return at >= 0 ? Number(args.splice(at, 2)[1]) : fallback;
  };
  const savesPerSecond = option('--saves-per-second', 5);
  const rate = option('--rate', DOCUMENTED_LIMIT_PER_MINUTE / 60);
  const seconds = Number(args[0] ?? 60);
  if (!(seconds > 0 && seconds <= 1_800 && savesPerSecond > 0 && savesPerSecond <= 100 && rate > 0 && rate <= 1_000)) {
    throw new Error('usage: insight-flood.ts [seconds per side, ≤ 1800] [--saves-per-second N ≤ 100] [--rate N ≤ 1000]');
  }
  const windows = Math.max(1, Math.round(seconds / WINDOW_SECONDS));

  // The listings are stored before the site starts (the demo's are then not added): 120 published.
  await ensureFerretdb();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mealprep-bench-flood-'));
  try {
    mkdirSync(path.join(dataDir, 'ferretdb'), { recursive: true });
    const ferret = await startFerretdb({ dataDir: path.join(dataDir, 'ferretdb') });
    try {
      await seedServices(ferret.uri, LISTINGS);
    } finally {
      await ferret.stop();
    }
  } catch (err) {
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  // The default rate limit: the point is the documented one.
  const site = await startSite({ ADMIN_EMAILS: ADMIN }, { dataDir });
  const { mongodbUri } = JSON.parse(readFileSync(path.join(site.dataDir, 'run', 'state.json'), 'utf8')) as { mongodbUri: string };
  const db = mongoose.createConnection(mongodbUri, { dbName: 'catalog' });
  let flood: Awaited<ReturnType<typeof floodSender>> | null = null;
  try {
    const call = async (cookie: string, method: string, pathname: string, body?: unknown) => {
      const answer = await fetch(`${site.url}${pathname}`, {
        method,
        headers: { cookie, 'content-type': 'application/json', accept: 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
      const text = await answer.text();
      if (answer.status >= 300) throw new Error(`${method} ${pathname}: ${answer.status} ${text.slice(0, 300)}`);
      return JSON.parse(text || 'null') as Record<string, unknown>;
    };
    // The owner: their own listing, made in the dashboard and published by an admin.
    const admin = await signInAt({ gatewayUrl: site.url, dataDir }, ADMIN);
    const owner = await signInAt({ gatewayUrl: site.url, dataDir }, OWNER);
    const own = (await call(owner, 'POST', '/api/catalog/services', listing('Flood Bench Kitchen', 'flood-bench-kitchen'))).id as string;
    await call(admin, 'PATCH', `/api/catalog/admin/services/${own}/status`, { status: 'published' });
    // The flooded listings: 100 public ones, not the owner's.
    const ids: string[] = [];
    for (let page = 1; ids.length < FLOODED && page <= 10; page += 1) {
      const items = (await call(admin, 'GET', `/api/catalog/services?pageSize=24&page=${page}`)).items as Array<{ id: string }>;
      if (items.length === 0) break;
      ids.push(...items.map((s) => s.id).filter((id) => id !== own));
    }
    if (ids.length < FLOODED) throw new Error(`only ${ids.length} public listings found`);
    const flooded = ids.slice(0, FLOODED);

    let saves = 0;
    const failedSaves: string[] = [];
    /** One save as the editor sends it: PATCH of the changes with a new Idempotency-Key. */
    const save = async (): Promise<number> => {
      saves += 1;
      const started = performance.now();
      const answer = await fetch(`${site.url}/api/catalog/services/${own}`, {
        method: 'PATCH',
        headers: { cookie: owner, 'content-type': 'application/json', accept: 'application/json', 'idempotency-key': randomBytes(16).toString('hex') },
        body: JSON.stringify({ tagline: `Breakfasts that keep, edit ${saves}` }),
        signal: AbortSignal.timeout(30_000),
      });
      const text = await answer.text();
      const ms = performance.now() - started;
      if (answer.status !== 200) failedSaves.push(`${answer.status} ${text.slice(0, 200)}`);
      return ms;
    };
    /** `savesPerSecond` saves a second for `over` seconds, one after another (a slow one delays the next). */
    const savesFor = async (over: number): Promise<number[]> => {
      const ms: number[] = [];
      const started = performance.now();
      for (let i = 0; performance.now() - started < over * 1000; i += 1) {
        const wait = started + (i * 1000) / savesPerSecond - performance.now();
        if (wait > 0) await sleep(wait);
        if (performance.now() - started >= over * 1000) break;
        ms.push(await save());
      }
      return ms;
    };
    for (let i = 0; i < 10; i += 1) await save();
    failedSaves.length = 0;

    flood = await floodSender(site.url, rate, flooded);
    const sender = flood;
    const catalogPid = site.services['svc-catalog']!.pid;
    const pids: Record<string, number> = {
      gateway: site.gatewayPid,
      'svc-catalog': catalogPid,
      ...(site.ferretdbPid ? { ferretdb: site.ferretdbPid } : {}),
      'the flood sender': sender.pid,
    };
    const ferretDir = path.join(dataDir, 'ferretdb');
    const rssBefore = rssMb(catalogPid);
    const diskBefore = filesUnder(ferretDir);
    console.log(
      `insight flood: ${LISTINGS} listings, the owner's saves at ${savesPerSecond}/s; ${windows} windows of ${WINDOW_SECONDS} s without and ${windows} with the flood of one client (127.0.0.1) at ${rate} reports/s ` +
        `(the documented limit is ${DOCUMENTED_LIMIT_PER_MINUTE}/min = ${DOCUMENTED_LIMIT_PER_MINUTE / 60}/s), half empty searches with a new 100-character text, half views of ${FLOODED} listings with a new User-Agent; load average ${loadAverage()}`,
    );

    const quiet: number[] = [];
    let first: number[] = [];
    const flooding: number[] = [];
    const cpu = { quiet: {} as Record<string, number>, flood: {} as Record<string, number> };
    const took = { quiet: 0, flood: 0 };
    const sent: FloodResult = { reports: 0, accepted: 0, refused: 0, failed: 0, counted: { empty: 0, views: 0 }, seconds: 0, ms: [] };
    let rssPeak = rssBefore;
    /** Runs a window, adding the CPU each process used in it to `side`. */
    const window = async <T>(side: 'quiet' | 'flood', work: Promise<T>): Promise<T> => {
      const before = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuSeconds(pid)]));
      const started = performance.now();
      const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMb(catalogPid))), 500);
      try {
        return await work;
      } finally {
        clearInterval(sampler);
        took[side] += (performance.now() - started) / 1000;
        for (const [name, pid] of Object.entries(pids)) cpu[side][name] = (cpu[side][name] ?? 0) + cpuSeconds(pid) - before[name]!;
      }
    };
    for (let w = 0; w < windows; w += 1) {
      const alone = await window('quiet', savesFor(WINDOW_SECONDS));
      quiet.push(...alone);
      if (w === 0) first = alone;
      const [ms, result] = await window('flood', Promise.all([savesFor(WINDOW_SECONDS), sender.run(WINDOW_SECONDS)]));
      flooding.push(...ms);
      for (const key of ['reports', 'accepted', 'refused', 'failed', 'seconds'] as const) sent[key] += result[key];
      sent.counted.empty += result.counted.empty;
      sent.counted.views += result.counted.views;
      sent.ms.push(...result.ms);
      process.stderr.write(
        `  windows ${w + 1}/${windows}: save p95 ${summary(alone).p95.toFixed(0)} ms without, ${summary(ms).p95.toFixed(0)} ms with the flood (${result.accepted} accepted, ${result.refused} refused); svc-catalog ${rssMb(catalogPid).toFixed(0)} MB\n`,
      );
    }
    await sender.stop();
    flood = null;
    const loadAtEnd = loadAverage();

    // Until the tally has counted everything it was sent: no new ledger (one a turn that counted anything) for 10 s.
    const ledgers = db.collection('insight_ledgers');
    const floodEnded = performance.now();
    let settledAfter = NaN;
    for (let last = -1, since = performance.now(); performance.now() - floodEnded < SETTLE_MS; await sleep(1_000)) {
      rssPeak = Math.max(rssPeak, rssMb(catalogPid));
      const count = await ledgers.countDocuments({});
      if (count !== last) [last, since] = [count, performance.now()];
      else if (performance.now() - since >= 10_000) {
        settledAfter = (since - floodEnded) / 1000;
        break;
      }
    }
    const rssAfter = rssMb(catalogPid);
    const diskAfter = filesUnder(ferretDir);

    // What was stored.
    const today = new Date().toISOString().slice(0, 10);
    const siteDay = await db.collection('insight_site_days').findOne({ _id: `site|${today}` as never });
    const empty = (siteDay?.empty ?? {}) as Record<string, number>;
    const views = (siteDay?.views ?? {}) as Record<string, number>;
    let ledgerCount = 0;
    let ledgerHits = 0;
    let ledgerBytes = 0;
    for await (const doc of ledgers.find({})) {
      ledgerCount += 1;
      ledgerHits += (doc.hits as string[] | undefined)?.length ?? 0;
      ledgerBytes += bsonSize(doc);
    }
    const monthViews: number[] = [];
    let monthBytes = 0;
    for (const id of flooded) {
      const doc = await db.collection('insight_months').findOne({ _id: `${id}|${today.slice(0, 7)}` as never });
      if (doc) monthBytes += bsonSize(doc);
      monthViews.push(Number((doc?.c as Record<string, { views?: number }> | undefined)?.[`d${today.slice(8, 10)}`]?.views ?? 0));
    }
    const collStats = async (name: string) => {
      try {
        const stats = await db.db!.command({ collStats: name });
        return `${name} ${kib(Number(stats.size ?? 0))} (storage ${kib(Number(stats.storageSize ?? 0))})`;
      } catch {
        return `${name} n/a`;
      }
    };

    const without = summary(quiet);
    const withFlood = summary(flooding);
    const ratio = withFlood.p95 / without.p95;
    const perReport = (name: string) => (((cpu.flood[name]! / took.flood - cpu.quiet[name]! / took.quiet) * took.flood) / Math.max(1, sent.reports)) * 1000;
    const floodMs = summary(sent.ms);
    console.log(`(the machine's load average at the end of the windows: ${loadAtEnd})`);
    console.log(`owner's save without the flood: ${line(without)}`);
    console.log(`owner's save during the flood:  ${line(withFlood)}`);
    console.log(
      `  p95 during / without: ${ratio.toFixed(2)}× (target ≤ 2×: ${ratio <= 2 ? 'met' : 'NOT met'}); p50 ${(withFlood.p50 / without.p50).toFixed(2)}×; saves refused or failed: ${failedSaves.length}${failedSaves.length ? ` (first: ${failedSaves[0]})` : ''}`,
    );
    // A quiet window after a flood window has the tally's work on what that flood sent still to do, if it lags behind.
    console.log(`  the first window without the flood (before any): ${line(summary(first))}`);
    console.log(
      `reports: ${sent.reports} sent in ${sent.seconds.toFixed(1)} s (${(sent.reports / sent.seconds).toFixed(1)}/s while flooding), ${sent.accepted} accepted (202), ${sent.refused} refused (429), ${sent.failed} failed otherwise; ` +
        `answered in p50 ${floodMs.p50.toFixed(1)} ms, p95 ${floodMs.p95.toFixed(1)} ms; hits the answers named: ${sent.counted.empty} empty searches, ${sent.counted.views} views`,
    );
    console.log(`tally settled ${Number.isNaN(settledAfter) ? `not within ${SETTLE_MS / 1000} s` : `${settledAfter.toFixed(1)} s`} after the last flood window`);
    console.log(
      `stored: today's site day ${siteDay ? `${bsonSize(siteDay)} bytes BSON (${Buffer.byteLength(JSON.stringify(siteDay))} bytes JSON)` : 'absent'}, ${Object.keys(empty).length} empty-search texts ` +
        `(${Object.values(empty).reduce((a, b) => a + b, 0)} counted), ${Object.keys(views).length} listings' views (${Object.values(views).reduce((a, b) => a + b, 0)} counted)`,
    );
    console.log(`  ledgers: ${ledgerCount}, ${ledgerHits} hits, ${ledgerBytes} bytes BSON (${mib(ledgerBytes)}); the flooded listings' months: ${monthBytes} bytes BSON`);
    console.log(
      `  views counted today for the ${FLOODED} flooded listings: ${monthViews.reduce((a, b) => a + b, 0)} in all, ${Math.min(...monthViews)} to ${Math.max(...monthViews)} per listing (expected: 1 per listing from one address)`,
    );
    // The catalogue's database holds the owner's saves (and their events) too, and a write-ahead log grows until it is checkpointed.
    const catalogFiles = [...diskAfter.keys()].filter((name) => /(^|\/)catalog[^/]*$/.test(name)).sort();
    console.log(
      `  FerretDB's files: ${mib(total(diskBefore))} before, ${mib(total(diskAfter))} after (${mib(total(diskAfter) - total(diskBefore))} more, with the owner's saves); ` +
        `the catalogue's: ${catalogFiles.map((name) => `${name} ${mib(diskBefore.get(name) ?? 0)} → ${mib(diskAfter.get(name)!)}`).join(', ')}`,
    );
    console.log(`  ${(await Promise.all(['insight_site_days', 'insight_ledgers', 'insight_months'].map(collStats))).join(', ')}`);
    console.log(
      `svc-catalog memory (VmRSS): ${rssBefore.toFixed(1)} MB before the flood, ${rssPeak.toFixed(1)} MB at its peak, ${rssAfter.toFixed(1)} MB after (${rssAfter >= rssBefore ? '+' : '−'}${Math.abs(rssAfter - rssBefore).toFixed(1)} MB)`,
    );
    console.log(
      `CPU per report (the flood windows' CPU less the quiet windows' at the same length, over the reports sent): ${Object.keys(pids)
        .map((name) => `${name} ${perReport(name).toFixed(3)} ms`)
        .join(', ')}`,
    );
    console.log(
      `  CPU as a share of one core, quiet / flood: ${Object.keys(pids)
        .map((name) => `${name} ${((100 * cpu.quiet[name]!) / took.quiet).toFixed(0)} % / ${((100 * cpu.flood[name]!) / took.flood).toFixed(0)} %`)
        .join(', ')}`,
    );
  } finally {
    await flood?.stop();
    const log = path.join(dataDir, 'logs', 'svc-catalog.log');
    const problems = existsSync(log)
      ? readFileSync(log, 'utf8')
          .split('\n')
          .filter((l) => /"level":(40|50|60)/.test(l))
      : [];
    console.log(`svc-catalog warnings and errors during the run: ${problems.length}${problems.length ? `; the first: ${problems[0]!.slice(0, 400)}` : ''}`);
    await db.close();
    await site.stop();
  }
}

if (process.argv[2] === '--sender') {
  const [origin, perSecond, ids] = process.argv.slice(3);
  await sender(origin!, Number(perSecond), (ids ?? '').split(',').filter(Boolean));
} else {
  await main();
}
