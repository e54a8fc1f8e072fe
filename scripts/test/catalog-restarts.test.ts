import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import mongoose from 'mongoose';
import { SERVICE_CSV_COLUMNS } from '@mealprep/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSiteProcess, type RunningSite } from '../../e2e/site-process';
import { callApi, listing, signInAt } from './system';

const ADMIN = 'boss@restarts.example.com';
/**
 * How soon an instance started again after a kill must be ready and serving, counted from its new
 * process (npm start waits RESTART_DELAY_MS before it, doubled for each stop in a row: its own
 * back-off against a part that fails at once, not what a start waits for).
 */
const READY_WITHIN_MS = 15_000;
/**
 * The moments of the kills: amid the writes while the instance serves; as it starts again after a
 * kill (a moment drawn between its new process and its readiness); and as it checks the seed data
 * (once the seed lease is held in the catalogue's database, which the test watches). Each round
 * first kills an instance that serves; a round of a later moment kills it again at that moment.
 */
const MOMENTS = ['serving', 'starting', 'starting', 'checking the seed data', 'checking the seed data'] as const;

/** mulberry32: a small seeded generator, so that a run's draws can be made again (KILL_SEED). */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Two svc-catalog instances as `npm start` runs them (INSTANCES_SVC_CATALOG=2, each started again
 * by it when it stops), one killed (SIGKILL) at a time at moments a seeded draw picks, while owners
 * save their listings, visitors write and delete reviews and an admin imports listings: each is
 * back, ready and serving, within 15 s of its kill, whatever it was doing.
 */
