/**
 * Throughput of the site as `npm start` runs it with 1, 2 and 3 instances of every part
 * (INSTANCES=N; HAProxy in front of the gateways when N > 1) on this machine. For each count:
 * phase A, the visitor mix of bench/visitor-load.ts alone; phase B, the same load while an admin
 * imports 1,000 services (websites on local fake sites) and runs Check All, and (when N > 1) the
 * first instance of each part is killed with SIGKILL, one at a time spaced through the phase, each
 * back (npm start starts it again) before the next. A failed read is any non-200 answer or network
 * error. Also the CPU each kind of part used in phase A, and from it a prediction per added machine.
 * Run: npx tsx bench/instances.ts [seconds per phase, default 30] [connections, default 50] [counts, default 1,2,3]
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { signInAt } from '../scripts/test/system';
import { closedPort, siteMix, type MixedSite } from '../svc-checker/test/fake-sites';
import { load, mergeResults, type LoadResult } from './lib/load';
import { startSite } from './lib/site';
import { startPart } from './lib/system';
import { visitorMix } from './lib/visitor-mix';

const [secondsArg, connectionsArg, countsArg] = process.argv.slice(2);
const seconds = Number(secondsArg ?? 30);
const connections = Number(connectionsArg ?? 50);
const counts = (countsArg ?? '1,2,3').split(',').map(Number);
if (!(seconds > 0) || !(connections > 0) || counts.some((n) => !Number.isInteger(n) || n < 1 || n > 8)) {
  throw new Error('usage: npx tsx bench/instances.ts [seconds per phase] [connections] [counts, e.g. 1,2,3 (each 1–8)]');
}
const ADMIN = 'admin@bench.test';
const SERVICES = ['svc-catalog', 'svc-auth', 'svc-media', 'svc-checker'] as const;
/** Killed in this order in phase B (as e2e/tests/instances-under-load.e2e.ts does). */
const KILLED = [...SERVICES, 'renderer', 'gateway'] as const;
type Part = (typeof KILLED)[number];
/** The site's answer for "try again in a moment" (the gateway's 503, HAProxy's 502/503/504). */
const RETRY_LATER = new Set([502, 503, 504]);

type Instance = { name: string; pid: number; url: string };
type State = {
  pid: number;
  ferretdbPid: number | null;
  services: Record<string, { instances: Instance[] }>;
  gateway: { instances: Instance[] };
  renderer: { instances: Instance[] };
  loadBalancer: { pid: number } | null;
};

