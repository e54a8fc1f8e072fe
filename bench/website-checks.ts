/**
 * Check All over 1,000 websites on a local fake server (in each 20: 9 fast pages, 2 answering after
 * 2 s, 1 that never answers, 2 answering 500, 2 redirect chains, 1 parked page, 1 refused
 * connection, 1 404, 1 blank page), through svc-checker as its own process with its defaults
 * (100 checks at once, 20 s per check, retries after 1 s and 3 s): the time until the run is done,
 * svc-checker's peak memory (VmHWM), the slowest check, and any site whose result is not what its
 * kind should give.
 * Run: npx tsx bench/website-checks.ts [sites, default 1000]
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { BulkCheckStatus } from '@mealprep/contracts';
import { connectDatabase, createLogger, signIdentity } from '@mealprep/service-kit';
import { serviceProjectionRepository } from '../svc-checker/src/data-access/service-projection-repository';
import { closedPort, siteMix, startFakeSites } from '../svc-checker/test/fake-sites';
import { benchDatabase, removeBenchTopology, startPart } from './lib/system';

const SITES = Number(process.argv[2] ?? 1_000);
const amqpUrl = process.env.AMQP_URL || 'amqp://guest:guest@127.0.0.1:5672';
const prefix = `bench-${randomBytes(3).toString('hex')}`;
const secret = randomBytes(32).toString('hex');
const admin = () => signIdentity({ userId: 'bench', email: 'admin@example.com', roles: ['admin'] }, secret);
const memoryMb = (pid: number, field: 'VmHWM' | 'VmRSS') => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

async function main() {
  const db = await benchDatabase();
  const sites = await startFakeSites();
  const mix = siteMix(SITES, sites, await closedPort(), 2_000);
  let checker: Awaited<ReturnType<typeof startPart>> | null = null;
  const connection = await connectDatabase(db.uri, 'checker', createLogger('bench', 'silent'));
  try {
    await serviceProjectionRepository(connection).sync(
      mix.map((site, n) => ({ id: `65b${n.toString(16).padStart(21, '0')}`, name: `Kitchen ${n}`, slug: `kitchen-${n}`, website: site.website, status: 'published', version: 1 })),
      new Date(),
    );
    checker = await startPart('svc-checker/src/server.ts', {
      MONGODB_URI: db.uri,
      AMQP_URL: amqpUrl,
      AMQP_PREFIX: prefix,
      IDENTITY_SECRET: secret,
      NODE_ENV: 'production',
      CHECK_ALLOW_HOSTS: '127.0.0.1',
      CHECK_SCHEDULE_INTERVAL_MS: '3600000',
    });
    const pid = checker.child.pid!;
    console.log(`website checks: ${SITES} sites; svc-checker memory at start ${memoryMb(pid, 'VmRSS').toFixed(0)} MB`);
    const started = performance.now();
    const answer = await fetch(`${checker.url}/admin/checks/run-all`, { method: 'POST', headers: admin() });
    const answeredMs = performance.now() - started;
    const { queued } = (await answer.json()) as { queued: number };
    let status: BulkCheckStatus | null = null;
    let lastShown = 0;
    for (;;) {
      status = (await (await fetch(`${checker.url}/admin/checks/status`, { headers: admin() })).json()) as BulkCheckStatus;
      if (status.run?.finishedAt) break;
      const seconds = (performance.now() - started) / 1000;
      if (seconds - lastShown >= 10) {
        lastShown = seconds;
        console.log(`  ${seconds.toFixed(0)} s: ${status.run?.done ?? 0} / ${queued} done, ${memoryMb(pid, 'VmRSS').toFixed(0)} MB`);
      }
      if (seconds > 600) throw new Error('the run did not finish in 10 minutes');
      // The Service Utilities screen asks every 2 s while a run goes.
      await new Promise((r) => setTimeout(r, 2_000));
    }
    const totalS = (performance.now() - started) / 1000;
    const checks = await connection
      .collection('website_checks')
      .find({}, { projection: { serviceId: 1, status: 1, durationMs: 1 } })
      .toArray();
    const byStatus: Record<string, number> = {};
    let wrong = 0;
    for (const check of checks) {
      byStatus[check.status] = (byStatus[check.status] ?? 0) + 1;
      if (mix[Number.parseInt(String(check.serviceId).slice(3), 16)]!.expected !== check.status) wrong += 1;
    }
    const slowest = Math.max(...checks.map((c) => Number(c.durationMs ?? 0)));
    console.log(`Check All answered in ${answeredMs.toFixed(0)} ms ({queued: ${queued}})`);
    console.log(
      `all ${status.run!.done} checked in ${totalS.toFixed(1)} s; results: ${Object.entries(byStatus)
        .map(([k, v]) => `${v} ${k}`)
        .join(', ')}; ${checks.length} rows, ${wrong} not as expected`,
    );
    console.log(`slowest check ${(slowest / 1000).toFixed(1)} s (budget 20 s); svc-checker peak memory ${memoryMb(pid, 'VmHWM').toFixed(0)} MB, at the end ${memoryMb(pid, 'VmRSS').toFixed(0)} MB`);
  } finally {
    await checker?.stop();
    await connection.close();
    await sites.close();
    await db.stop();
    await removeBenchTopology(amqpUrl, prefix);
  }
}

await main();