describe('two svc-catalog instances killed at random moments of writes', () => {
  let site: RunningSite;
  let catalogDb: mongoose.Connection;
  const prefix = `restarts-${randomBytes(3).toString('hex')}`;
  const seed = Number(process.env.KILL_SEED) || Math.floor(Math.random() * 2 ** 31);
  const random = seeded(seed);
  const between = (low: number, high: number) => Math.round(low + random() * (high - low));

  beforeAll(async () => {
    site = await startSiteProcess({ INSTANCES: '1', INSTANCES_SVC_CATALOG: '2', RESTART_DELAY_MS: '100', AMQP_PREFIX: prefix, ADMIN_EMAILS: ADMIN, LOG_LEVEL: 'info' });
    catalogDb = mongoose.createConnection(site.mongodbUri, { dbName: 'catalog' });
    await catalogDb.asPromise();
  }, 300_000);
  afterAll(async () => {
    await catalogDb?.close();
    await site?.stop();
  }, 60_000);

  /** The process npm start runs as the instance on this port now (a new one once it started it again), or null while there is none: one of its children. */
  const processOn = (port: string): number | null => {
    const tasks = `/proc/${site.starterPid}/task`;
    const children = readdirSync(tasks).flatMap((task) => {
      try {
        return readFileSync(`${tasks}/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
      } catch {
        return []; // a thread that ended meanwhile
      }
    });
    for (const child of children) {
      try {
        // A process killed and not yet reaped by npm start has no command line left.
        if (!readFileSync(`/proc/${child}/cmdline`, 'utf8').includes('svc-catalog/src/server.ts')) continue;
        if (readFileSync(`/proc/${child}/environ`, 'utf8').split('\0').includes(`PORT=${port}`)) return Number(child);
      } catch {
        // Gone meanwhile.
      }
    }
    return null;
  };
  /** The instance's process once npm start has started it again after `killed`. */
  const nextProcess = async (port: string, killed: number) => {
    for (const deadline = Date.now() + 30_000; Date.now() < deadline; await pause(20)) {
      const pid = processOn(port);
      if (pid !== null && pid !== killed) return pid;
    }
    throw new Error(`npm start did not start the instance on port ${port} again within 30 s`);
  };
  const ready = async (url: string) => {
    try {
      const answer = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(1_000) });
      return answer.status === 200 && ((await answer.json()) as { status?: string }).status === 'ready';
    } catch {
      return false;
    }
  };
  /** How long after `since` the instance answers ready (waiting at most a minute, to tell how late it was). */
  const readyAfter = async (url: string, since: number) => {
    while (!(await ready(url))) {
      if (Date.now() - since > 60_000) return Number.POSITIVE_INFINITY;
      await pause(100);
    }
    return Date.now() - since;
  };
  /** What the instance's log says since `offset` (its new process's lines), each step with its time after `since`: where a slow start spent its time. */
  const logSince = (name: string, offset: number, since: number) =>
    readFileSync(path.join(site.dataDir, 'logs', `${name}.log`))
      .subarray(offset)
      .toString('utf8')
      .split('\n')
      .flatMap((line) => {
        try {
          const entry = JSON.parse(line) as { msg: string; time: string; requestId?: string };
          return entry.requestId ? [] : [`${entry.msg} +${((Date.parse(entry.time) - since) / 1000).toFixed(1)} s`];
        } catch {
          return [];
        }
      })
      .join(', ');
  const seedLeaseHeld = async () => (await catalogDb.collection('leases').findOne({ _id: 'seed' as never })) !== null;

  it(
    'when an instance is killed while it serves writes, as it starts again, or as it checks the seed data, then each time it is started again it is ready and serving within 15 s',
    { timeout: 400_000 },
    async () => {
      const instances = site.services['svc-catalog']!.instances.map((i) => ({ name: i.name, url: i.url, port: new URL(i.url).port }));
      expect(instances).toHaveLength(2);
      console.log(`kill moments drawn with KILL_SEED=${seed} (set it to draw them again)`);

      // The writers: two owners saving their listings, two visitors writing and deleting reviews, an admin importing.
      const gateway = site.url;
      const as = (email: string) => signInAt({ gatewayUrl: gateway, dataDir: site.dataDir }, email);
      const [admin, ...people] = await Promise.all([
        as(ADMIN),
        as(`owner-1@${prefix}.example.com`),
        as(`owner-2@${prefix}.example.com`),
        as(`visitor-1@${prefix}.example.com`),
        as(`visitor-2@${prefix}.example.com`),
      ]);
      const owners = people.slice(0, 2);
      const visitors = people.slice(2);
      const ownListings = await Promise.all(
        owners.map(async (owner, n) => {
          const created = await callApi(gateway, owner!, 'POST', '/api/catalog/services', listing(`Steady Kitchen ${n}`, `steady-${n}-${prefix}`));
          expect(created.status, created.text).toBe(201);
          return (JSON.parse(created.text) as { id: string }).id;
        }),
      );
      const published = (JSON.parse((await callApi(gateway, undefined, 'GET', '/api/catalog/services')).text) as { items: Array<{ id: string }> }).items;
      const answered: Record<string, number> = {};
      const count = (what: string, status: number) => (answered[`${what} ${status}`] = (answered[`${what} ${status}`] ?? 0) + 1);
      let writing = true;
      const saving = owners.map(async (owner, n) => {
        for (let i = 0; writing; i += 1) {
          const saved = await callApi(gateway, owner!, 'PATCH', `/api/catalog/services/${ownListings[n]}`, { tagline: `Fresh this week, take ${i}` }).catch(() => ({ status: 0 }));
          count('save', saved.status);
          await pause(150);
        }
      });
      const reviewing = visitors.map(async (visitor, n) => {
        for (let i = 0; writing; i += 1) {
          const service = published[(n * 3 + i) % published.length]!;
          const body = { rating: 4, name: `Visitor ${n}`, text: `Good meals, on time every week, take ${i}.` };
          const written = await callApi(gateway, visitor!, 'POST', `/api/catalog/services/${service.id}/reviews`, body).catch(() => ({ status: 0, text: '' }));
          count('review', written.status);
          if (written.status === 201) {
            const deleted = await callApi(gateway, visitor!, 'DELETE', `/api/catalog/reviews/${(JSON.parse(written.text) as { id: string }).id}`).catch(() => ({ status: 0 }));
            count('review delete', deleted.status);
          }
          await pause(1_000);
        }
      });
      const importing = (async () => {
        for (let i = 0; writing; i += 1) {
          const rows = Array.from({ length: 5 }, (_, r) => `Imported Kitchen ${i}-${r},imported-${prefix}-${i}-${r},Weekly meals,Keto,Austin,Texas,Yes,No,,,,,`);
          const csv = [SERVICE_CSV_COLUMNS.join(','), ...rows].join('\n');
          const imported = await callApi(gateway, admin!, 'POST', '/api/catalog/admin/import/services', csv, { raw: true, contentType: 'text/csv' }).catch(() => ({ status: 0 }));
          count('import', imported.status);
          await pause(500);
        }
      })();

      const outcomes: Array<{ said: string; ms: number }> = [];
      try {
        // Fisher-Yates with the seeded draw: the order of the moments.
        const moments: string[] = [...MOMENTS];
        for (let i = moments.length - 1; i > 0; i -= 1) {
          const j = Math.floor(random() * (i + 1));
          [moments[i], moments[j]] = [moments[j]!, moments[i]!];
        }
        for (const [round, moment] of moments.entries()) {
          const instance = instances[Math.floor(random() * instances.length)]!;
          expect(await readyAfter(instance.url, Date.now())).toBeLessThan(READY_WITHIN_MS);
          // A moment amid the writes, while it serves.
          await pause(between(200, 2_500));
          let pid = processOn(instance.port)!;
          process.kill(pid, 'SIGKILL');
          let what = 'killed while it served';
          if (moment !== 'serving') {
            // Killed again as it starts after that kill.
            const restarting = await nextProcess(instance.port, pid);
            if (moment === 'starting') {
              await pause(between(0, 4_000));
              what = (await ready(instance.url)) ? 'killed again once it served (the moment drawn fell after its start)' : 'killed again while it started';
            } else {
              const deadline = Date.now() + 60_000;
              let held = await seedLeaseHeld();
              while (!held && Date.now() < deadline && !(await ready(instance.url))) {
                await pause(15);
                held = await seedLeaseHeld();
              }
              what = held ? 'killed again while it held the seed lease' : 'killed again once it served (it checked the seed data between two looks)';
            }
            pid = restarting;
            process.kill(pid, 'SIGKILL');
          }
          await nextProcess(instance.port, pid);
          const startedAt = Date.now();
          const logged = statSync(path.join(site.dataDir, 'logs', `${instance.name}.log`)).size;
          const ms = await readyAfter(instance.url, startedAt);
          outcomes.push({
            said: `round ${round + 1}: ${instance.name} ${what}; started again, ${ms < Number.POSITIVE_INFINITY ? `ready after ${(ms / 1000).toFixed(1)} s` : 'not ready within a minute'} (${logSince(instance.name, logged, startedAt)})`,
            ms,
          });
          // Ready, and it serves reads again.
          if (ms < Number.POSITIVE_INFINITY) expect((await fetch(`${instance.url}/regions`)).status).toBe(200);
        }
      } finally {
        writing = false;
        await Promise.allSettled([...saving, ...reviewing, importing]);
        console.log([...outcomes.map((o) => o.said), `answers to the writes: ${JSON.stringify(answered)}`].join('\n'));
      }
      expect(outcomes.filter((o) => o.ms > READY_WITHIN_MS).map((o) => o.said)).toEqual([]);
      // The writes went on through the kills.
      expect(answered['save 200'] ?? 0).toBeGreaterThan(0);
      expect(answered['review 201'] ?? 0).toBeGreaterThan(0);
      expect(answered['import 200'] ?? 0).toBeGreaterThan(0);
    },
  );
});