/** CPU seconds a process has used (user + system), from /proc; NaN once it is gone. */
const cpuSeconds = (pid: number) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
};
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const load1 = () => loadavg()[0]!.toFixed(2);
const signed = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(0)}`;

function importCsv(websites: readonly MixedSite[]): string {
  const lines = ['Name,Slug,Tagline,Meal Types,City,State,Home Delivery,Shipping,Website'];
  websites.forEach((site, i) => lines.push(`Load Kitchen ${i},,"Weekly meals, number ${i}","keto, vegan",City ${i % 50},Texas,Yes,No,${site.website}`));
  return lines.join('\n');
}

type Row = { n: number; phase: string; result: LoadResult; loadBefore: string };
type Cpu = { n: number; rps: number; requests: number; byKind: Record<string, number>; site: number; all: number; seconds: number };

async function runCount(n: number, websites: readonly MixedSite[], fakeSitesPid: number, rows: Row[], cpus: Cpu[]) {
  console.log(
    `\n== INSTANCES=${n} (load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')} before start)`,
  );
  // A data folder of its own, removed by stop() (or here, should the site not start).
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mealprep-bench-site-'));
  const site = await startSite({ INSTANCES: String(n), ADMIN_EMAILS: ADMIN, CHECK_HOSTS: 'nothing.test=127.0.0.1', CHECK_ALLOW_HOSTS: '127.0.0.1' }, { dataDir }).catch((err: unknown) => {
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  });
  const statePath = path.join(site.dataDir, 'run', 'state.json');
  const state = () => JSON.parse(readFileSync(statePath, 'utf8')) as State;
  const instancesOf = (s: State, part: Part) => (part === 'gateway' ? s.gateway : part === 'renderer' ? s.renderer : s.services[part]!).instances;
  const startPid = state().pid;
  // Every process npm start started (its children), to check that none is left after stop().
  const children = new Set<number>();
  const noteChildren = () => {
    try {
      for (const pid of execFileSync('pgrep', ['-P', String(startPid)], { encoding: 'utf8' })
        .split('\n')
        .filter(Boolean))
        children.add(Number(pid));
    } catch {
      // pgrep exits 1 when there is none.
    }
  };
  noteChildren();
  try {
    const paths = await visitorMix(site.url);
    // Each path once, until all answer (the renderers and caches warm up as a first visitor would).
    for (const p of paths) {
      for (let attempt = 0; ; attempt += 1) {
        const answer = await fetch(`${site.url}${p}`);
        await answer.arrayBuffer();
        if (answer.status === 200) break;
        if (attempt > 20) throw new Error(`${p} answered ${answer.status}`);
        await sleep(500);
      }
    }
    const admin = await signInAt({ gatewayUrl: site.url, dataDir: site.dataDir }, ADMIN);

    // Phase A: visitors only, with the CPU each kind of part used.
    const s0 = state();
    const kinds: Array<[string, number[]]> = [
      ['gateway', s0.gateway.instances.map((i) => i.pid)],
      ['renderer', s0.renderer.instances.map((i) => i.pid)],
      ...SERVICES.map((name) => [name, s0.services[name]!.instances.map((i) => i.pid)] as [string, number[]]),
      ['haproxy', s0.loadBalancer ? [s0.loadBalancer.pid] : []],
      ['ferretdb', s0.ferretdbPid ? [s0.ferretdbPid] : []],
      ['load generator', [process.pid]],
      ['fake sites', [fakeSitesPid]],
    ];
    const cpuOf = (pids: number[]) => pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
    const loadA = load1();
    const cpuBefore = kinds.map(([, pids]) => cpuOf(pids));
    const startedA = performance.now();
    const visitors = await load(site.url, paths, { connections, seconds });
    const tookA = (performance.now() - startedA) / 1000;
    const byKind = Object.fromEntries(kinds.map(([kind, pids], i) => [kind, (cpuOf(pids) - cpuBefore[i]!) / tookA]));
    rows.push({ n, phase: 'A visitors only', result: visitors, loadBefore: loadA });
    const siteCpu = Object.entries(byKind)
      .filter(([kind]) => kind !== 'load generator' && kind !== 'fake sites')
      .reduce((sum, [, c]) => sum + c, 0);
    const allCpu = Object.values(byKind).reduce((sum, c) => sum + c, 0);
    cpus.push({ n, rps: visitors.rps, requests: visitors.requests, byKind, site: siteCpu, all: allCpu, seconds: tookA });
    console.log(
      `A: ${visitors.requests} requests, ${visitors.rps} req/s, ${visitors.errors} errors; CPU (% of one core, sum over instances): ${Object.entries(byKind)
        .map(([kind, c]) => `${kind} ${(100 * c).toFixed(0)} %`)
        .join(', ')}; the site ${(100 * siteCpu).toFixed(0)} %, everything measured ${(100 * allCpu).toFixed(0)} % of 200 %`,
    );

    // Phase B: the same load, with the admin's import and Check All, and the kills.
    let running = true;
    let killing = 'nothing';
    const failures: string[] = [];
    // One reader of its own (not in the figures) that keeps what each failed read said.
    const sampler = (async () => {
      for (let i = 0; running; i += 1) {
        const p = paths[i % paths.length]!;
        try {
          const answer = await fetch(`${site.url}${p}`, { signal: AbortSignal.timeout(30_000) });
          const body = await answer.text();
          if (answer.status !== 200) failures.push(`${p} ${answer.status} ${body.slice(0, 120)} (killing ${killing})`);
        } catch (err) {
          failures.push(`${p} ${String(err)} ${String((err as { cause?: unknown }).cause ?? '')} (killing ${killing})`);
        }
      }
    })();
    const balancerLog = path.join(site.dataDir, 'logs', 'load-balancer.log');
    const balancerLogFrom = n > 1 ? statSync(balancerLog).size : 0;
    // Sends again what the site says to try again (as the admin's page would), at most 10 times.
    const retried = { count: 0 };
    const send = async (method: string, p: string, body?: string) => {
      for (let attempt = 0; ; attempt += 1) {
        const answer = await fetch(`${site.url}${p}`, { method, headers: { cookie: admin, ...(body ? { 'content-type': 'text/csv' } : {}) }, body }).catch((err: unknown) => err as Error);
        if (answer instanceof Response && !RETRY_LATER.has(answer.status)) return answer;
        if (attempt >= 10) throw new Error(`${method} ${p}: ${answer instanceof Response ? `${answer.status} ${await answer.text()}` : String(answer)}`);
        if (answer instanceof Response) await answer.arrayBuffer();
        retried.count += 1;
        await sleep(500);
      }
    };
    let checkDeadline = Infinity;
    const adminWork = (async () => {
      await sleep(2_000);
      const started = performance.now();
      const imported = await send('POST', '/api/catalog/admin/import/services', importCsv(websites));
      const result = (await imported.json()) as { imported?: number; unchanged?: number; skipped?: number };
      const importS = (performance.now() - started) / 1000;
      const status = async () =>
        (await (await send('GET', '/api/checker/admin/checks/status')).json()) as { totalServices: number; run: { done: number; queued?: number; finishedAt: string | null } | null };
      for (let i = 0; i < 120 && (await status()).totalServices < 1_000; i += 1) await sleep(500);
      const run = await send('POST', '/api/checker/admin/checks/run-all');
      const { queued } = (await run.json()) as { queued: number };
      const checkStarted = performance.now();
      let box = await status();
      while (!box.run?.finishedAt && performance.now() < checkDeadline) {
        await sleep(2_000);
        box = await status();
      }
      const checkedS = (performance.now() - checkStarted) / 1000;
      return `import of 1,000 services: ${imported.status}, ${result.imported} imported, ${result.unchanged ?? 0} unchanged, ${result.skipped} skipped in ${importS.toFixed(1)} s; Check All: ${run.status}, ${queued} queued, ${
        box.run?.finishedAt ? `all checked ${checkedS.toFixed(0)} s later` : `${box.run?.done ?? '?'} checked after ${checkedS.toFixed(0)} s (not finished; stopped waiting)`
      }; ${retried.count} admin requests sent again after 502/503/504 or a network error`;
    })();
    let adminDone = false;
    void adminWork.then(
      () => (adminDone = true),
      () => (adminDone = true),
    );

    const kills: string[] = [];
    const phaseStart = performance.now();
    const killWork = (async () => {
      if (n === 1) return;
      const spacing = (seconds * 1000) / (KILLED.length + 1);
      for (const [i, part] of KILLED.entries()) {
        const due = phaseStart + (i + 1) * spacing;
        if (due > performance.now()) await sleep(due - performance.now());
        const { name, pid } = instancesOf(state(), part)[0]!;
        killing = name;
        const at = performance.now();
        process.kill(pid, 'SIGKILL');
        // npm start writes the new pid once the new process is ready.
        let back: Instance | undefined;
        while (performance.now() - at < 60_000) {
          back = instancesOf(state(), part).find((inst) => inst.name === name && inst.pid !== pid);
          if (back) break;
          await sleep(200);
        }
        if (!back) throw new Error(`${name} was not started again within 60 s`);
        kills.push(`${name} at ${((at - phaseStart) / 1000).toFixed(1)} s, back after ${((performance.now() - at) / 1000).toFixed(1)} s`);
        killing = `nothing (after ${name})`;
      }
    })();
    let killsDone = n === 1;
    const killOutcome = killWork.then(
      () => {
        killsDone = true;
        return '';
      },
      (err: unknown) => {
        killsDone = true;
        return String(err);
      },
    );
    // The load in 5-s runs until `seconds` have passed, the import and Check All are done and every
    // killed instance is back (at most 4× `seconds` and 2 minutes more; then Check All is waited for 60 s at most).
    const loadB = load1();
    const chunks: LoadResult[] = [];
    const limit = phaseStart + (4 * seconds + 120) * 1000;
    while (performance.now() < limit) {
      const elapsed = (performance.now() - phaseStart) / 1000;
      if (elapsed >= seconds && killsDone && adminDone) break;
      chunks.push(await load(site.url, paths, { connections, seconds: Math.max(1, Math.min(5, elapsed < seconds ? seconds - elapsed : 5)) }));
    }
    const tookB = (performance.now() - phaseStart) / 1000;
    const withWork = mergeResults(chunks, tookB);
    running = false;
    await sampler;
    rows.push({ n, phase: n === 1 ? 'B admin work (no kills: one instance, nothing to fail over to)' : `B admin work + ${kills.length} kills`, result: withWork, loadBefore: loadB });
    const killError = await killOutcome;
    console.log(`B: ${withWork.requests} requests in ${tookB.toFixed(1)} s, ${withWork.rps} req/s, ${withWork.errors} failed reads (non-200 or network error)`);
    console.log(n === 1 ? 'B: kills skipped with INSTANCES=1 (nothing to fail over to)' : `B: kills: ${kills.join('; ')}${killError ? `; ${killError}` : ''}`);
    // Had the check run not finished with the load, wait for it at most 60 s more.
    checkDeadline = performance.now() + 60_000;
    console.log(`B: ${await adminWork.catch((err: unknown) => `the admin's work failed: ${String(err)}`)}`);
    if (failures.length) console.log(`B: failed reads seen by a separate reader (${failures.length}):\n  ${failures.slice(0, 10).join('\n  ')}`);
    if (n > 1) {
      const lines = readFileSync(balancerLog, 'utf8').slice(balancerLogFrom).split('\n').filter(Boolean);
      // HAProxy's log (option dontlog-normal) holds its own notes, a gateway taken out or put back,
      // and the sessions that were not plain (no client address in any): a request begun and never
      // finished (`<BADREQ>`; a connection closed or left idle before sending anything, as the pools
      // do between runs, is not logged); a request sent again to another gateway (retries, after the
      // connection counts), answered or not; and an answer cut off by the gateway (termination
      // state `S…` after the status). The load comes from 127.0.0.1, this machine, which the
      // balancer's per-client limits leave alone (as they do the renderers).
      const notes = lines.filter((line) => !/\] site /.test(line));
      const sessions = lines.filter((line) => /\] site /.test(line));
      const idle = sessions.filter((line) => line.includes('<BADREQ>'));
      const visitorLines = sessions.filter((line) => !line.includes('<BADREQ>'));
      const cut = visitorLines.filter((line) => / 200 \d+ - - S/.test(line));
      const notOk = visitorLines.filter((line) => !/\] site gateways\/[\w-]+ [-\d/]+ 200 /.test(line));
      const sentAgain = visitorLines.filter((line) => /\d+\/\d+\/\d+\/\d+\/\+?[1-9]\d* /.test(line));
      const other = visitorLines.filter((line) => !cut.includes(line) && !notOk.includes(line) && !sentAgain.includes(line));
      console.log(
        `B: HAProxy logged ${sessions.length} sessions that were not plain: ${idle.length} requests begun and never finished, ${sentAgain.length} requests sent again to another gateway (${sentAgain.filter((line) => !notOk.includes(line)).length} of them answered 200), ${cut.length} answers cut off by a gateway, ${notOk.length} not 200, ${other.length} other; and ${notes.filter((line) => /^Server \S+ is (DOWN|UP)\b/.test(line)).length} notes of a gateway taken out or put back${
          visitorLines.length ? `; e.g.:\n  ${[...new Set([...notOk.slice(0, 5), ...cut.slice(0, 5), ...sentAgain.slice(0, 2), ...other.slice(0, 3)])].join('\n  ')}` : ''
        }`,
      );
    }
    noteChildren();
  } finally {
    await site.stop();
    // Nothing left behind: neither a process npm start started (by pid) nor one naming the data folder.
    await sleep(1_000);
    const left = [...children].filter(alive);
    let named: string[] = [];
    try {
      named = execFileSync('pgrep', ['-f', site.dataDir], { encoding: 'utf8' }).split('\n').filter(Boolean);
    } catch {
      // none
    }
    const startLeft = alive(startPid);
    if (left.length || named.length || startLeft) {
      console.log(`!! left running after stop(): ${[...left, ...named].join(', ')}${startLeft ? ` and npm start (${startPid})` : ''}; killing them`);
      for (const pid of new Set([...left, ...named.map(Number), ...(startLeft ? [startPid] : [])])) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // gone already
        }
      }
    } else {
      console.log(`stopped: none of the ${children.size} processes npm start started is left (checked with pgrep)`);
    }
  }
}

