/**
 * Sends the pages' insight reports of bench/insights.ts from a process of its own, started once
 * before the runs (its start-up would otherwise fall in a run): each line `run <firstVisitor>` on
 * its input sends `perSecond` events a second for `seconds`, as reports of 10 listings each, every
 * report from a visitor of its own (so none is a repeat), and prints what was accepted and refused
 * as one line of JSON. It prints `ready` once it can start.
 * Run: npx tsx bench/lib/insight-reports.ts <origin> <perSecond> <seconds> <id,id,…>
 */
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { Pool } from 'undici';

const PER_REPORT = 10;
const [origin, perSecondArg, secondsArg, idsArg] = process.argv.slice(2);
const perSecond = Number(perSecondArg);
const seconds = Number(secondsArg);
const ids = (idsArg ?? '').split(',').filter(Boolean);
if (!origin || !perSecond || !seconds || ids.length === 0) throw new Error('usage: insight-reports.ts <origin> <perSecond> <seconds> <id,id,…>');
const pool = new Pool(origin, { connections: 20, pipelining: 1 });

async function run(firstVisitor: number) {
  // Spread evenly over each second, as independent visitors' pages send them (10 at once every
  // 100 ms made the gateway handle them in bursts, and the visitors' requests waited behind each burst).
  const reports = (perSecond / PER_REPORT) * seconds;
  const gapMs = (1000 * PER_REPORT) / perSecond;
  let sent = 0;
  let refused = 0;
  const inFlight: Array<Promise<void>> = [];
  const started = performance.now();
  for (let i = 0; i < reports; i += 1) {
    const wait = started + i * gapMs - performance.now();
    if (wait > 0) await sleep(wait);
    const visitor = firstVisitor + i;
    const serviceIds = Array.from({ length: PER_REPORT }, (_, k) => ids[(visitor * PER_REPORT + k) % ids.length]!);
    inFlight.push(
      pool
        .request({
          method: 'POST',
          path: '/api/catalog/insights/events',
          headers: { 'content-type': 'application/json', 'user-agent': `Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.${visitor}` },
          body: JSON.stringify({ metric: 'search', serviceIds }),
        })
        .then(async (answer) => {
          const body = (await answer.body.json()) as { counted?: number };
          if (answer.statusCode === 202) sent += body.counted ?? 0;
          else refused += PER_REPORT;
        })
        .catch(() => void (refused += PER_REPORT)),
    );
  }
  await Promise.all(inFlight);
  return { sent, refused, reports, seconds: (performance.now() - started) / 1000 };
}

process.stdout.write('ready\n');
for await (const line of createInterface({ input: process.stdin })) {
  const [command, first] = line.split(' ');
  if (command !== 'run') break;
  process.stdout.write(`${JSON.stringify(await run(Number(first)))}\n`);
}
await pool.close();