async function main() {
  console.log(`bench/instances.ts: ${seconds} s per phase, ${connections} connections, counts ${counts.join(',')}; uptime: ${execFileSync('uptime', { encoding: 'utf8' }).trim()}`);
  const fakeSites = await startPart('bench/lib/fake-sites-process.ts', {}, '/ok');
  const websites = siteMix(1_000, fakeSites, await closedPort(), 2_000);
  const rows: Row[] = [];
  const cpus: Cpu[] = [];
  try {
    for (const n of counts) {
      // A site that does not start (on a busy machine a part may time out at start) is tried once more.
      for (let attempt = 1; attempt <= 2; attempt += 1) {
        const before = rows.length;
        try {
          await runCount(n, websites, fakeSites.child.pid!, rows, cpus);
          break;
        } catch (err) {
          console.log(`!! INSTANCES=${n}, attempt ${attempt}: ${err instanceof Error ? err.message : String(err)}`);
          if (rows.length > before) break;
        }
      }
    }
  } finally {
    await fakeSites.stop();
  }

  const table = [
    ['N', 'phase', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors', 'load avg before'],
    ...rows.map((r) => [
      String(r.n),
      r.phase,
      String(r.result.rps),
      r.result.p50.toFixed(1),
      r.result.p95.toFixed(1),
      r.result.p99.toFixed(1),
      `${r.result.errors} / ${r.result.requests}`,
      r.loadBefore,
    ]),
  ];
  const widths = table[0]!.map((_, c) => Math.max(...table.map((row) => row[c]!.length)));
  console.log('\n' + table.map((row) => row.map((cell, c) => (c === 1 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  ')).join('\n'));

  /*
   * The prediction. On this machine's 2 cores, more instances mostly compete for the same cores:
   * the 1→2→3 gain measured here comes only from using the cores more fully (one Node process per
   * part is one event loop, so with one instance a part that is the bottleneck leaves the other
   * core partly idle) and is paid for with more processes' overhead; a second machine adds cores as
   * well, so the gain per added instance here bounds from below what an added machine gives. From
   * above: phase A's CPU-seconds per request (the site's processes, not the load generator or the
   * fake sites) give the requests one core serves, hence what a 2-core machine running one of every
   * app part adds when the CPU is what limits, as long as the shared parts (FerretDB, the load
   * balancer) keep up; their own CPU per request says where that stops (on a 2-core machine of their own).
   */
  const phaseA = rows.filter((r) => r.phase.startsWith('A'));
  if (phaseA.length > 1) {
    const steps = phaseA.slice(1).map((r, i) => ({ from: phaseA[i]!, to: r, gain: (100 * (r.result.rps / phaseA[i]!.result.rps - 1)) / (r.n - phaseA[i]!.n) }));
    const first = phaseA[0]!;
    const last = phaseA[phaseA.length - 1]!;
    const perInstance = 100 * (Math.pow(last.result.rps / first.result.rps, 1 / (last.n - first.n)) - 1);
    console.log(
      `\nper added instance: ${signed(perInstance)} % req/s (visitors only, compounded over ${first.n}→${last.n}; ${steps.map((s) => `${s.from.n}→${s.to.n}: ${signed(s.gain)} %`).join(', ')})`,
    );
    const phaseB = rows.filter((r) => r.phase.startsWith('B'));
    if (phaseB.length > 1) {
      console.log(`with the admin's work and kills: ${phaseB.map((r) => `N=${r.n} ${r.result.rps} req/s`).join(', ')}`);
    }
  }
  for (const c of cpus) {
    const shared = (c.byKind.ferretdb ?? 0) + (c.byKind.haproxy ?? 0);
    const app = c.site - shared;
    const perRequestMs = (1000 * c.site) / c.rps;
    const appPerCore = c.rps / app;
    const sharedPerCore = shared > 0 ? c.rps / shared : Infinity;
    console.log(
      `N=${c.n}: the site used ${(100 * c.site).toFixed(0)} % of one core for ${c.rps} req/s (everything measured, with the load generator: ${(100 * c.all).toFixed(0)} % of 200 %) → ${perRequestMs.toFixed(2)} ms CPU per request, ${Math.round(
        c.rps / c.site,
      )} req/s per core; the app parts alone ${Math.round(appPerCore)} req/s per core, FerretDB + HAProxy ${Number.isFinite(sharedPerCore) ? `${Math.round(sharedPerCore)} req/s per core` : 'no measurable CPU'}`,
    );
  }
  if (cpus.length) {
    const best = cpus.reduce((a, b) => (a.rps >= b.rps ? a : b));
    const first = cpus[0]!;
    const last = cpus[cpus.length - 1]!;
    const gain = cpus.length > 1 ? (last.rps / first.rps - 1) / (last.n - first.n) : 0;
    const shared = (best.byKind.ferretdb ?? 0) + (best.byKind.haproxy ?? 0);
    const appPerCore = best.rps / (best.site - shared);
    const sharedCap = shared > 0 ? Math.round((2 * best.rps) / shared) : Infinity;
    console.log(
      `prediction per added 2-core machine (one of every app part on it, FerretDB and the balancer shared): at least ${signed(gain * first.rps)} req/s (the gain per added instance here${gain <= 0 ? ': none here, the cores were shared' : ''}), at most +${Math.round(
        2 * appPerCore,
      )} req/s (2 cores ÷ ${((1000 * (best.site - shared)) / best.rps).toFixed(2)} ms of app CPU per request, N=${best.n}); ${Number.isFinite(sharedCap) ? `the whole site tops out near ${sharedCap} req/s when FerretDB + HAProxy get a 2-core machine of their own` : 'FerretDB and HAProxy used no measurable CPU here, so no limit from them shows in these figures'}`,
    );
  }
}

await main();
